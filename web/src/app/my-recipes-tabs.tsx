import { NavLink } from "react-router";
import { t } from "../lib/i18n";

/** The tabs of My Recipes: the cook's own recipes and their collections. */
export function MyRecipesTabs() {
  return (
    <nav className="page-tabs" aria-label={t("app.myRecipesTabs.label")}>
      <NavLink to="/recipes" end className="page-tab">
        {t("app.myRecipesTabs.recipes")}
      </NavLink>
      <NavLink to="/recipes/collections" className="page-tab">
        {t("app.myRecipesTabs.collections")}
      </NavLink>
    </nav>
  );
}
