import type { PlannerEntry } from "@potluck/contract";
import { type Day, SLOT_LABELS, type Slot, weekdayName } from "./week";

/** Where Fill the gaps draws its recipes from. */
export type GapSource = "mine" | "tag" | "collection";

/** The days of `days` with nothing in `slot`: the gaps the server was asked to fill. */
export const emptyDays = (entries: PlannerEntry[], days: Day[], slot: Slot): Day[] =>
  days.filter((day) => !entries.some((entry) => entry.date === day && entry.slot === slot));

/** "Sunday", "Saturday and Sunday", "Friday, Saturday and Sunday". */
const dayList = (days: Day[]): string => {
  const names = days.map(weekdayName);
  const last = names.pop() ?? "";
  return names.length > 0 ? `${names.join(", ")} and ${last}` : last;
};

const WHOSE: Record<GapSource, string> = {
  mine: "every one of your recipes",
  tag: "every recipe with that tag",
  collection: "every recipe in that collection",
};

/**
 * What Fill the gaps says when the server proposed nothing. It said "every slot is planned" for
 * both reasons, and a cook whose few recipes were all on this week's Monday to Thursday read it
 * with Friday to Sunday empty on the screen. There are two reasons, told apart by the week's own
 * entries: no gap in that meal, or no recipe left that wasn't planned within two weeks of one.
 */
export function nothingToProposeText(empty: Day[], slot: Slot, source: GapSource): string {
  const meal = SLOT_LABELS[slot].toLowerCase();
  if (empty.length === 0) return `Every ${meal} of this week is planned.`;
  const whose = WHOSE[source];
  return `${dayList(empty)} ${empty.length === 1 ? "has" : "have"} no ${meal} yet, but ${whose} is planned within two weeks of ${empty.length === 1 ? "it" : "them"}, or there are none yet. Try other recipes: ${source === "mine" ? "a tag or one of your collections" : "your own, a tag or a collection"}.`;
}
