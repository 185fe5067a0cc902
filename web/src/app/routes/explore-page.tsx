import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FilterBar } from "../../features/recipe-filters/components/filter-bar";
import { noMatchesFor } from "../../features/recipe-filters/components/no-matches";
import { useRecipeFilters } from "../../features/recipe-filters/use-recipe-filters";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { useDebouncedValue } from "../../features/recipes/use-debounced-value";
import { t } from "../../lib/i18n";
import { tRich } from "../../lib/i18n/rich";
import { useDocumentTitle } from "../../lib/use-document-title";

export const SEARCH_DEBOUNCE_MS = 500;
export const MIN_SEARCH_LENGTH = 2;

export default function ExplorePage() {
  useDocumentTitle(t("app.explore.title"));
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
        <h1>{t("app.explore.heading")}</h1>
      </div>
      <search className="explore-search">
        <label htmlFor="explore-search" className="label">
          {t("app.explore.searchLabel")}
        </label>
        <input
          id="explore-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("app.explore.searchPlaceholder")}
          aria-describedby="explore-search-hint"
          autoComplete="off"
        />
        <p id="explore-search-hint" className="hint">
          {t("app.explore.searchHint", { count: MIN_SEARCH_LENGTH })}
        </p>
      </search>
      <FilterBar filters={filters} onChange={setFilters} />
      <p className="explore-status status-text" role="status">
        {searching
          ? urlSearch
            ? t("app.explore.searching", { search: urlSearch })
            : t("app.explore.filtering")
          : ""}
      </p>
      {didYouMean && !tooShort && (
        <p className="did-you-mean">
          {tRich("app.explore.didYouMean", {
            suggestion: didYouMean,
            link: (chunks) => <Link to={correctedSearch()}>{chunks}</Link>,
          })}
        </p>
      )}
      {tooShort ? null : (
        <div className={searching ? "is-searching" : undefined} aria-busy={searching}>
          <RecipeGrid
            query={query}
            emptyText={t("app.explore.empty")}
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
                    aria-label={t("app.recipeCard.readMoreLabel", { title: recipe.title })}
                  >
                    {t("app.recipeCard.readMore")}
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
