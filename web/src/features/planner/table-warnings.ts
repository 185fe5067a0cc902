import type { TableWarning } from "@potluck/contract";

/** One thing a meal holds that does not suit some of its eaters, with their names. */
export interface WarningGroup {
  key: string;
  kind: TableWarning["kind"];
  allergen: TableWarning["allergen"];
  diet: TableWarning["diet"];
  ingredient: TableWarning["ingredient"];
  /** Who it does not suit, in the order the server named them (the table's). */
  names: string[];
  /** Their ids, alongside. */
  people: number[];
}

/** The gravest first: an allergen it holds, one it may hold, a diet it breaks, a dislike. */
const ORDER: TableWarning["kind"][] = ["allergen", "may_contain", "diet", "dislike"];

/**
 * A meal's warnings, one per thing rather than per person ("Contains peanuts — Mia and Leo"),
 * so a card stays short: the gravest kind first, each kind in the order it was first named.
 */
export function groupWarnings(warnings: readonly TableWarning[]): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const warning of warnings) {
    const key = `${warning.kind}|${warning.allergen ?? ""}|${warning.diet ?? ""}|${warning.ingredient?.id ?? ""}`;
    const group = groups.get(key);
    if (group) {
      if (!group.people.includes(warning.person_id)) {
        group.people.push(warning.person_id);
        group.names.push(warning.name);
      }
    } else {
      const { kind, allergen, diet, ingredient, name, person_id } = warning;
      groups.set(key, {
        key,
        kind,
        allergen,
        diet,
        ingredient,
        names: [name],
        people: [person_id],
      });
    }
  }
  return [...groups.values()].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
