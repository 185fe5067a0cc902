import type { PlannerEntry } from "@potluck/contract";
import { t } from "../../lib/i18n";
import { type Day, dateLocale, type Slot, weekdayName } from "./week";

/** Where Fill the gaps draws its recipes from. */
export type GapSource = "mine" | "tag" | "collection";

/** The days of `days` with nothing in `slot`: the gaps the server was asked to fill. */
export const emptyDays = (entries: PlannerEntry[], days: Day[], slot: Slot): Day[] =>
  days.filter((day) => !entries.some((entry) => entry.date === day && entry.slot === slot));

/** "Sunday", "Saturday and Sunday", "Friday, Saturday and Sunday", in the reader's language. */
const dayList = (days: Day[]): string =>
  new Intl.ListFormat(dateLocale(), { type: "conjunction" }).format(days.map(weekdayName));

/**
 * What Fill the gaps says when the server proposed nothing. It said "every slot is planned" for
 * both reasons, and a cook whose few recipes were all on this week's Monday to Thursday read it
 * with Friday to Sunday empty on the screen. There are two reasons, told apart by the week's own
 * entries: no gap in that meal, or no recipe left that wasn't planned within two weeks of one.
 */
export function nothingToProposeText(empty: Day[], slot: Slot, source: GapSource): string {
  if (empty.length === 0) return t("planner.gaps.allPlanned", { slot });
  return t("planner.gaps.nothingToPropose", {
    why: t("planner.gaps.noneLeft", {
      days: dayList(empty),
      count: empty.length,
      slot,
      source,
    }),
    tryOthers:
      source === "mine" ? t("planner.gaps.tryOthersMine") : t("planner.gaps.tryOthersElse"),
  });
}
