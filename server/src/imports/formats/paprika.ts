import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import {
  emptyRecipe,
  httpAddress,
  type ImportedRecipe,
  minutesFromText,
  names,
  servingsFromText,
  stepsOf,
  textLines,
} from "../imported-recipe.js";
import { BadEntry, type SafeZip } from "./safe-zip.js";
import { baseName, parseJson, type RecipeSource } from "./source.js";

// Paprika 3's export: `.paprikarecipes` is a zip of `<name>.paprikarecipe` entries, each one
// recipe as gzipped JSON (a zip of plain `.paprikarecipe` files is read the same way).
// Fields: name, ingredients and directions (text, a line or paragraph each), notes,
// description, servings ("4 servings"), prep_time / cook_time / total_time ("1 hr 10 mins"),
// categories, rating (0-5 stars, 0 for none), source, source_url, photo_data (base64 JPEG),
// photos[].data, image_url.

const unzip = promisify(gunzip);
/** One recipe's JSON with its photo (base64) inflates to at most this. */
export const PAPRIKA_ENTRY_MAX_BYTES = 32 * 1024 * 1024;

export const isPaprikaEntry = (name: string) => /\.paprikarecipe$/i.test(name);

export function paprikaSource(zip: SafeZip): RecipeSource {
  const entries = zip.entries.filter((entry) => isPaprikaEntry(entry.name));
  return {
    format: "paprika",
    items: entries.map((entry) => ({
      label: baseName(entry.name),
      read: async () => readPaprika(await zip.read(entry, PAPRIKA_ENTRY_MAX_BYTES)),
    })),
    close: () => zip.close(),
  };
}

/** One `.paprikarecipe`: gzipped JSON (or plain JSON). */
export async function readPaprika(bytes: Buffer): Promise<ImportedRecipe> {
  let json = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      json = await unzip(bytes, { maxOutputLength: PAPRIKA_ENTRY_MAX_BYTES });
    } catch (error) {
      throw new BadEntry(
        (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE"
          ? "It unpacks to more than 32 MB."
          : "It is not valid gzip data.",
      );
    }
  }
  let value: unknown;
  try {
    value = parseJson(json);
  } catch {
    throw new BadEntry("It is not valid JSON.");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new BadEntry("It is not a Paprika recipe.");
  }
  return paprikaRecipe(value as Record<string, unknown>);
}

export function paprikaRecipe(source: Record<string, unknown>): ImportedRecipe {
  const recipe = emptyRecipe(typeof source.name === "string" ? source.name : "");
  recipe.ingredients = textLines(source.ingredients);
  const steps = stepsOf(source.directions);
  recipe.sections = steps.length > 0 ? [{ name: "", steps }] : [];
  recipe.description = typeof source.description === "string" ? source.description.trim() : "";
  recipe.servings = servingsFromText(source.servings);
  recipe.prepMinutes = minutesFromText(source.prep_time);
  recipe.cookMinutes = minutesFromText(source.cook_time);
  recipe.totalMinutes = minutesFromText(source.total_time);
  recipe.keywords = names(source.categories);
  const sourceName = typeof source.source === "string" ? source.source.trim() : "";
  // Paprika's "source" is a name ("Nonna", "NYT Cooking"), or at times the address itself.
  recipe.sourceUrl = httpAddress(source.source_url) ?? httpAddress(sourceName);
  // A name is the recipe's source name, beside an address from source_url when both came.
  if (!httpAddress(sourceName)) recipe.sourceName = sourceName;
  recipe.notes = typeof source.notes === "string" ? source.notes.trim() : "";
  // 1 to 5 stars (0 is none); Potluck rates in half stars, 1 to 10.
  const stars = typeof source.rating === "number" ? Math.round(source.rating) : 0;
  if (stars >= 1 && stars <= 5) recipe.rating = stars * 2;
  const photos = Array.isArray(source.photos) ? source.photos : [];
  const photo =
    typeof source.photo_data === "string" && source.photo_data
      ? source.photo_data
      : (photos.find((p) => p && typeof p.data === "string")?.data as string | undefined);
  recipe.picture = photo ? Buffer.from(photo, "base64") : null;
  recipe.image = recipe.picture ? null : httpAddress(source.image_url);
  return recipe;
}
