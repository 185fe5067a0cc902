import { useState } from "react";
import { Link } from "react-router";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { useDebouncedValue } from "../../features/recipes/use-debounced-value";
import { useDocumentTitle } from "../../lib/use-document-title";

export const SEARCH_DEBOUNCE_MS = 500;
export const MIN_SEARCH_LENGTH = 2;

export default function ExplorePage() {
  useDocumentTitle("Explore Recipes");
  const [text, setText] = useState("");
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // One character is not a search yet: it clears the results instead of listing everything.
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_LENGTH;
  const query = useRecipeList({ search: typed }, { enabled: !tooShort, keepPrevious: true });
  // The previous results stay on screen while the new ones load: say so, and dim them.
  const searching = query.isPlaceholderData && query.isFetching;

  return (
    <section className="page">
      <div className="page-header">
        <h1>Latest Recipes</h1>
      </div>
      <search className="explore-search">
        <label htmlFor="explore-search" className="label">
          Search recipes
        </label>
        <input
          id="explore-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Title or ingredient, e.g. pancakes"
          aria-describedby="explore-search-hint"
          autoComplete="off"
        />
        <p id="explore-search-hint" className="hint">
          Type at least {MIN_SEARCH_LENGTH} characters.
        </p>
      </search>
      <p className="explore-status status-text" role="status">
        {searching ? `Searching for “${typed}”...` : ""}
      </p>
      {tooShort ? null : (
        <div className={searching ? "is-searching" : undefined} aria-busy={searching}>
          <RecipeGrid
            query={query}
            emptyText="No recipes found."
            renderCard={(recipe, index) => (
              <RecipeCard
                recipe={recipe}
                first={index === 0}
                actions={
                  <Link
                    to={`/recipe/${recipe.id}/${recipe.slug}`}
                    className="btn btn-primary btn-small"
                    aria-label={`Read More: ${recipe.title}`}
                  >
                    Read More
                  </Link>
                }
              />
            )}
          />
        </div>
      )}
    </section>
  );
}
