import type { RecipeDetail, RecipeDraft, RecipeSaved } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { LazyRichTextEditor } from "../../../components/lazy-rich-text-editor";
import { LeaveWithoutSaving } from "../../../components/leave-without-saving";
import { ErrorBox } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { useDefaultVisibility } from "../../../lib/recipe-visibility";
import { useSession } from "../../../lib/session";
import { useUnsavedChangesGuard } from "../../../lib/use-unsaved-changes-guard";
import { useCreateRecipe } from "../api/create-recipe";
import { useUpdateRecipe } from "../api/update-recipe";
import { missingForSave, saveErrorLines } from "../recipe-form-logic";
import { FIELDS_SHOWN_IN_PLACE, serverFieldErrors } from "../tags-times";
import { useRecipeForm } from "../use-recipe-form";
import { IngredientRowsEditor } from "./ingredient-rows-editor";
import { NotesField } from "./notes-field";
import { PasteIngredientLines } from "./paste-ingredient-lines";
import { RecipeDetailsFields } from "./recipe-details-fields";
import { RecipeImageField } from "./recipe-image-field";
import { RecipeImport } from "./recipe-import";
import { RecipeLanguageField } from "./recipe-language-field";
import { RecipeServingsField } from "./recipe-servings-field";
import { RecipeTitleField } from "./recipe-title-field";

interface AfterSave {
  /** Where Cancel leaves to. */
  cancelTo: string;
  /** The save's answer, once the form lets the cook leave. */
  onSaved: (saved: RecipeSaved | undefined) => void;
}

/** A new recipe: 'Import a recipe' above the form, which an import starts afresh, filled. */
export function NewRecipeForm({ cancelTo, onSaved }: AfterSave) {
  const [draft, setDraft] = useState<{ recipe: RecipeDraft; n: number } | null>(null);
  return (
    <>
      <RecipeImport onDraft={(recipe) => setDraft((last) => ({ recipe, n: (last?.n ?? 0) + 1 }))} />
      <RecipeForm
        key={draft?.n ?? 0}
        recipe={null}
        draft={draft?.recipe ?? null}
        cancelTo={cancelTo}
        onSaved={onSaved}
      />
    </>
  );
}

/** Edits `recipe`, or creates one: empty, or filled with an imported `draft`. */
export function RecipeForm({
  recipe,
  draft,
  cancelTo,
  onSaved,
}: { recipe: RecipeDetail | null; draft: RecipeDraft | null } & AfterSave) {
  const { authenticated } = useSession();
  const create = useCreateRecipe();
  const update = useUpdateRecipe();
  const save = recipe ? update : create;
  const instructionsLabel = useId();
  const defaultVisibility = useDefaultVisibility();
  const form = useRecipeForm(recipe, draft);
  const { state, dispatch, servings } = form;
  const missing = missingForSave(state.title, state.content.blank);
  const canSubmit = missing === null && !save.isPending;
  const { blocker, allowLeaving } = useUnsavedChangesGuard(form.dirty && !save.isSuccess);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const submission = form.check();
    if (!submission) return;
    const afterSave = {
      onSuccess: (saved: RecipeSaved | undefined) => {
        allowLeaving();
        onSaved(saved);
      },
    };
    if (recipe) update.mutate({ id: recipe.id, submission }, afterSave);
    else create.mutate(submission, afterSave);
  };

  return (
    <form className="form card recipe-form" onSubmit={onSubmit} noValidate>
      <RecipeTitleField
        value={state.title}
        onChange={(value) => dispatch({ type: "title", value })}
      />
      <RecipeLanguageField
        value={state.language}
        onChange={(value) => dispatch({ type: "language", value })}
        saveError={save.error}
      />
      <div className="field">
        <span className="label" id={instructionsLabel}>
          {t("recipes.form.instructions")}
        </span>
        <LazyRichTextEditor
          labelId={instructionsLabel}
          initialHtml={recipe?.content ?? draft?.content ?? ""}
          onChange={(html, blank) => dispatch({ type: "content", html, blank })}
        />
      </div>
      <NotesField
        value={state.notes}
        onChange={(value) => dispatch({ type: "notes", value })}
        error={serverFieldErrors(save.error, "notes")}
      />
      <RecipeImageField
        file={state.file}
        error={state.imageError}
        imageUrl={state.imageUrl}
        savedImage={state.removeExisting ? null : (recipe?.image ?? null)}
        onFile={(file) => dispatch({ type: "file", file })}
        onRemove={() => dispatch({ type: "remove-image" })}
        onDropImported={() => dispatch({ type: "drop-imported-image" })}
      />
      <RecipeServingsField
        value={state.servingsText}
        error={state.servingsError}
        onChange={(text) => dispatch({ type: "servings", text })}
      />
      <RecipeDetailsFields
        visibility={state.visibility ?? recipe?.visibility ?? defaultVisibility}
        onVisibility={(value) => dispatch({ type: "visibility", value })}
        tags={state.tags}
        onTags={(tags) => dispatch({ type: "tags", tags })}
        details={state.details}
        detailErrors={state.detailErrors}
        onDetail={(name, value) => dispatch({ type: "detail", name, value })}
        saveError={save.error}
      />
      <IngredientRowsEditor
        rows={state.rows}
        onChange={form.setRows}
        canCreate={authenticated}
        servings={servings}
        problems={state.problems}
      />
      <PasteIngredientLines
        servings={servings}
        onRows={(rows) => dispatch({ type: "append-rows", rows })}
      />
      {state.formError && (
        <div className="alert alert-error" role="alert">
          {state.formError}
        </div>
      )}
      {save.error && (
        <ErrorBox title={t("recipes.form.saveFailed")}>
          {boxErrorLines(save.error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </ErrorBox>
      )}
      <div className="form-actions">
        {/* Cancel leaves like any link: with unsaved changes, the cook is asked first. */}
        <Link to={cancelTo} className="btn btn-secondary">
          {t("recipes.form.cancel")}
        </Link>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!canSubmit}
          aria-describedby={missing ? "recipe-submit-hint" : undefined}
        >
          {save.isPending
            ? t("recipes.form.saving")
            : recipe
              ? t("recipes.form.update")
              : t("recipes.form.create")}
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
          question={t("recipes.form.leaveQuestion")}
          onStay={() => blocker.reset()}
          onLeave={() => blocker.proceed()}
        />
      )}
    </form>
  );
}

/** The refused save's lines for the box; tags, times and source speak under their fields. */
function boxErrorLines(error: unknown): string[] {
  const lines = saveErrorLines(error);
  const rest = lines.filter(
    (line) => !FIELDS_SHOWN_IN_PLACE.some((field) => line.startsWith(`${field}: `)),
  );
  return rest.length > 0 ? rest : [t("recipes.form.fixMarkedFields")];
}
