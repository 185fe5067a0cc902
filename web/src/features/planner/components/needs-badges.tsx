import type { PlannerPerson } from "@potluck/contract";
import { allergenName, dietName } from "../../../lib/food-names";
import { t } from "../../../lib/i18n";
import "./table.css";

/** Whether a person has anything for the kitchen to mind. */
export const hasNeeds = (person: PlannerPerson) =>
  person.allergens.length + person.diets.length + person.dislikes.length > 0;

/**
 * A person's needs as small badges, each saying what it is in words ("no peanuts",
 * "Vegetarian", "dislikes Mushroom"): allergens amber, diets green, dislikes plain. Spans, so
 * that they may sit inside a checkbox's label.
 */
export function NeedsBadges({ person }: { person: PlannerPerson }) {
  if (!hasNeeds(person)) return null;
  return (
    <span className="planner-needs">
      {person.allergens.map((allergen) => (
        <span key={allergen} className="planner-need is-allergen">
          {t("planner.table.allergenBadge", { allergen: allergenName(allergen) })}
        </span>
      ))}
      {person.diets.map((diet) => (
        <span key={diet} className="planner-need is-diet">
          {dietName(diet)}
        </span>
      ))}
      {person.dislikes.map((ingredient) => (
        <span key={ingredient.id} className="planner-need is-dislike">
          {t("planner.table.dislikeBadge", { ingredient: ingredient.name })}
        </span>
      ))}
    </span>
  );
}
