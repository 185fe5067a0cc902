import type { RecipeListItem } from "@potluck/contract";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorBox } from "../../components/status";
import { FilterBar } from "../../features/recipe-filters/components/filter-bar";
import { noMatchesFor } from "../../features/recipe-filters/components/no-matches";
import { useRecipeFilters } from "../../features/recipe-filters/use-recipe-filters";
import { useDeleteRecipe } from "../../features/recipes/api/delete-recipe";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { confirmDelete, FROM_MY_RECIPES } from "../../features/recipes/navigation";
import { reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MyRecipesTabs } from "../my-recipes-tabs";

export default function MyRecipesPage() {
  useDocumentTitle(t("app.myRecipes.title"));
  const { filters, setFilters } = useRecipeFilters();
  const query = useRecipeList({ mine: true, ...filters }, { keepPrevious: true });
  const deletion = useDeleteRecipe();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = (recipe: RecipeListItem) => {
    if (!confirmDelete(recipe.title)) return;
    setDeleteError(null);
    deletion.mutate(recipe.id, { onError: (error) => setDeleteError(reasonOf(error)) });
  };

  return (
    <section className="page">
      <MyRecipesTabs />
      <div className="page-header">
        <h1>{t("app.myRecipes.heading")}</h1>
        <div className="row">
          <Link to="/recipes/import" className="btn btn-outline">
            {t("app.myRecipes.import")}
          </Link>
          <Link to="/recipes/new" className="btn btn-primary">
            {t("app.myRecipes.create")}
          </Link>
        </div>
      </div>
      {deleteError && (
        <ErrorBox>
          <p>{t("app.myRecipes.deleteFailed")}</p>
          <p>{deleteError}</p>
        </ErrorBox>
      )}
      <FilterBar filters={filters} onChange={setFilters} visibility />
      <RecipeGrid
        query={query}
        emptyText={t("app.myRecipes.empty")}
        empty={noMatchesFor(filters, setFilters)}
        renderCard={(recipe, index) => (
          <RecipeCard
            recipe={recipe}
            to={`/recipes/${recipe.id}`}
            state={FROM_MY_RECIPES}
            first={index === 0}
            showDate
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
                {recipe.can_edit && (
                  <>
                    <Link
                      to={`/recipes/${recipe.id}/edit`}
                      className="btn btn-outline btn-small"
                      aria-label={t("app.recipeCard.editLabel", { title: recipe.title })}
                    >
                      {t("app.recipeCard.edit")}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      aria-label={t("app.recipeCard.deleteLabel", { title: recipe.title })}
                      disabled={deletion.isPending && deletion.variables === recipe.id}
                      onClick={() => onDelete(recipe)}
                    >
                      {t("app.recipeCard.delete")}
                    </button>
                  </>
                )}
              </>
            }
          />
        )}
      />
    </section>
  );
}
