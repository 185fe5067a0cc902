import type { RecipeDetail, RecipeDraft } from "@potluck/contract";
import { RECIPE_TITLE_MAX } from "@potluck/contract/limits";
import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Link, useNavigate, useParams } from "react-router";
import { LazyRichTextEditor } from "../../components/lazy-rich-text-editor";
import { LeaveWithoutSaving } from "../../components/leave-without-saving";
import { ErrorBox, Loading } from "../../components/status";
import { type RecipeSubmission, useCreateRecipe } from "../../features/recipes/api/create-recipe";
import { useRecipe } from "../../features/recipes/api/get-recipe";
import { useUpdateRecipe } from "../../features/recipes/api/update-recipe";
import { IngredientRowsEditor } from "../../features/recipes/components/ingredient-rows-editor";
import { PasteIngredientLines } from "../../features/recipes/components/paste-ingredient-lines";
import { RecipeImport } from "../../features/recipes/components/recipe-import";
import { parseId } from "../../features/recipes/format";
import {
  appendRows,
  collectIngredients,
  emptyRow,
  IMAGE_LIMIT_TEXT,
  type IngredientRow,
  imageSizeProblem,
  missingForSave,
  rowsFromLines,
  rowsFromRecipe,
  rowsSignature,
  saveErrorLines,
} from "../../features/recipes/recipe-form-logic";
import { ApiError, reasonOf } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard";

/** /recipes/new creates; /recipes/{id}/edit loads the recipe first. */
export default function RecipeFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = parseId(params.id);
  useDocumentTitle(editing ? "Edit Recipe" : "Create New Recipe");
  const recipe = useRecipe(editing ? id : null);
  // An imported recipe starts the form afresh, filled with it.
  const [draft, setDraft] = useState<{ recipe: RecipeDraft; n: number } | null>(null);
  // The editor's code starts downloading now, while the recipe loads and the cook reads the form.
  useEffect(() => {
    void LazyRichTextEditor.preload();
  }, []);

  let body: ReactNode;
  if (!editing) {
    body = (
      <>
        <RecipeImport onDraft={(recipe) => setDraft({ recipe, n: (draft?.n ?? 0) + 1 })} />
        <RecipeForm key={draft?.n ?? 0} recipe={null} draft={draft?.recipe ?? null} />
      </>
    );
  } else if (id === null) body = <ErrorBox>Recipe ID is missing.</ErrorBox>;
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
  } else body = <RecipeForm key={recipe.data.id} recipe={recipe.data} draft={null} />;

  return (
    <section className="page recipe-form-page">
      <h1>{editing ? "Edit Recipe" : "Create New Recipe"}</h1>
      {body}
    </section>
  );
}

/** Edits `recipe`, or creates one: empty, or filled with an imported `draft`. */
function RecipeForm({ recipe, draft }: { recipe: RecipeDetail | null; draft: RecipeDraft | null }) {
  const navigate = useNavigate();
  const { authenticated } = useSession();
  const create = useCreateRecipe();
  const update = useUpdateRecipe();
  const save = recipe ? update : create;
  const instructionsLabel = useId();
  const startingHtml = recipe?.content ?? draft?.content ?? "";
  const [title, setTitle] = useState(recipe?.title ?? draft?.title ?? "");
  const [content, setContent] = useState({ html: startingHtml, blank: true });
  const [initialRows] = useState<IngredientRow[]>(() => {
    if (recipe && recipe.recipe_ingredients.length > 0) return rowsFromRecipe(recipe);
    if (draft && draft.recipe_ingredients.length > 0)
      return rowsFromLines(draft.recipe_ingredients);
    return [emptyRow()];
  });
  /** The imported page's picture, fetched by the server when the recipe is saved. */
  const [imageUrl, setImageUrl] = useState(draft?.image_url ?? null);
  const [rows, setRows] = useState(initialRows);
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [removeExisting, setRemoveExisting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file) ?? (removeExisting ? null : (recipe?.image ?? null));
  const cancelTo = recipe ? `/recipes/${recipe.id}` : "/recipes";
  const missing = missingForSave(title, content.blank);
  const canSubmit = missing === null && !save.isPending;
  // The editor reports its starting HTML first (normalised): changes are measured from that.
  const [startingContent, setStartingContent] = useState<string | null>(null);
  const dirty =
    draft !== null ||
    title !== (recipe?.title ?? "") ||
    (startingContent !== null && content.html !== startingContent) ||
    rowsSignature(rows) !== rowsSignature(initialRows) ||
    file !== null ||
    removeExisting;
  const { blocker, allowLeaving } = useUnsavedChangesGuard(dirty && !save.isSuccess);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Refused here rather than after a long upload of a file the server would refuse.
    const problem = chosen ? imageSizeProblem(chosen.size) : null;
    setImageError(problem);
    if (problem) event.target.value = "";
    setFile(problem ? null : chosen);
  };
  const onRemoveImage = () => {
    setFile(null);
    // What the preview shows is what gets saved: no picture.
    if (recipe?.image) setRemoveExisting(true);
    if (fileInput.current) fileInput.current.value = "";
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const ingredients = collectIngredients(rows);
    if (!ingredients.ok) {
      setFormError(ingredients.error);
      return;
    }
    setFormError(null);
    const submission: RecipeSubmission = {
      title: title.trim(),
      content: content.html,
      recipe_ingredients: JSON.stringify(ingredients.items),
    };
    if (file) submission.image = file;
    else if (imageUrl) submission.image_url = imageUrl;
    else if (removeExisting) submission.remove_image = "true";
    const afterSave = {
      onSuccess: (saved: RecipeDetail | undefined) => {
        allowLeaving();
        navigate(saved?.id ? `/recipes/${saved.id}` : "/recipes");
      },
    };
    if (recipe) update.mutate({ id: recipe.id, submission }, afterSave);
    else create.mutate(submission, afterSave);
  };

  return (
    <form className="form card recipe-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor="recipe-title">Title</label>
        <input
          id="recipe-title"
          type="text"
          required
          maxLength={RECIPE_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="field">
        <span className="label" id={instructionsLabel}>
          Instructions
        </span>
        <LazyRichTextEditor
          labelId={instructionsLabel}
          initialHtml={startingHtml}
          onChange={(html, blank) => {
            setContent({ html, blank });
            setStartingContent((starting) => starting ?? html);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="recipe-image">Image</label>
        <input
          id="recipe-image"
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={onFile}
          aria-describedby="recipe-image-hint"
          aria-invalid={imageError !== null}
        />
        <p className="hint" id="recipe-image-hint">
          JPEG, PNG or WebP, up to {IMAGE_LIMIT_TEXT}.
        </p>
        {imageError && (
          <p className="field-error" role="alert">
            {imageError}
          </p>
        )}
        {imageUrl && !file && (
          <p className="imported-picture">
            The picture from {hostOf(imageUrl)} will be added when you save.{" "}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setImageUrl(null)}
            >
              Don't use it
            </button>
          </p>
        )}
        {preview && (
          <div className="image-preview">
            <img src={preview} alt="Preview of the recipe" />
            <button type="button" className="btn btn-secondary btn-small" onClick={onRemoveImage}>
              Remove image
            </button>
          </div>
        )}
      </div>
      <IngredientRowsEditor
        rows={rows}
        onChange={(next) => {
          setRows(next);
          setFormError(null);
        }}
        canCreate={authenticated}
      />
      <PasteIngredientLines onRows={(added) => setRows((current) => appendRows(current, added))} />
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      {save.error && (
        <ErrorBox title="Failed to save recipe.">
          {saveErrorLines(save.error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </ErrorBox>
      )}
      <div className="form-actions">
        {/* Cancel says "discard": it doesn't ask again. */}
        <Link to={cancelTo} className="btn btn-secondary" onClick={allowLeaving}>
          Cancel
        </Link>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!canSubmit}
          aria-describedby={missing ? "recipe-submit-hint" : undefined}
        >
          {save.isPending ? "Saving..." : recipe ? "Update Recipe" : "Create Recipe"}
        </button>
        {missing && (
          <p className="hint submit-hint" id="recipe-submit-hint">
            {missing}
          </p>
        )}
      </div>
      {blocker.state === "blocked" && (
        <LeaveWithoutSaving
          what="this recipe"
          onStay={() => blocker.reset()}
          onLeave={() => blocker.proceed()}
        />
      )}
    </form>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "the page";
  }
};

/** A temporary URL showing a chosen file, released when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
