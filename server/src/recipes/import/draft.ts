import {
  PARSE_LINE_MAX_LENGTH,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_TAGS_MAX,
  RECIPE_TITLE_MAX,
  type RecipeDraft,
} from "@potluck/contract";
import type { Db } from "../../db/client.js";
import { cleanHtml } from "../../http/clean-html.js";
import { parseIngredientLines } from "../../ingredients/parse-lines.js";
import type { FoundRecipe } from "./find-recipe.js";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The steps as the editor writes them: the page's description first as a paragraph, then an
 * ordered list per section, each section an H2.
 */
export function instructionsHtml(sections: FoundRecipe["sections"], description = ""): string {
  const lead = description ? `<p>${escapeHtml(description)}</p>` : "";
  const html = sections
    .map((section) => {
      const heading = section.name ? `<h2>${escapeHtml(section.name)}</h2>` : "";
      const steps = section.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("");
      return `${heading}<ol>${steps}</ol>`;
    })
    .join("");
  // The same cleaning as a submitted recipe's content, so the draft is what a save keeps.
  return cleanHtml(lead + html);
}

/** The absolute http(s) address of the picture, or null. */
function absoluteImage(image: string | null, base: string | null): string | null {
  if (!image) return null;
  try {
    const url = base ? new URL(image, base) : new URL(image);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The page's keywords as tags are stored: lower-cased, 1–30 characters, no repeats, 20 at most. */
export function draftTags(keywords: string[]): string[] {
  const tags = new Set<string>();
  for (const keyword of keywords) {
    const tag = keyword.trim().toLowerCase();
    if (tag !== "" && tag.length <= RECIPE_TAG_MAX_LENGTH) tags.add(tag);
  }
  return [...tags].slice(0, RECIPE_TAGS_MAX);
}

const inRange = (minutes: number | null) =>
  minutes !== null && minutes >= 0 && minutes <= RECIPE_MINUTES_MAX ? minutes : null;

/**
 * Preparation and cooking minutes from the page's prepTime, cookTime and totalTime. totalTime
 * is used only for what the other two leave out: with neither it becomes the cooking time
 * (the total is kept as total_minutes; a page giving only a total rarely says how it splits),
 * and with one of them the other is the rest of the total when that is more than 0.
 */
export function draftMinutes(
  recipe: Pick<FoundRecipe, "prepMinutes" | "cookMinutes" | "totalMinutes">,
) {
  let prep = inRange(recipe.prepMinutes);
  let cook = inRange(recipe.cookMinutes);
  const total = recipe.totalMinutes;
  if (total !== null) {
    if (prep === null && cook === null) cook = inRange(total);
    else if (prep === null && cook !== null && total > cook) prep = inRange(total - cook);
    else if (cook === null && prep !== null && total > prep) cook = inRange(total - prep);
  }
  return { prep_minutes: prep, cook_minutes: cook };
}

/** A heading among the ingredient lines ("For the sauce:"), not an ingredient. */
const isHeading = (line: string) => /:\s*$/.test(line) && !/\d/.test(line);

/**
 * The draft the recipe form is filled with: ingredient lines parsed and matched, their
 * quantities as the page wrote them, for the servings it states (the page's yield). The form
 * converts them to its own servings when it needs to.
 */
export async function buildDraft(
  db: Db,
  userId: number,
  recipe: FoundRecipe,
  sourceUrl: string | null,
): Promise<RecipeDraft> {
  // The parse route's limits hold for a page's lines too: at most 100, each cut to length.
  const lines = recipe.ingredients
    .filter((line) => !isHeading(line))
    .slice(0, RECIPE_INGREDIENTS_MAX)
    .map((line) => line.slice(0, PARSE_LINE_MAX_LENGTH));
  // Read in the page's language (its inLanguage or <html lang>) when it is one of the ten.
  const parsed = await parseIngredientLines(db, userId, lines, recipe.language ?? "en");
  return {
    title: recipe.name.slice(0, RECIPE_TITLE_MAX),
    content: instructionsHtml(recipe.sections, recipe.description),
    // Formats read their yield loosely: a yield that is no count of servings is none.
    servings: recipe.servings !== null && recipe.servings > 0 ? recipe.servings : null,
    image_url: absoluteImage(recipe.image, sourceUrl),
    source_url: sourceUrl,
    tags: draftTags(recipe.keywords),
    ...draftMinutes(recipe),
    language: recipe.language ?? null,
    source_nutrition: recipe.nutrition ?? null,
    // A line no ingredient matched comes as written (as_written), for the form to keep.
    recipe_ingredients: parsed.map((line) => ({
      original: line.original,
      quantity: line.quantity,
      unit: line.unit,
      ingredient: line.ingredient,
      as_written: line.as_written,
      note: line.note === "" ? null : line.note,
      optional: line.optional,
    })),
  };
}
