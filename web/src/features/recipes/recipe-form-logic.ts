import type { RecipeDetail, RecipeIngredientInput } from "@potluck/contract";
import {
  PARSE_LINES_MAX,
  RECIPE_IMAGE_MAX_BYTES,
  RECIPE_SERVINGS_DEFAULT,
  RECIPE_SERVINGS_MAX,
  RECIPE_SERVINGS_MIN,
} from "@potluck/contract/limits";
import { ApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { FORM_SERVINGS, toFormQuantity, toPerServing } from "./quantities";

/**
 * The unit select's "No unit" choice: a counted ingredient ("3 eggs", "2 lemons"). Saved as the
 * count unit ("piece"), which ingredient lines read as a plain count.
 */
export const COUNT_CHOICE = "count";

/**
 * One editable ingredient row; `quantity` is the text typed, for the recipe's servings. A row
 * kept as written has its words in `text` (and no ingredient): its quantity and unit are
 * optional.
 */
export interface IngredientRow {
  key: string;
  ingredient: { id: number; name: string } | null;
  /** A row kept as written: its words ("a handful of fresh herbs"). */
  text?: string;
  quantity: string;
  /**
   * A unit's id, COUNT_CHOICE for none (a count), or "" while not chosen (a row kept as
   * written: no unit).
   */
  unitId: string;
  /** The line it was read from (imported or pasted), shown while the row still needs the cook. */
  original?: string;
  /** How it is prepared or what else to know ("diced", "28 ounce can"); absent or "": none. */
  note?: string;
  /** Not needed to make the recipe: "(optional)", and off the shopping list. */
  optional?: boolean;
}

/**
 * The unit a row gets when the cook picks a catalogue ingredient: a usually counted one
 * (`counted`: Egg, Lemon, Onion) starts at "No unit (a count)", any other asks for a unit
 * ("Choose a unit"). A unit the cook chose (a real one) stays whatever is picked; only a row
 * still at the count or at no unit follows the ingredient.
 */
export function unitAfterPick(row: IngredientRow, ingredient: { counted?: boolean }): string {
  if (row.unitId !== "" && row.unitId !== COUNT_CHOICE) return row.unitId;
  return ingredient.counted === true ? COUNT_CHOICE : "";
}

/** How a line no ingredient matched is kept as written (the server's as_written). */
export interface LineAsWritten {
  text: string;
  quantity: number | null;
  unit: { id: number; name: string } | null;
  /** A preparation cut off its words ("sifted"), for the row's note. */
  note?: string | null;
}

/** An ingredient line as the server read it (import, paste): quantity as the form shows it. */
export interface ReadLine {
  original: string;
  quantity: number | null;
  unit: { id: number; name: string } | null;
  ingredient: { id: number; name: string } | null;
  /**
   * Set when no ingredient matched, or the one that did leaves out words of the line ("beef
   * stew meat" is not just Beef): the row it is kept as, quantity as the form shows it.
   */
  as_written?: LineAsWritten | null;
  /** What the line says beyond ingredient, unit and quantity ("diced"), for the row's note. */
  note?: string | null;
  /** The line said "(optional)". */
  optional?: boolean;
}

/** Whether a row is kept as written rather than a catalogue ingredient. */
export const isAsWritten = (row: IngredientRow): row is IngredientRow & { text: string } =>
  row.text !== undefined;

/** A quantity as the form's field shows it: at most 2 decimals, no trailing zeros. */
const quantityField = (quantity: number) => String(Number(quantity.toFixed(2)));

/** Lines the server reads at once. */
export const PASTE_LINES_MAX = PARSE_LINES_MAX;

/** The note and mark of a row read from a line (import, paste), when it has them. */
const noteOfLine = (line: ReadLine): Pick<IngredientRow, "note" | "optional"> => {
  const note = (line.as_written ? line.as_written.note : line.note)?.trim();
  return { ...(note ? { note } : {}), ...(line.optional ? { optional: true } : {}) };
};

/**
 * Rows for lines the server read. A line no ingredient matched, or matched only in part, is
 * kept as written (its words, and its amount when it has one), never dropped and never in the
 * way of saving; a line it could not fully read otherwise keeps its text for the cook.
 */
export function rowsFromLines(lines: ReadLine[]): IngredientRow[] {
  return lines.map((line) => {
    if (line.as_written) {
      const kept = line.as_written;
      return {
        key: newRowKey(),
        ingredient: null,
        text: kept.text,
        quantity: kept.quantity === null ? "" : quantityField(kept.quantity),
        unitId: kept.unit ? String(kept.unit.id) : "",
        original: line.original,
        ...noteOfLine(line),
      };
    }
    // "To taste" has no amount: its quantity stays empty (issue 34 §11: no made-up 1).
    const quantity = line.quantity !== null ? quantityField(line.quantity) : "";
    return {
      key: newRowKey(),
      ingredient: line.ingredient,
      quantity,
      unitId: line.unit ? String(line.unit.id) : "",
      original: line.original,
      ...noteOfLine(line),
    };
  });
}

/**
 * Whether a read row still needs the cook: no ingredient matched, or no amount or unit read
 * ("to taste", `toTasteUnitId`, needs no amount). A row kept as written is whole as it is.
 */
export const rowNeedsCheck = (row: IngredientRow, toTasteUnitId?: number) =>
  !isAsWritten(row) &&
  (row.ingredient === null ||
    (row.quantity.trim() === "" && !isToTaste(row, toTasteUnitId)) ||
    row.unitId === "");

/** Whether the row's unit is "to taste" (`toTasteUnitId`, once the units have loaded). */
export const isToTaste = (row: IngredientRow, toTasteUnitId?: number) =>
  toTasteUnitId !== undefined && row.unitId === String(toTasteUnitId);

/** Adds rows to the form's rows, in place of the one blank row a new form starts with. */
export const appendRows = (rows: IngredientRow[], added: IngredientRow[]): IngredientRow[] => [
  ...rows.filter((row) => !isBlank(row)),
  ...added,
];

/** The largest picture the server takes. */
export const IMAGE_MAX_BYTES = RECIPE_IMAGE_MAX_BYTES;
const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  t("recipes.image.megabytes", { size: Number((bytes / MB).toFixed(1)) });
/** "10 MB": the largest picture, as the form says it. */
export const imageLimitText = () => megabytes(IMAGE_MAX_BYTES);

/** Why a chosen picture can't be uploaded, or null when its size is fine. */
export function imageSizeProblem(bytes: number): string | null {
  if (bytes <= IMAGE_MAX_BYTES) return null;
  return t("recipes.image.tooLarge", { size: megabytes(bytes), limit: imageLimitText() });
}

/** What the recipe still needs before it can be saved, said beside the disabled button. */
export function missingForSave(title: string, instructionsBlank: boolean): string | null {
  const noTitle = title.trim() === "";
  if (noTitle && instructionsBlank) return t("recipes.form.missingTitleAndInstructions");
  if (noTitle) return t("recipes.form.missingTitle");
  if (instructionsBlank) return t("recipes.form.missingInstructions");
  return null;
}

/** The rows as what they say (not their keys), to tell whether the cook changed any. */
export function rowsSignature(rows: IngredientRow[]): string {
  return JSON.stringify(
    rows
      .filter((row) => !isBlank(row))
      .map((row) => [
        row.ingredient?.id ?? null,
        row.text ?? null,
        row.quantity.trim(),
        row.unitId,
        row.note?.trim() ?? "",
        row.optional === true,
      ]),
  );
}

/** The form's message for rows it can't save (the spec's words). */
export const incompleteRowMessage = () => t("recipes.rows.incomplete");

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export const emptyRow = (): IngredientRow => ({
  key: newRowKey(),
  ingredient: null,
  quantity: "",
  unitId: "",
});

/** The rows of a stored recipe as the form shows them: quantities for its servings. */
export function rowsFromRecipe(
  recipe: Pick<RecipeDetail, "recipe_ingredients"> & { servings?: number },
): IngredientRow[] {
  const servings = recipe.servings ?? FORM_SERVINGS;
  return recipe.recipe_ingredients.map((line) => ({
    key: newRowKey(),
    ingredient: line.ingredient && { id: line.ingredient.id, name: line.ingredient.name },
    ...(line.text !== null ? { text: line.text } : {}),
    quantity: line.quantity === null ? "" : String(toFormQuantity(line.quantity, servings)),
    unitId: line.unit ? String(line.unit.id) : "",
    // Rows of servers before notes (issue 34 §7) have neither.
    ...(line.note ? { note: line.note } : {}),
    ...(line.optional ? { optional: true } : {}),
  }));
}

const isBlank = (row: IngredientRow) =>
  row.ingredient === null &&
  !isAsWritten(row) &&
  row.quantity.trim() === "" &&
  row.unitId === "" &&
  (row.note ?? "").trim() === "";

/** A row's note and mark as submitted: a blank note is none, a row not optional says nothing. */
const extrasOf = (row: IngredientRow): { note?: string; optional?: true } => {
  const note = row.note?.trim();
  return { ...(note ? { note } : {}), ...(row.optional ? { optional: true } : {}) };
};

/** A row kept as written: quantity and unit are optional, but a unit needs a quantity. */
function asWrittenProblem(row: IngredientRow): RowField | null {
  const typed = row.quantity.trim();
  const quantity = Number(typed);
  if (typed !== "" && !(Number.isFinite(quantity) && quantity > 0)) return "quantity";
  if (typed === "" && row.unitId !== "" && row.unitId !== COUNT_CHOICE) return "quantity";
  return null;
}

/**
 * The rows to submit (per ONE serving: the typed quantity ÷ `servings`), or the spec's
 * message when a row is only partly filled. Fully empty rows are dropped. "No unit" rows are
 * saved with `countUnitId` (the "piece" unit), and are incomplete without it. A row "to
 * taste" (`toTasteUnitId`) has no quantity: none is asked for, none is sent.
 */
export function collectIngredients(
  rows: IngredientRow[],
  servings: number = FORM_SERVINGS,
  countUnitId?: number,
  toTasteUnitId?: number,
): { ok: true; items: RecipeIngredientInput[] } | { ok: false; error: string } {
  const items: RecipeIngredientInput[] = [];
  for (const row of rows) {
    if (isBlank(row)) continue;
    if (isAsWritten(row)) {
      if (asWrittenProblem(row) !== null) return { ok: false, error: incompleteRowMessage() };
      const typed = row.quantity.trim();
      const unitId = Number(row.unitId);
      // No unit, or "No unit (a count)": a quantity alone is a count.
      items.push({
        text: row.text.trim(),
        ...(typed === "" ? {} : { quantity: toPerServing(Number(typed), servings) }),
        ...(typed !== "" && Number.isInteger(unitId) && unitId > 0 ? { unit_id: unitId } : {}),
        ...extrasOf(row),
      });
      continue;
    }
    const unitId = row.unitId === COUNT_CHOICE ? (countUnitId ?? 0) : Number(row.unitId);
    if (row.ingredient && isToTaste(row, toTasteUnitId)) {
      items.push({ ingredient_id: row.ingredient.id, unit_id: unitId, ...extrasOf(row) });
      continue;
    }
    const quantity = Number(row.quantity);
    if (
      !row.ingredient ||
      row.quantity.trim() === "" ||
      !Number.isFinite(quantity) ||
      quantity <= 0 ||
      !Number.isInteger(unitId) ||
      unitId <= 0
    ) {
      return { ok: false, error: incompleteRowMessage() };
    }
    items.push({
      ingredient_id: row.ingredient.id,
      quantity: toPerServing(quantity, servings),
      unit_id: unitId,
      ...extrasOf(row),
    });
  }
  return { ok: true, items };
}

export type RowField = "ingredient" | "quantity" | "unit";

/** What a partly filled row lacks, said under it. */
export interface RowProblem {
  key: string;
  /** 1-based, as the row's labels number it. */
  n: number;
  /** The fields to mark, in the row's order. */
  fields: RowField[];
  message: string;
}

/** What a row lacks, said whole for each set of fields ("Ingredient 4: choose … and …."). */
function rowProblemMessage(n: number, fields: RowField[]): string {
  const lacks = (field: RowField) => fields.includes(field);
  if (lacks("ingredient") && lacks("quantity") && lacks("unit")) {
    return t("recipes.rows.problemAll", { n });
  }
  if (lacks("ingredient") && lacks("quantity")) {
    return t("recipes.rows.problemIngredientQuantity", { n });
  }
  if (lacks("ingredient") && lacks("unit")) return t("recipes.rows.problemIngredientUnit", { n });
  if (lacks("quantity") && lacks("unit")) return t("recipes.rows.problemQuantityUnit", { n });
  if (lacks("ingredient")) return t("recipes.rows.problemIngredient", { n });
  if (lacks("quantity")) return t("recipes.rows.problemQuantity", { n });
  return t("recipes.rows.problemUnit", { n });
}

/**
 * The partly filled rows and what each lacks (empty when every row can be saved): the rows
 * collectIngredients refuses, for the form to mark one by one.
 */
export function rowProblems(
  rows: IngredientRow[],
  countUnitId?: number,
  toTasteUnitId?: number,
): RowProblem[] {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    if (isAsWritten(row)) {
      if (asWrittenProblem(row) === null) return;
      problems.push({
        key: row.key,
        n: index + 1,
        fields: ["quantity"],
        message: t("recipes.rows.problemAsWritten", { n: index + 1 }),
      });
      return;
    }
    const quantity = Number(row.quantity);
    const fields: RowField[] = [];
    if (!row.ingredient) fields.push("ingredient");
    const noQuantity = row.quantity.trim() === "" || !Number.isFinite(quantity) || quantity <= 0;
    if (noQuantity && !isToTaste(row, toTasteUnitId)) fields.push("quantity");
    const countable = row.unitId === COUNT_CHOICE && countUnitId !== undefined;
    const unitId = Number(row.unitId);
    if (!countable && !(Number.isInteger(unitId) && unitId > 0)) fields.push("unit");
    if (fields.length === 0) return;
    problems.push({
      key: row.key,
      n: index + 1,
      fields,
      message: rowProblemMessage(index + 1, fields),
    });
  });
  return problems;
}

/** The recipe's servings as typed: a whole number from 1 to 100, else null. */
export function parseServings(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const servings = Number(text);
  return servings >= RECIPE_SERVINGS_MIN && servings <= RECIPE_SERVINGS_MAX ? servings : null;
}

/** Why typed servings are refused. */
export const servingsProblem = () =>
  t("recipes.servings.problem", { min: RECIPE_SERVINGS_MIN, max: RECIPE_SERVINGS_MAX });

/**
 * An imported page's yield as the form's servings (a whole number in range; 4 without one),
 * and its lines' quantities for that many. The draft's quantities are for the servings it
 * states, so they stay as the page wrote them unless the yield had to be rounded or capped;
 * without a yield they are taken as written for the form's 4.
 */
export function draftForServings(draft: {
  servings: number | null;
  recipe_ingredients: ReadLine[];
}): { servings: number; lines: ReadLine[] } {
  const servings =
    draft.servings === null
      ? RECIPE_SERVINGS_DEFAULT
      : Math.min(RECIPE_SERVINGS_MAX, Math.max(RECIPE_SERVINGS_MIN, Math.round(draft.servings)));
  const from = draft.servings ?? servings;
  const forServings = (quantity: number | null) =>
    quantity === null ? null : from === servings ? quantity : (quantity * servings) / from;
  const lines = draft.recipe_ingredients.map((line) => ({
    ...line,
    quantity: forServings(line.quantity),
    as_written: line.as_written && {
      ...line.as_written,
      quantity: forServings(line.as_written.quantity),
    },
  }));
  return { servings, lines };
}

/**
 * The lines under 'Failed to save recipe.': the HTTP status and the server's detail, or
 * each field's messages as 'field: messages'.
 */
export function saveErrorLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) {
    return [error instanceof Error && error.message ? error.message : t("recipes.form.tryLater")];
  }
  const status = `${error.status}${error.statusText ? ` ${error.statusText}` : ""}`;
  const body = error.body;
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === "string") return [`${status}: ${record.detail}`];
    const fields = Object.entries(record).map(([field, messages]) => {
      const text = Array.isArray(messages) ? messages.map(String).join(" ") : String(messages);
      return `${field}: ${text}`;
    });
    if (fields.length > 0) return fields;
  }
  if (typeof body === "string" && body.trim()) return [`${status}: ${body.trim().slice(0, 200)}`];
  return [status];
}
