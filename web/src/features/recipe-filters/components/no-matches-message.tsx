import { t } from "../../../lib/i18n";
import { activeFilters } from "../active-filters";
import { NO_FILTERS, type RecipeFilters } from "../filters";
import { ingredientName } from "../ingredient-names";

/**
 * An empty filtered list: which filters to loosen, with a button taking out each one and one
 * clearing them all. Its own chunk (no-matches.tsx defers it).
 */
export function NoMatchesMessage({
  filters,
  onChange,
}: {
  filters: RecipeFilters;
  onChange: (filters: RecipeFilters) => void;
}) {
  const active = activeFilters(filters, ingredientName);
  return (
    <div className="empty-state no-matches">
      <p className="no-matches-text">
        {t("recipeFilters.noMatches.text", {
          filters: active.map((one) => one.label).join(t("recipeFilters.noMatches.separator")),
        })}
      </p>
      <ul className="no-matches-actions">
        {active.map((one) => (
          <li key={one.key}>
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => onChange(one.without)}
            >
              {t("recipeFilters.noMatches.remove", { filter: one.label })}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => onChange({ ...NO_FILTERS })}
          >
            {t("recipeFilters.clear")}
          </button>
        </li>
      </ul>
    </div>
  );
}
