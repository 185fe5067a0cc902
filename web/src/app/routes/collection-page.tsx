import { useState } from "react";
import { Link, useParams } from "react-router";
import { ErrorBox } from "../../components/status";
import { useCollections } from "../../features/collections/api/get-collections";
import { useSetRecipeInCollection } from "../../features/collections/api/set-recipe-in-collection";
import { FilterBar } from "../../features/recipe-filters/components/filter-bar";
import { noMatchesFor } from "../../features/recipe-filters/components/no-matches";
import { useRecipeFilters } from "../../features/recipe-filters/use-recipe-filters";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { recipeKeys } from "../../features/recipes/api/keys";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { parseId } from "../../features/recipes/format";
import { FROM_MY_RECIPES } from "../../features/recipes/navigation";
import { ApiError, reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MyRecipesTabs } from "../my-recipes-tabs";

/** /recipes/collections/:id: one of the cook's collections as the recipe card grid. */
export default function CollectionPage() {
  const id = parseId(useParams().id) ?? 0;
  const collections = useCollections();
  const collection = collections.data?.find((c) => c.id === id);
  const { filters, setFilters } = useRecipeFilters();
  // The collection's recipes through the recipe list with the same filters as My Recipes;
  // fresh, as a Save on a recipe's page changes it.
  const recipes = useRecipeList({ collection: id, ...filters }, { fresh: true });
  const removal = useSetRecipeInCollection();
  const [removeError, setRemoveError] = useState<string | null>(null);
  useDocumentTitle(collection?.name ?? t("app.collection.fallbackName"));
  const missing =
    (collections.isSuccess && !collection) ||
    (recipes.error instanceof ApiError && recipes.error.status === 404);

  return (
    <section className="page">
      <MyRecipesTabs />
      <p className="back-link">
        <Link to="/recipes/collections">
          <span aria-hidden="true">{t("app.common.backArrow")}</span>
          {t("app.collection.allCollections")}
        </Link>
      </p>
      {missing ? (
        <ErrorBox>{t("app.collection.missing")}</ErrorBox>
      ) : (
        <>
          <div className="page-header">
            <h1>{collection?.name ?? t("app.collection.fallbackName")}</h1>
          </div>
          {removeError && (
            <ErrorBox>
              <p>{t("app.collection.removeFailed")}</p>
              <p>{removeError}</p>
            </ErrorBox>
          )}
          <FilterBar filters={filters} onChange={setFilters} />
          <RecipeGrid
            query={recipes}
            emptyText={t("app.collection.empty")}
            empty={noMatchesFor(filters, setFilters)}
            renderCard={(recipe, index) => (
              <RecipeCard
                recipe={recipe}
                to={`/recipes/${recipe.id}`}
                state={FROM_MY_RECIPES}
                first={index === 0}
                actions={
                  <>
                    <Link
                      to={`/recipes/${recipe.id}`}
                      state={FROM_MY_RECIPES}
                      className="btn btn-primary btn-small"
                      aria-label={t("app.recipeCard.viewLabel", { title: recipe.title })}
                    >
                      {t("app.recipeCard.view")}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      aria-label={t("app.collection.removeLabel", { title: recipe.title })}
                      disabled={removal.isPending && removal.variables?.recipeId === recipe.id}
                      onClick={() => {
                        setRemoveError(null);
                        removal.mutate(
                          { collectionId: id, recipeId: recipe.id, inside: false },
                          {
                            // The recipe's page says which collections hold it, and this
                            // grid is a recipe list.
                            onSuccess: () => {
                              queryClient.invalidateQueries({
                                queryKey: recipeKeys.detail(recipe.id),
                              });
                              queryClient.invalidateQueries({ queryKey: recipeKeys.lists() });
                            },
                            onError: (error) => setRemoveError(reasonOf(error)),
                          },
                        );
                      }}
                    >
                      {t("app.collection.remove")}
                    </button>
                  </>
                }
              />
            )}
          />
        </>
      )}
    </section>
  );
}
