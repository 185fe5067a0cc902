import type { RecipeSaved } from "@potluck/contract";
import { type ReactNode, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { LazyRichTextEditor } from "../../components/lazy-rich-text-editor";
import { ErrorBox, Loading } from "../../components/status";
import { useRecipe } from "../../features/recipes/api/get-recipe";
import { NewRecipeForm, RecipeForm } from "../../features/recipes/components/recipe-form";
import { parseId } from "../../features/recipes/format";
import { ApiError, reasonOf } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /recipes/new creates; /recipes/{id}/edit loads the recipe first. */
export default function RecipeFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const editing = params.id !== undefined;
  const id = parseId(params.id);
  useDocumentTitle(editing ? "Edit Recipe" : "Create New Recipe");
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
  else if (id === null) body = <ErrorBox>Recipe ID is missing.</ErrorBox>;
  else if (recipe.isPending) body = <Loading />;
  else if (recipe.error instanceof ApiError && recipe.error.status === 404) {
    body = <ErrorBox>Recipe not found.</ErrorBox>;
  } else if (recipe.error) {
    body = (
      <ErrorBox>
        <p>Failed to load recipe.</p>
        <p>{reasonOf(recipe.error)}</p>
      </ErrorBox>
    );
  } else if (!recipe.data.can_edit) {
    body = <ErrorBox>Only the author of this recipe can edit it.</ErrorBox>;
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
      <h1>{editing ? "Edit Recipe" : "Create New Recipe"}</h1>
      {body}
    </section>
  );
}
