import type { RecipeDetail, RecipeDraft, RecipeSaved } from "@potluck/contract";
import {
  RECIPE_SERVINGS_MAX,
  RECIPE_SERVINGS_MIN,
  RECIPE_TITLE_MAX,
  type RecipeVisibility,
} from "@potluck/contract/limits";
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
import {
  IngredientRowsEditor,
  rowFieldId,
  useCountUnitId,
  useToTasteUnitId,
} from "../../features/recipes/components/ingredient-rows-editor";
import { NotesField } from "../../features/recipes/components/notes-field";
import { PasteIngredientLines } from "../../features/recipes/components/paste-ingredient-lines";
import { RecipeImport } from "../../features/recipes/components/recipe-import";
import { TagsField } from "../../features/recipes/components/tags-field";
import {
  type TimesSourceField,
  TimesSourceFields,
  type TimesSourceValues,
  timesSourceFieldId,
} from "../../features/recipes/components/times-source-fields";
import { VisibilityField } from "../../features/recipes/components/visibility-field";
import { parseId } from "../../features/recipes/format";
import {
  appendRows,
  collectIngredients,
  draftForServings,
  emptyRow,
  IMAGE_LIMIT_TEXT,
  INCOMPLETE_ROW_MESSAGE,
  type IngredientRow,
  imageSizeProblem,
  missingForSave,
  parseServings,
  type RowProblem,
  rowProblems,
  rowsFromLines,
  rowsFromRecipe,
  rowsSignature,
  SERVINGS_PROBLEM,
  saveErrorLines,
} from "../../features/recipes/recipe-form-logic";
import {
  FIELDS_SHOWN_IN_PLACE,
  MINUTES_PROBLEM,
  parseMinutes,
  SOURCE_URL_PROBLEM,
  serverFieldErrors,
  sourceUrlOk,
} from "../../features/recipes/tags-times";
import { ApiError, reasonOf } from "../../lib/api-client";
import { useDefaultVisibility } from "../../lib/recipe-visibility";
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
  // An import keeps the page's yield as the servings and its quantities as written for them.
  const [imported] = useState(() => (draft ? draftForServings(draft) : null));
  const startingServings = String(recipe?.servings ?? imported?.servings ?? 4);
  const [servingsText, setServingsText] = useState(startingServings);
  const servings = parseServings(servingsText);
  const [servingsError, setServingsError] = useState(false);
  // Sent only when chosen: a new recipe otherwise gets the cook's default (Settings).
  const defaultVisibility = useDefaultVisibility();
  const [visibility, setVisibility] = useState<RecipeVisibility | null>(null);
  // Tags, times and source: the recipe's, or an imported page's.
  const [startingTags] = useState(() => recipe?.tags ?? draft?.tags ?? []);
  const [tags, setTags] = useState(startingTags);
  const [startingDetails] = useState<TimesSourceValues>(() => ({
    prep_minutes: minutesText(recipe?.prep_minutes ?? draft?.prep_minutes),
    cook_minutes: minutesText(recipe?.cook_minutes ?? draft?.cook_minutes),
    source_url: recipe?.source_url ?? draft?.source_url ?? "",
    source_name: recipe?.source_name ?? "",
  }));
  // The cook's notes: plain text, read after the steps and never cooked as one.
  const [startingNotes] = useState(() => recipe?.notes ?? "");
  const [notes, setNotes] = useState(startingNotes);
  const [details, setDetails] = useState(startingDetails);
  const [detailErrors, setDetailErrors] = useState<Partial<Record<TimesSourceField, string>>>({});
  const [initialRows] = useState<IngredientRow[]>(() => {
    if (recipe && recipe.recipe_ingredients.length > 0) return rowsFromRecipe(recipe);
    if (imported && imported.lines.length > 0) return rowsFromLines(imported.lines);
    return [emptyRow()];
  });
  /** The imported page's picture, fetched by the server when the recipe is saved. */
  const [imageUrl, setImageUrl] = useState(draft?.image_url ?? null);
  const [rows, setRows] = useState(initialRows);
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [removeExisting, setRemoveExisting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const countUnitId = useCountUnitId();
  const toTasteUnitId = useToTasteUnitId();
  // Where a refused save sends the focus: the first field to fix (n: a new request each time).
  const [focusTarget, setFocusTarget] = useState<{ id: string; n: number } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);
  const focusField = (id: string) => setFocusTarget((last) => ({ id, n: (last?.n ?? 0) + 1 }));
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file) ?? (removeExisting ? null : (recipe?.image ?? null));
  const cancelTo = recipe ? `/recipes/${recipe.id}` : "/recipes";
  const missing = missingForSave(title, content.blank);
  const showTitleCount = title.length >= RECIPE_TITLE_MAX * TITLE_COUNT_FROM;
  const canSubmit = missing === null && !save.isPending;
  // The editor reports its starting HTML first (normalised): changes are measured from that.
  const [startingContent, setStartingContent] = useState<string | null>(null);
  const dirty =
    draft !== null ||
    title !== (recipe?.title ?? "") ||
    servingsText !== startingServings ||
    visibility !== null ||
    tags.join("\n") !== startingTags.join("\n") ||
    JSON.stringify(details) !== JSON.stringify(startingDetails) ||
    notes !== startingNotes ||
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
    if (servings === null) {
      setServingsError(true);
      focusField("recipe-servings");
      return;
    }
    const prep = parseMinutes(details.prep_minutes);
    const cook = parseMinutes(details.cook_minutes);
    const refusedDetails: Partial<Record<TimesSourceField, string>> = {};
    if (prep === undefined) refusedDetails.prep_minutes = MINUTES_PROBLEM;
    if (cook === undefined) refusedDetails.cook_minutes = MINUTES_PROBLEM;
    if (!sourceUrlOk(details.source_url)) refusedDetails.source_url = SOURCE_URL_PROBLEM;
    setDetailErrors(refusedDetails);
    const firstRefused = (Object.keys(refusedDetails) as TimesSourceField[])[0];
    if (firstRefused) {
      focusField(timesSourceFieldId(firstRefused) ?? "recipe-source-url");
      return;
    }
    const refused = rowProblems(rows, countUnitId, toTasteUnitId);
    const ingredients = collectIngredients(rows, servings, countUnitId, toTasteUnitId);
    if (!ingredients.ok || refused.length > 0) {
      setFormError(ingredients.ok ? INCOMPLETE_ROW_MESSAGE : ingredients.error);
      setProblems(refused);
      const first = refused[0];
      if (first) focusField(rowFieldId(first.key, first.fields[0] ?? "ingredient"));
      return;
    }
    setFormError(null);
    setProblems([]);
    const submission: RecipeSubmission = {
      title: title.trim(),
      content: content.html,
      servings: String(servings),
      recipe_ingredients: JSON.stringify(ingredients.items),
      visibility: visibility ?? undefined,
      tags: JSON.stringify(tags),
      prep_minutes: prep == null ? "" : String(prep),
      cook_minutes: cook == null ? "" : String(cook),
      source_url: details.source_url.trim(),
      source_name: details.source_name.trim(),
      notes: notes.trim(),
    };
    if (file) submission.image = file;
    else if (imageUrl) submission.image_url = imageUrl;
    else if (removeExisting) submission.remove_image = "true";
    const afterSave = {
      onSuccess: (saved: RecipeSaved | undefined) => {
        allowLeaving();
        // A picture the server could not fetch or use: the recipe page says so (issue 34 §8).
        const state = saved?.image_warning ? { imageWarning: saved.image_warning } : undefined;
        navigate(saved?.id ? `/recipes/${saved.id}` : "/recipes", { state });
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
          aria-describedby={showTitleCount ? "recipe-title-count" : undefined}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        {showTitleCount && <TitleCount length={title.length} />}
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
      <NotesField
        value={notes}
        onChange={setNotes}
        error={serverFieldErrors(save.error, "notes")}
      />
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
      <div className="field recipe-servings">
        <label htmlFor="recipe-servings">Servings</label>
        <input
          id="recipe-servings"
          type="number"
          inputMode="numeric"
          min={RECIPE_SERVINGS_MIN}
          max={RECIPE_SERVINGS_MAX}
          step={1}
          value={servingsText}
          aria-invalid={servingsError || undefined}
          aria-describedby={servingsError ? "recipe-servings-error" : "recipe-servings-hint"}
          onChange={(event) => {
            setServingsText(event.target.value);
            setServingsError(false);
          }}
        />
        <p className="hint" id="recipe-servings-hint">
          How many the recipe makes as written; the recipe page starts at this many guests.
        </p>
        {servingsError && (
          <p className="field-error" id="recipe-servings-error">
            {SERVINGS_PROBLEM}
          </p>
        )}
      </div>
      <VisibilityField
        value={visibility ?? recipe?.visibility ?? defaultVisibility}
        onChange={setVisibility}
      />
      <TagsField
        tags={tags}
        onChange={setTags}
        serverErrors={serverFieldErrors(save.error, "tags")}
      />
      <TimesSourceFields
        values={details}
        onChange={(name, value) => {
          setDetails((current) => ({ ...current, [name]: value }));
          setDetailErrors((current) => ({ ...current, [name]: undefined }));
        }}
        errors={{
          prep_minutes:
            detailErrors.prep_minutes ?? serverFieldErrors(save.error, "prep_minutes").join(" "),
          cook_minutes:
            detailErrors.cook_minutes ?? serverFieldErrors(save.error, "cook_minutes").join(" "),
          source_url:
            detailErrors.source_url ?? serverFieldErrors(save.error, "source_url").join(" "),
          source_name: serverFieldErrors(save.error, "source_name").join(" "),
        }}
      />
      <IngredientRowsEditor
        rows={rows}
        onChange={(next) => {
          setRows(next);
          setFormError(null);
          // A marked row says what it still lacks as the cook fixes it, and is unmarked once whole.
          setProblems((marked) => {
            if (marked.length === 0) return marked;
            const keys = new Set(marked.map((problem) => problem.key));
            return rowProblems(next, countUnitId, toTasteUnitId).filter((problem) =>
              keys.has(problem.key),
            );
          });
        }}
        canCreate={authenticated}
        servings={servings}
        problems={problems}
      />
      <PasteIngredientLines
        servings={servings}
        onRows={(added) => setRows((current) => appendRows(current, added))}
      />
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      {save.error && (
        <ErrorBox title="Failed to save recipe.">
          {boxErrorLines(save.error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </ErrorBox>
      )}
      <div className="form-actions">
        {/* Cancel leaves like any link: with unsaved changes, the cook is asked first. */}
        <Link to={cancelTo} className="btn btn-secondary">
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

/** The title's length shows from this share of the limit on. */
const TITLE_COUNT_FROM = 0.8;

/** "180/200" under the title as it nears the limit; at the limit, says so. */
function TitleCount({ length }: { length: number }) {
  const full = length >= RECIPE_TITLE_MAX;
  return (
    <p
      className={full ? "hint char-count char-count-full" : "hint char-count"}
      id="recipe-title-count"
    >
      {length}/{RECIPE_TITLE_MAX}
      {full && <span role="status"> That's the longest a title can be.</span>}
    </p>
  );
}

/** A recipe's minutes in its number field: empty when it doesn't say. */
const minutesText = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? "" : String(minutes);

/** The refused save's lines for the box; tags, times and source speak under their fields. */
function boxErrorLines(error: unknown): string[] {
  const lines = saveErrorLines(error);
  const rest = lines.filter(
    (line) => !FIELDS_SHOWN_IN_PLACE.some((field) => line.startsWith(`${field}: `)),
  );
  return rest.length > 0 ? rest : ["Please fix the fields marked above."];
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
