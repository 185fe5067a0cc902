import { NavLink } from "react-router";

/** The tabs of My Recipes: the cook's own recipes and their collections. */
export function MyRecipesTabs() {
  return (
    <nav className="page-tabs" aria-label="My Recipes">
      <NavLink to="/recipes" end className="page-tab">
        My recipes
      </NavLink>
      <NavLink to="/recipes/collections" className="page-tab">
        Collections
      </NavLink>
    </nav>
  );
}
