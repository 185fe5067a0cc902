import type { PlannerEntry } from "@potluck/contract";
import { allergenName, dietName } from "../../../lib/food-names";
import { formattingLocale, localized, t } from "../../../lib/i18n";
import { eatersOf } from "../table-nutrition";
import { groupWarnings, type WarningGroup } from "../table-warnings";

/** "vegetarian": a diet's name as it reads inside a sentence ("Not vegetarian"). */
const inSentence = (name: string) =>
  name.charAt(0).toLocaleLowerCase(formattingLocale()) + name.slice(1);

/**
 * "Mia and Leo", as the reader's language joins names. (lib/i18n/format.ts has formatList, but
 * that module is in the file every page loads: using it there would add it to all of them.)
 */
const joinNames = (names: string[]) =>
  localized(new Intl.ListFormat(formattingLocale(), { type: "conjunction" }).format(names));

/** What a warning says: "Contains peanuts — Mia", "Not vegetarian — Vera and Leo"… */
function warningText(group: WarningGroup): string {
  const names = joinNames(group.names);
  switch (group.kind) {
    case "allergen":
      return t("planner.table.warnAllergen", {
        allergen: group.allergen ? allergenName(group.allergen) : "",
        names,
      });
    case "diet":
      return t("planner.table.warnDiet", {
        diet: group.diet ? inSentence(dietName(group.diet)) : "",
        names,
      });
    case "dislike":
      return t("planner.table.warnDislike", {
        ingredient: group.ingredient?.name ?? "",
        names,
        count: group.names.length,
      });
    case "may_contain":
      return t("planner.table.warnMayContain", { names });
  }
}

/**
 * Under a planned recipe: who eats it when not everyone does ("Eating: 3 of 4"), and what in
 * it does not suit those who do, each with a warning sign and in words (never colour alone).
 * `table` is the ids of the planner's people, once known.
 */
export function EntryTable({
  entry,
  table,
}: {
  entry: PlannerEntry;
  table: readonly number[] | undefined;
}) {
  const groups = groupWarnings(entry.warnings);
  const eating =
    entry.eaters !== null && table
      ? t("planner.table.eating", {
          count: String(eatersOf(entry, table).length),
          total: String(table.length),
        })
      : null;
  return (
    <>
      {eating && <span className="planner-eating">{eating}</span>}
      {groups.length > 0 && (
        <ul className="planner-warnings" aria-label={t("planner.table.warnings")}>
          {groups.map((group) => (
            <li key={group.key} className="planner-warning">
              <span className="planner-warning-icon" aria-hidden="true" />
              <span>{warningText(group)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
