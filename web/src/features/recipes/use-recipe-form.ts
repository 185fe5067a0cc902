import type { RecipeDetail, RecipeDraft } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { RecipeVisibility } from "@potluck/contract/limits";
import { useCallback, useEffect, useReducer } from "react";
import { currentLanguage } from "../../lib/i18n";
import type { RecipeSubmission } from "./api/create-recipe";
import { rowFieldId, useCountUnitId, useToTasteUnitId } from "./components/ingredient-rows-editor";
import {
  type TimesSourceField,
  type TimesSourceValues,
  timesSourceFieldId,
} from "./components/times-source-fields";
import {
  appendRows,
  collectIngredients,
  draftForServings,
  emptyRow,
  type IngredientRow,
  imageSizeProblem,
  incompleteRowMessage,
  parseServings,
  type RowProblem,
  rowProblems,
  rowsFromLines,
  rowsFromRecipe,
  rowsSignature,
} from "./recipe-form-logic";
import { minutesProblem, parseMinutes, sourceUrlOk, sourceUrlProblem } from "./tags-times";

export type DetailErrors = Partial<Record<TimesSourceField, string>>;

/** Everything the recipe form holds between renders: its fields, its rows and its marks. */
export interface RecipeFormState {
  title: string;
  /** The instructions' HTML, and whether they say nothing yet. */
  content: { html: string; blank: boolean };
  /** The editor reports its starting HTML first (normalised): changes are measured from that. */
  startingContent: string | null;
  servingsText: string;
  servingsError: boolean;
  /** Sent only when chosen: a new recipe otherwise gets the cook's default (Settings). */
  visibility: RecipeVisibility | null;
  /** The language it is written in: the recipe's, an imported page's, else the cook's own. */
  language: Language;
  tags: string[];
  details: TimesSourceValues;
  detailErrors: DetailErrors;
  /** The cook's notes: plain text, read after the steps and never cooked as one. */
  notes: string;
  rows: IngredientRow[];
  /** The imported page's picture, fetched by the server when the recipe is saved. */
  imageUrl: string | null;
  /** The imported page's published nutrition, kept with the recipe as the source's. */
  sourceNutrition: RecipeDraft["source_nutrition"];
  file: File | null;
  imageError: string | null;
  /** The recipe has a picture the cook may remove. */
  hasImage: boolean;
  removeExisting: boolean;
  formError: string | null;
  problems: RowProblem[];
  /** Where a refused save sends the focus: the first field to fix (n: a new request each time). */
  focus: { id: string; n: number } | null;
  /** An imported draft fills the form: it is unsaved from the start. */
  fromDraft: boolean;
  /** The values the form started with, for "unsaved changes". */
  start: {
    title: string;
    language: Language;
    servingsText: string;
    tags: string[];
    details: TimesSourceValues;
    notes: string;
    rows: IngredientRow[];
  };
}

/** What the form changes when its checks refuse a save, or clears when they pass. */
export type FormMarks = Partial<
  Pick<RecipeFormState, "servingsError" | "detailErrors" | "formError" | "problems">
>;

export type RecipeFormAction =
  | { type: "title"; value: string }
  | { type: "content"; html: string; blank: boolean }
  | { type: "servings"; text: string }
  | { type: "visibility"; value: RecipeVisibility }
  | { type: "language"; value: Language }
  | { type: "tags"; tags: string[] }
  | { type: "detail"; name: TimesSourceField; value: string }
  | { type: "notes"; value: string }
  | { type: "rows"; rows: IngredientRow[]; countUnitId?: number; toTasteUnitId?: number }
  | { type: "append-rows"; rows: IngredientRow[] }
  | { type: "file"; file: File | null }
  | { type: "remove-image" }
  | { type: "drop-imported-image" }
  | { type: "checked"; marks: FormMarks; focus?: string };

/** A recipe's minutes in its number field: empty when it doesn't say. */
const minutesText = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? "" : String(minutes);

/** The form for `recipe`, or for a new one: empty, or filled with an imported `draft`. */
export function initialRecipeForm({
  recipe,
  draft,
}: {
  recipe: RecipeDetail | null;
  draft: RecipeDraft | null;
}): RecipeFormState {
  // An import keeps the page's yield as the servings and its quantities as written for them.
  const imported = draft ? draftForServings(draft) : null;
  const title = recipe?.title ?? draft?.title ?? "";
  const language = recipe?.language ?? draft?.language ?? currentLanguage();
  const servingsText = String(recipe?.servings ?? imported?.servings ?? 4);
  // Tags, times and source: the recipe's, or an imported page's.
  const tags = recipe?.tags ?? draft?.tags ?? [];
  const details: TimesSourceValues = {
    prep_minutes: minutesText(recipe?.prep_minutes ?? draft?.prep_minutes),
    cook_minutes: minutesText(recipe?.cook_minutes ?? draft?.cook_minutes),
    source_url: recipe?.source_url ?? draft?.source_url ?? "",
    source_name: recipe?.source_name ?? "",
  };
  const notes = recipe?.notes ?? "";
  let rows: IngredientRow[];
  if (recipe && recipe.recipe_ingredients.length > 0) rows = rowsFromRecipe(recipe);
  else if (imported && imported.lines.length > 0) rows = rowsFromLines(imported.lines);
  else rows = [emptyRow()];
  return {
    title,
    content: { html: recipe?.content ?? draft?.content ?? "", blank: true },
    startingContent: null,
    servingsText,
    servingsError: false,
    visibility: null,
    language,
    tags,
    details,
    detailErrors: {},
    notes,
    rows,
    imageUrl: draft?.image_url ?? null,
    sourceNutrition: draft?.source_nutrition ?? null,
    file: null,
    imageError: null,
    hasImage: Boolean(recipe?.image),
    removeExisting: false,
    formError: null,
    problems: [],
    focus: null,
    fromDraft: draft !== null,
    start: { title: recipe?.title ?? "", language, servingsText, tags, details, notes, rows },
  };
}

export function recipeFormReducer(
  state: RecipeFormState,
  action: RecipeFormAction,
): RecipeFormState {
  switch (action.type) {
    case "title":
      return { ...state, title: action.value };
    case "content":
      return {
        ...state,
        content: { html: action.html, blank: action.blank },
        startingContent: state.startingContent ?? action.html,
      };
    case "servings":
      return { ...state, servingsText: action.text, servingsError: false };
    case "visibility":
      return { ...state, visibility: action.value };
    case "language":
      return { ...state, language: action.value };
    case "tags":
      return { ...state, tags: action.tags };
    case "detail":
      return {
        ...state,
        details: { ...state.details, [action.name]: action.value },
        detailErrors: { ...state.detailErrors, [action.name]: undefined },
      };
    case "notes":
      return { ...state, notes: action.value };
    case "rows": {
      // A marked row says what it still lacks as the cook fixes it, and is unmarked once whole.
      const marked = state.problems;
      const keys = new Set(marked.map((problem) => problem.key));
      const problems =
        marked.length === 0
          ? marked
          : rowProblems(action.rows, action.countUnitId, action.toTasteUnitId).filter((problem) =>
              keys.has(problem.key),
            );
      return { ...state, rows: action.rows, formError: null, problems };
    }
    case "append-rows":
      return { ...state, rows: appendRows(state.rows, action.rows) };
    case "file": {
      // Refused here rather than after a long upload of a file the server would refuse.
      const problem = action.file ? imageSizeProblem(action.file.size) : null;
      return { ...state, imageError: problem, file: problem ? null : action.file };
    }
    case "remove-image":
      // What the preview shows is what gets saved: no picture.
      return { ...state, file: null, removeExisting: state.removeExisting || state.hasImage };
    case "drop-imported-image":
      return { ...state, imageUrl: null };
    case "checked":
      return {
        ...state,
        ...action.marks,
        focus: action.focus ? { id: action.focus, n: (state.focus?.n ?? 0) + 1 } : state.focus,
      };
  }
}

/** Whether leaving would lose something the cook did. */
export function recipeFormDirty(state: RecipeFormState): boolean {
  const { start } = state;
  return (
    state.fromDraft ||
    state.title !== start.title ||
    state.servingsText !== start.servingsText ||
    state.visibility !== null ||
    state.language !== start.language ||
    state.tags.join("\n") !== start.tags.join("\n") ||
    JSON.stringify(state.details) !== JSON.stringify(start.details) ||
    state.notes !== start.notes ||
    (state.startingContent !== null && state.content.html !== state.startingContent) ||
    rowsSignature(state.rows) !== rowsSignature(start.rows) ||
    state.file !== null ||
    state.removeExisting
  );
}

/**
 * The form's checks before a save, in the order the cook is told: the servings, the times and
 * source, then the rows. Either the submission, or what to mark and where to send the focus.
 */
export function checkRecipeForm(
  state: RecipeFormState,
  countUnitId?: number,
  toTasteUnitId?: number,
): { marks: FormMarks; focus?: string; submission?: RecipeSubmission } {
  const servings = parseServings(state.servingsText);
  if (servings === null) return { marks: { servingsError: true }, focus: "recipe-servings" };
  const { details } = state;
  const prep = parseMinutes(details.prep_minutes);
  const cook = parseMinutes(details.cook_minutes);
  const detailErrors: DetailErrors = {};
  if (prep === undefined) detailErrors.prep_minutes = minutesProblem();
  if (cook === undefined) detailErrors.cook_minutes = minutesProblem();
  if (!sourceUrlOk(details.source_url)) detailErrors.source_url = sourceUrlProblem();
  const firstRefused = (Object.keys(detailErrors) as TimesSourceField[])[0];
  if (firstRefused) {
    return {
      marks: { detailErrors },
      focus: timesSourceFieldId(firstRefused) ?? "recipe-source-url",
    };
  }
  const refused = rowProblems(state.rows, countUnitId, toTasteUnitId);
  const ingredients = collectIngredients(state.rows, servings, countUnitId, toTasteUnitId);
  if (!ingredients.ok || refused.length > 0) {
    const first = refused[0];
    return {
      marks: {
        detailErrors,
        formError: ingredients.ok ? incompleteRowMessage() : ingredients.error,
        problems: refused,
      },
      focus: first ? rowFieldId(first.key, first.fields[0] ?? "ingredient") : undefined,
    };
  }
  const submission: RecipeSubmission = {
    title: state.title.trim(),
    content: state.content.html,
    servings: String(servings),
    recipe_ingredients: JSON.stringify(ingredients.items),
    visibility: state.visibility ?? undefined,
    language: state.language,
    tags: JSON.stringify(state.tags),
    prep_minutes: prep == null ? "" : String(prep),
    cook_minutes: cook == null ? "" : String(cook),
    source_url: details.source_url.trim(),
    source_name: details.source_name.trim(),
    notes: state.notes.trim(),
  };
  if (state.sourceNutrition) submission.source_nutrition = JSON.stringify(state.sourceNutrition);
  if (state.file) submission.image = state.file;
  else if (state.imageUrl) submission.image_url = state.imageUrl;
  else if (state.removeExisting) submission.remove_image = "true";
  return { marks: { detailErrors, formError: null, problems: [] }, submission };
}

/**
 * The recipe form's state (one reducer), its checks and where a refused save sends the focus.
 * `check()` marks what to fix and answers null, or answers the submission to send.
 */
export function useRecipeForm(recipe: RecipeDetail | null, draft: RecipeDraft | null) {
  const [state, dispatch] = useReducer(recipeFormReducer, { recipe, draft }, initialRecipeForm);
  const countUnitId = useCountUnitId();
  const toTasteUnitId = useToTasteUnitId();
  useEffect(() => {
    if (state.focus) document.getElementById(state.focus.id)?.focus();
  }, [state.focus]);
  const setRows = useCallback(
    (rows: IngredientRow[]) => dispatch({ type: "rows", rows, countUnitId, toTasteUnitId }),
    [countUnitId, toTasteUnitId],
  );
  const check = (): RecipeSubmission | null => {
    const { marks, focus, submission } = checkRecipeForm(state, countUnitId, toTasteUnitId);
    dispatch({ type: "checked", marks, focus });
    return submission ?? null;
  };
  return {
    state,
    dispatch,
    setRows,
    check,
    servings: parseServings(state.servingsText),
    dirty: recipeFormDirty(state),
  };
}
