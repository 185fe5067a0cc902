import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FilterBar } from "../../features/recipe-filters/components/filter-bar";
import { noMatchesFor } from "../../features/recipe-filters/components/no-matches";
import { useRecipeFilters } from "../../features/recipe-filters/use-recipe-filters";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { useDebouncedValue } from "../../features/recipes/use-debounced-value";
import { useDocumentTitle } from "../../lib/use-document-title";

export const SEARCH_DEBOUNCE_MS = 500;
export const MIN_SEARCH_LENGTH = 2;

export default function ExplorePage() {
  useDocumentTitle("Explore Recipes");
  const { filters, setFilters } = useRecipeFilters();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get("search") ?? "";
  const [text, setText] = useState(urlSearch);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // One character is not a search yet: it clears the results instead of listing everything.
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_LENGTH;
  // The search is in the URL with the filters: one history entry once typing pauses. Back (the
  // URL changed from outside) puts the URL's words back into the box.
  const inUrl = useRef(urlSearch);
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (urlSearch === inUrl.current) return;
    inUrl.current = urlSearch;
    setText(urlSearch);
  }, [urlSearch]);
  useEffect(() => {
    // Only a change of the typed words writes (setParams changes with every URL).
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    if (tooShort || typed === inUrl.current) return;
    inUrl.current = typed;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (typed) next.set("search", typed);
        else next.delete("search");
        return next;
      },
      { preventScrollReset: true },
    );
  }, [typed, tooShort, setParams]);
  const query = useRecipeList(
    { search: urlSearch, ...filters },
    { enabled: !tooShort, keepPrevious: true },
  );
  // The previous results stay on screen while the new ones load: say so, and dim them.
  const searching = query.isPlaceholderData && query.isFetching;
  // The words found nothing as typed and these are the results of their corrections: offer
  // the corrected words as a search of their own (issue 34 §9).
  const didYouMean = searching ? undefined : query.data?.pages[0]?.did_you_mean;
  const correctedSearch = () => {
    const next = new URLSearchParams(params);
    if (didYouMean) next.set("search", didYouMean);
    return `?${next.toString()}`;
  };

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
      <FilterBar filters={filters} onChange={setFilters} />
      <p className="explore-status status-text" role="status">
        {searching ? (urlSearch ? `Searching for “${urlSearch}”...` : "Filtering recipes...") : ""}
      </p>
      {didYouMean && !tooShort && (
        <p className="did-you-mean">
          Did you mean <Link to={correctedSearch()}>{didYouMean}</Link>?
        </p>
      )}
      {tooShort ? null : (
        <div className={searching ? "is-searching" : undefined} aria-busy={searching}>
          <RecipeGrid
            query={query}
            emptyText="No recipes found."
            empty={noMatchesFor(filters, setFilters)}
            renderCard={(recipe, index) => (
              <RecipeCard
                recipe={recipe}
                to={`/recipe/${recipe.id}/${recipe.slug}`}
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
