import type { RecipeSaved } from "@potluck/contract";
import { type ReactNode, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { LazyRichTextEditor } from "../../components/lazy-rich-text-editor";
import { ErrorBox, Loading } from "../../components/status";
import { useRecipe } from "../../features/recipes/api/get-recipe";
import { NewRecipeForm, RecipeForm } from "../../features/recipes/components/recipe-form";
import { parseId } from "../../features/recipes/format";
import { ApiError, reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /recipes/new creates; /recipes/{id}/edit loads the recipe first. */
export default function RecipeFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const editing = params.id !== undefined;
  const id = parseId(params.id);
  const title = editing ? t("app.recipeForm.editTitle") : t("app.recipeForm.newTitle");
  useDocumentTitle(title);
  const recipe = useRecipe(editing ? id : null);
  // The editor's code starts downloading now, while the recipe loads and the cook reads the form.
  useEffect(() => {
    void LazyRichTextEditor.preload();
  }, []);

  const onSaved = (saved: RecipeSaved | undefined) => {
    // A picture the server could not fetch or use: the recipe page says so (issue 34 §8).
    const state = saved?.image_warning ? { imageWarning: saved.image_warning } : undefined;
    navigate(saved?.id ? `/recipes/${saved.id}` : "/recipes", { state });
  };

  let body: ReactNode;
  if (!editing) body = <NewRecipeForm cancelTo="/recipes" onSaved={onSaved} />;
  else if (id === null) body = <ErrorBox>{t("app.recipeForm.idMissing")}</ErrorBox>;
  else if (recipe.isPending) body = <Loading />;
  else if (recipe.error instanceof ApiError && recipe.error.status === 404) {
    body = <ErrorBox>{t("app.recipeForm.notFound")}</ErrorBox>;
  } else if (recipe.error) {
    body = (
      <ErrorBox>
        <p>{t("app.recipeForm.loadFailed")}</p>
        <p>{reasonOf(recipe.error)}</p>
      </ErrorBox>
    );
  } else if (!recipe.data.can_edit) {
    body = <ErrorBox>{t("app.recipeForm.notAuthor")}</ErrorBox>;
  } else {
    body = (
      <RecipeForm
        key={recipe.data.id}
        recipe={recipe.data}
        draft={null}
        cancelTo={`/recipes/${recipe.data.id}`}
        onSaved={onSaved}
      />
    );
  }

  return (
    <section className="page recipe-form-page">
      <h1>{title}</h1>

      {body}
    </section>
  );
}
