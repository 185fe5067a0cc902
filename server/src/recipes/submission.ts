import {
  IMPORT_URL_MAX,
  isLanguage,
  type Language,
  RECIPE_CONTENT_MAX_BYTES,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_NOTES_MAX,
  RECIPE_SERVINGS_DEFAULT,
  RECIPE_SERVINGS_MAX,
  RECIPE_SERVINGS_MIN,
  RECIPE_SOURCE_NAME_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_TAGS_MAX,
  RECIPE_TITLE_MAX,
  RECIPE_VISIBILITIES,
  type RecipeIngredientInput,
  type RecipeVisibility,
  recipeIngredientInput,
  type SourceNutrition,
  sourceNutrition as sourceNutritionSchema,
  unstorableText,
} from "@potluck/contract";
import type { FastifyRequest } from "fastify";
import { cleanHtml, isBlankHtml } from "../http/clean-html.js";
import { badRequest, HttpError } from "../http/errors.js";

/** The multipart parts of a recipe submission, as they arrived. */
export interface RawSubmission {
  fields: Map<string, string>;
  /** Fields longer than the multipart field size limit (their value is cut short). */
  truncated: Set<string>;
  /** The `image` file; absent when none was chosen (browsers send an empty part). */
  image?: Buffer;
}

export interface RecipeSubmission {
  title: string;
  /** Cleaned HTML. */
  content: string;
  /** How many it serves (1–100); undefined on an update that leaves it as it is. */
  servings?: number;
  /** Who may read it; undefined: the author's default on create, unchanged on update. */
  visibility?: RecipeVisibility;
  /** The language it is written in; undefined: the author's on create, unchanged on update. */
  language?: Language;
  /** Trimmed, lower-cased, no duplicates; undefined on an update that leaves them. */
  tags?: string[];
  /** Null: none; undefined on an update that leaves the value as it is. */
  prepMinutes?: number | null;
  cookMinutes?: number | null;
  sourceUrl?: string | null;
  /** "Nonna", trimmed; null: none; undefined on an update that leaves it as it is. */
  sourceName?: string | null;
  /** Plain text, line breaks as "\n", trimmed; null: none; undefined on an update that leaves them. */
  notes?: string | null;
  /** Undefined on an update that leaves the ingredient list as it is. */
  ingredients: RecipeIngredientInput[] | undefined;
  /** The source page's nutrition; null: none; undefined on an update that leaves it. */
  sourceNutrition?: SourceNutrition | null;
  removeImage: boolean;
  image: Buffer | undefined;
  /** A picture to fetch when no file came (`image_url`); the file wins when both did. */
  imageUrl?: string;
  /** The field a bad picture is reported under: "image_url" once the picture was fetched. */
  imageField?: "image" | "image_url";
  /** Why the picture of `image_url` was left out (image-from-url.ts withoutPicture). */
  imageWarning?: string;
}

export type FieldErrors = Record<string, string[]>;

/**
 * Reads a multipart body. A file over the size limit throws @fastify/multipart's 413
 * (`{"detail": ...}` through the error handler); a JSON or form body is a 415.
 */
export async function readMultipart(request: FastifyRequest): Promise<RawSubmission> {
  if (!request.isMultipart()) {
    throw new HttpError(415, {
      detail: `Unsupported media type "${request.headers["content-type"] ?? ""}" in request: send multipart/form-data.`,
    });
  }
  const raw: RawSubmission = { fields: new Map(), truncated: new Set() };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Always read the stream to its end: an unread file part stalls the parser.
        const data = await part.toBuffer();
        if (part.fieldname === "image" && data.length > 0) raw.image = data;
      } else {
        raw.fields.set(part.fieldname, String(part.value));
        if (part.valueTruncated) raw.truncated.add(part.fieldname);
      }
    }
  } catch (error) {
    // Size and count limits keep their 413; a body the parser cannot read is bad input.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500) throw error;
    throw badRequest("Malformed multipart body.");
  }
  return raw;
}

/**
 * Validates every field at once, so the form can show all problems together. Text that can't
 * be stored at all (NUL, lone surrogates) is refused first, with the message the JSON bodies
 * give (the contract's text()): no browser form sends it.
 */
export function validateSubmission(
  raw: RawSubmission,
  mode: "create" | "update",
): RecipeSubmission {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const [field, value] of raw.fields) {
    const problem = unstorableText(value);
    if (problem !== undefined) add(field, problem);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

  const title = raw.fields.get("title")?.trim();
  if (title === undefined) add("title", "This field is required.");
  else if (title === "") add("title", "This field may not be blank.");
  else if (title.length > RECIPE_TITLE_MAX) {
    add("title", `Ensure this field has no more than ${RECIPE_TITLE_MAX} characters.`);
  }

  const rawContent = raw.fields.get("content");
  let content = "";
  if (rawContent === undefined) add("content", "This field is required.");
  else if (raw.truncated.has("content")) add("content", contentTooLong);
  else {
    content = cleanHtml(rawContent);
    if (isBlankHtml(content)) add("content", "This field may not be blank.");
    else if (Buffer.byteLength(content, "utf8") > RECIPE_CONTENT_MAX_BYTES) {
      add("content", contentTooLong);
    }
  }

  let servings: number | undefined = mode === "create" ? RECIPE_SERVINGS_DEFAULT : undefined;
  const rawServings = raw.fields.get("servings")?.trim();
  if (rawServings !== undefined && rawServings !== "") {
    const number = Number(rawServings);
    if (!/^[+-]?\d+$/.test(rawServings)) add("servings", "A valid integer is required.");
    else if (number < RECIPE_SERVINGS_MIN) {
      add("servings", `Ensure this value is greater than or equal to ${RECIPE_SERVINGS_MIN}.`);
    } else if (number > RECIPE_SERVINGS_MAX) {
      add("servings", `Ensure this value is less than or equal to ${RECIPE_SERVINGS_MAX}.`);
    } else servings = number;
  }

  let visibility: RecipeVisibility | undefined;
  const rawVisibility = raw.fields.get("visibility")?.trim();
  if (rawVisibility !== undefined && rawVisibility !== "") {
    if ((RECIPE_VISIBILITIES as readonly string[]).includes(rawVisibility)) {
      visibility = rawVisibility as RecipeVisibility;
    } else add("visibility", `"${rawVisibility}" is not a valid choice.`);
  }

  let language: Language | undefined;
  const rawLanguage = raw.fields.get("language")?.trim();
  if (rawLanguage !== undefined && rawLanguage !== "") {
    if (isLanguage(rawLanguage)) language = rawLanguage;
    else add("language", `"${rawLanguage}" is not a valid choice.`);
  }

  let tags: string[] | undefined = mode === "create" ? [] : undefined;
  const rawTags = raw.fields.get("tags");
  if (raw.truncated.has("tags"))
    add("tags", `Ensure this field has no more than ${RECIPE_TAGS_MAX} elements.`);
  else if (rawTags !== undefined) {
    const parsed = parseTags(rawTags);
    if ("errors" in parsed) for (const message of parsed.errors) add("tags", message);
    else tags = parsed.tags;
  }

  const minutes = (field: "prep_minutes" | "cook_minutes"): number | null | undefined => {
    const value = raw.fields.get(field)?.trim();
    if (value === undefined) return mode === "create" ? null : undefined;
    if (value === "") return null;
    const number = Number(value);
    if (!/^[+-]?\d+$/.test(value)) add(field, "A valid integer is required.");
    else if (number < 0) add(field, "Ensure this value is greater than or equal to 0.");
    else if (number > RECIPE_MINUTES_MAX) {
      add(field, `Ensure this value is less than or equal to ${RECIPE_MINUTES_MAX}.`);
    } else return number;
    return undefined;
  };
  const prepMinutes = minutes("prep_minutes");
  const cookMinutes = minutes("cook_minutes");

  let sourceUrl: string | null | undefined = mode === "create" ? null : undefined;
  const rawSource = raw.fields.get("source_url")?.trim();
  if (rawSource === "") sourceUrl = null;
  else if (rawSource !== undefined) {
    if (raw.truncated.has("source_url") || rawSource.length > RECIPE_SOURCE_URL_MAX) {
      add("source_url", `Ensure this field has no more than ${RECIPE_SOURCE_URL_MAX} characters.`);
    } else if (!isHttpUrl(rawSource)) add("source_url", "Enter a valid http or https URL.");
    else sourceUrl = rawSource;
  }

  // Plain text, at most `max` characters once trimmed (line breaks as "\n"); empty is none.
  const plainText = (field: "source_name" | "notes", max: number): string | null | undefined => {
    const value = raw.fields.get(field)?.replace(/\r\n?/g, "\n").trim();
    if (value === undefined) return mode === "create" ? null : undefined;
    if (value === "") return null;
    if (raw.truncated.has(field) || value.length > max) {
      add(field, `Ensure this field has no more than ${max} characters.`);
      return undefined;
    }
    return field === "source_name" ? value.replace(/\s+/g, " ") : value;
  };
  const sourceName = plainText("source_name", RECIPE_SOURCE_NAME_MAX);
  const notes = plainText("notes", RECIPE_NOTES_MAX);

  let ingredients: RecipeIngredientInput[] | undefined = mode === "create" ? [] : undefined;
  const rawIngredients = raw.fields.get("recipe_ingredients");
  if (raw.truncated.has("recipe_ingredients")) {
    add(
      "recipe_ingredients",
      `Ensure this field has no more than ${RECIPE_INGREDIENTS_MAX} elements.`,
    );
  } else if (rawIngredients !== undefined) {
    const parsed = parseIngredientRows(rawIngredients);
    if ("errors" in parsed) for (const message of parsed.errors) add("recipe_ingredients", message);
    else ingredients = parsed.rows;
  }

  // The import draft's `source_nutrition`, sent back as JSON ("" or "null": none).
  let sourceNutrition: SourceNutrition | null | undefined = mode === "create" ? null : undefined;
  const rawNutrition = raw.fields.get("source_nutrition")?.trim();
  if (rawNutrition === "" || rawNutrition === "null") sourceNutrition = null;
  else if (rawNutrition !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(rawNutrition);
    } catch {
      json = undefined;
    }
    const parsed = sourceNutritionSchema.safeParse(json);
    if (parsed.success) sourceNutrition = parsed.data;
    else add("source_nutrition", "Not valid nutrition information.");
  }

  const removeImage = raw.fields.get("remove_image");
  if (removeImage !== undefined && !["true", "false", ""].includes(removeImage)) {
    add("remove_image", 'Must be "true" or "false".');
  }

  const imageUrl = raw.fields.get("image_url")?.trim() || undefined;
  if (imageUrl !== undefined && !raw.image && !isHttpUrl(imageUrl)) {
    add("image_url", "Enter a valid http or https URL.");
  }

  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  return {
    title: title as string,
    content,
    servings,
    visibility,
    language,
    tags,
    prepMinutes,
    cookMinutes,
    sourceUrl,
    sourceName,
    notes,
    ingredients,
    sourceNutrition,
    removeImage: removeImage === "true",
    image: raw.image,
    imageUrl: raw.image ? undefined : imageUrl,
  };
}

function isHttpUrl(text: string): boolean {
  if (text.length > Math.max(IMPORT_URL_MAX, RECIPE_SOURCE_URL_MAX) || !URL.canParse(text))
    return false;
  const { protocol } = new URL(text);
  return protocol === "http:" || protocol === "https:";
}

/**
 * The `tags` JSON string: a list of strings, each trimmed and lower-cased (1–30 characters),
 * at most 20 once duplicates are dropped; in the order first given.
 */
export function parseTags(text: string): { tags: string[] } | { errors: string[] } {
  if (text.trim() === "") return { tags: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { errors: ['Invalid JSON: send a list of strings, e.g. ["dinner", "vegan"].'] };
  }
  if (!Array.isArray(value)) return { errors: ['Expected a list of strings, e.g. ["dinner"].'] };
  const tags: string[] = [];
  const errors: string[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== "string") {
      errors.push(`Item ${index + 1}: expected a string.`);
      return;
    }
    const tag = item.trim().toLowerCase();
    if (tag === "") errors.push(`Item ${index + 1}: a tag may not be blank.`);
    else if (tag.length > RECIPE_TAG_MAX_LENGTH) {
      errors.push(
        `Item ${index + 1}: ensure a tag has no more than ${RECIPE_TAG_MAX_LENGTH} characters.`,
      );
    } else if (!tags.includes(tag)) tags.push(tag);
  });
  if (errors.length > 0) return { errors };
  if (tags.length > RECIPE_TAGS_MAX) {
    return { errors: [`Ensure this field has no more than ${RECIPE_TAGS_MAX} elements.`] };
  }
  return { tags };
}

const contentTooLong = `The instructions are too long: at most ${RECIPE_CONTENT_MAX_BYTES / 1024} KB.`;

/**
 * The `recipe_ingredients` JSON string: a list of rows, each `{ingredient_id, quantity,
 * unit_id}` or kept as written `{text, quantity?, unit_id?}` (recipeIngredientInput), with
 * quantities per ONE serving. Numbers sent as strings ("0.5") are accepted.
 */
export function parseIngredientRows(
  text: string,
): { rows: RecipeIngredientInput[] } | { errors: string[] } {
  if (text.trim() === "") return { rows: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { errors: ["Invalid JSON: send a list of {ingredient_id, quantity, unit_id}."] };
  }
  if (!Array.isArray(value)) {
    return { errors: ["Expected a list of {ingredient_id, quantity, unit_id}."] };
  }
  if (value.length > RECIPE_INGREDIENTS_MAX) {
    return { errors: [`Ensure this field has no more than ${RECIPE_INGREDIENTS_MAX} elements.`] };
  }
  const rows: RecipeIngredientInput[] = [];
  const errors: string[] = [];
  value.forEach((row: unknown, index) => {
    const result = recipeIngredientInput.safeParse(numbersFromStrings(row));
    if (result.success) rows.push(result.data);
    else {
      for (const issue of result.error.issues) {
        const field = issue.path[0] === undefined ? "" : `${String(issue.path[0])}: `;
        errors.push(`Row ${index + 1}: ${field}${issue.message}`);
      }
    }
  });
  return errors.length > 0 ? { errors } : { rows };
}

/** The number fields as numbers when sent as strings; `text` and `note` stay as written ("42"). */
function numbersFromStrings(row: unknown): unknown {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      key !== "text" &&
      key !== "note" &&
      typeof value === "string" &&
      value.trim() !== "" &&
      Number.isFinite(Number(value))
        ? Number(value)
        : value,
    ]),
  );
}
