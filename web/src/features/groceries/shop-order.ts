import type { Aisle, ShoppingItem } from "@potluck/contract";

/** Lines of one aisle, under its heading. */
export interface AisleSection {
  aisle: Aisle;
  items: ShoppingItem[];
}

/** The shopping list as the cook walks the shop: aisles in their order, then what is probably at home. */
export interface ShopSections {
  aisles: AisleSection[];
  staples: ShoppingItem[];
}

/** Consecutive lines of one aisle, staple or not: the runs the server orders within. */
const sameRun = (a: ShoppingItem, b: ShoppingItem) =>
  a.is_staple === b.is_staple && a.aisle.id === b.aisle.id;

/**
 * The server sends lines in shop order with the unchecked first within each aisle; a tick
 * made here (also offline, before any refetch) must move its line at once, so each aisle's
 * run is partitioned again, unchecked first. Stable: otherwise the server's order stands.
 */
export function uncheckedFirst(items: readonly ShoppingItem[]): ShoppingItem[] {
  const ordered: ShoppingItem[] = [];
  let run: ShoppingItem[] = [];
  const flush = () => {
    ordered.push(...run.filter((item) => !item.is_checked), ...run.filter((i) => i.is_checked));
    run = [];
  };
  for (const item of items) {
    const previous = run[run.length - 1];
    if (previous && !sameRun(previous, item)) flush();
    run.push(item);
  }
  flush();
  return ordered;
}

/**
 * Groups lines already in shop order by walking them once (decision 13): a new aisle section
 * whenever `aisle.id` changes; the staples, which the server puts last, set aside.
 */
export function shopSections(items: readonly ShoppingItem[]): ShopSections {
  const aisles: AisleSection[] = [];
  const staples: ShoppingItem[] = [];
  for (const item of uncheckedFirst(items)) {
    if (item.is_staple) {
      staples.push(item);
      continue;
    }
    const last = aisles[aisles.length - 1];
    if (last && last.aisle.id === item.aisle.id) last.items.push(item);
    else aisles.push({ aisle: item.aisle, items: [item] });
  }
  return { aisles, staples };
}

/**
 * The cook's full aisle order after moving one aisle past its neighbour on this list: up puts
 * it just before the previous aisle shown, down just after the next one shown (aisles with
 * nothing on the list are not headings, so moving past one of them would change nothing seen).
 * Unchanged when there is no neighbour that way.
 */
export function moveAisle(
  order: readonly number[],
  shown: readonly number[],
  aisleId: number,
  direction: "up" | "down",
): number[] {
  const at = shown.indexOf(aisleId);
  const neighbour = shown[direction === "up" ? at - 1 : at + 1];
  if (at === -1 || neighbour === undefined || !order.includes(neighbour)) return [...order];
  const rest = order.filter((id) => id !== aisleId);
  const target = rest.indexOf(neighbour);
  rest.splice(direction === "up" ? target : target + 1, 0, aisleId);
  return rest;
}

/**
 * The aisle sections in the cook's order as this page knows it: the same as the server's,
 * except right after a move, which shows before the lines are fetched again. Stable; an
 * aisle the order does not name keeps its place after those it does.
 */
export function inAisleOrder(
  sections: readonly AisleSection[],
  order: readonly number[] | undefined,
): AisleSection[] {
  if (!order) return [...sections];
  const rank = (section: AisleSection) => {
    const at = order.indexOf(section.aisle.id);
    return at === -1 ? order.length : at;
  };
  return [...sections].sort((a, b) => rank(a) - rank(b));
}
