import { isLanguage, RECIPE_IMAGE_MAX_BYTES } from "@potluck/contract";
import { recipesInJsonLd } from "../../recipes/import/find-recipe.js";
import {
  emptyRecipe,
  httpAddress,
  type ImportedRecipe,
  minutesFromText,
  names,
  servingsFromText,
  stepsOf,
} from "../imported-recipe.js";
import { BadEntry, type InflateBudget, SafeZip, type ZipEntry } from "./safe-zip.js";
import { baseName, type ImportedCollection, parseJson, type RecipeSource } from "./source.js";

// The archives of other recipe apps (and Potluck's own export), each read into the shape every
// recipe is saved from. Written from the apps' documentation and the shape of real exports:
// - Potluck: `potluck.json` (collections) and `recipes/<id>-<slug>.json`, schema.org JSON-LD
//   with Potluck's own fields under "potluck:recipe", pictures at the path it names;
// - Nextcloud Cookbook: a folder per recipe with `recipe.json` (schema.org) and `full.jpg`;
// - Mealie: `recipes/<slug>/<slug>.json` with `recipes/<slug>/images/original.*` (current), or
//   `recipes/<slug>.json` with `images/<slug>.*` (2021);
// - Tandoor: a zip of per-recipe zips, each with `recipe.json` and `image.*`.

const JSON_MAX_BYTES = 16 * 1024 * 1024;
const INNER_ZIP_MAX_BYTES = 64 * 1024 * 1024;
const IMAGE = /\.(jpe?g|png|webp)$/i;

async function readJson(zip: SafeZip, entry: ZipEntry): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = parseJson(await zip.read(entry, JSON_MAX_BYTES));
  } catch (error) {
    if (error instanceof BadEntry) throw error;
    throw new BadEntry("It is not valid JSON.");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new BadEntry("It is not a recipe.");
  }
  return value as Record<string, unknown>;
}

/** The picture at this entry, or null (a picture that fails to read leaves the recipe without). */
async function pictureAt(zip: SafeZip, entry: ZipEntry | undefined): Promise<Buffer | null> {
  if (!entry) return null;
  try {
    return await zip.read(entry, RECIPE_IMAGE_MAX_BYTES);
  } catch {
    return null;
  }
}

const byName = (zip: SafeZip) => new Map(zip.entries.map((entry) => [entry.name, entry]));

const sourceOf = (
  format: string,
  zip: SafeZip,
  items: { label: string; read: () => Promise<ImportedRecipe> }[],
): RecipeSource => ({ format, items, close: () => zip.close() });

// ---------- Potluck ----------

export const isPotluckExport = (names: string[]) =>
  names.includes("potluck.json") && names.some((name) => /^recipes\/[^/]+\.json$/.test(name));

export async function potluckSource(zip: SafeZip): Promise<RecipeSource> {
  const entries = byName(zip);
  const manifest = entries.get("potluck.json");
  const collections = manifest
    ? collectionsIn(await readJson(zip, manifest).catch(() => ({}) as Record<string, unknown>))
    : [];
  const recipes = zip.entries.filter((entry) => /^recipes\/[^/]+\.json$/.test(entry.name));
  // The export's own recipes, by their id in the old site ("recipes/12-soup.json"): each is put
  // in its collections as it is saved; the collections keep the other cooks' recipes for later.
  const ownIds = new Set(recipes.map((entry) => Number(/^recipes\/(\d+)-/.exec(entry.name)?.[1])));
  const collectionsOf = new Map<number, string[]>();
  for (const collection of collections) {
    for (const { id } of collection.recipes) {
      if (ownIds.has(id))
        collectionsOf.set(id, [...(collectionsOf.get(id) ?? []), collection.name]);
    }
    collection.recipes = collection.recipes.filter(({ id }) => !ownIds.has(id));
  }
  return {
    ...sourceOf(
      "potluck",
      zip,
      recipes.map((entry) => ({
        label: baseName(entry.name).replace(/^\d+-/, ""),
        read: async () => {
          const node = await readJson(zip, entry);
          const fields = node["potluck:recipe"] as Record<string, unknown> | undefined;
          if (!fields || typeof fields.title !== "string") {
            throw new BadEntry("It is not a recipe of a Potluck export.");
          }
          const [found] = recipesInJsonLd(node);
          const recipe: ImportedRecipe = {
            ...emptyRecipe(fields.title),
            ...found,
            name: fields.title,
          };
          recipe.sourceUrl = httpAddress(fields.source_url);
          // Absent from exports older than them (issue 35 §1): none.
          recipe.sourceName = typeof fields.source_name === "string" ? fields.source_name : "";
          recipe.notes = typeof fields.notes === "string" ? fields.notes : "";
          recipe.prepMinutes = typeof fields.prep_minutes === "number" ? fields.prep_minutes : null;
          recipe.cookMinutes = typeof fields.cook_minutes === "number" ? fields.cook_minutes : null;
          // Absent from exports older than it: the language the page states, else the cook's.
          if (isLanguage(fields.language)) recipe.language = fields.language;
          recipe.image = null;
          recipe.picture =
            typeof fields.image === "string"
              ? await pictureAt(zip, entries.get(fields.image))
              : null;
          recipe.exact = {
            content: typeof fields.content === "string" ? fields.content : "",
            servings: typeof fields.servings === "number" ? fields.servings : 4,
            visibility: ["public", "followers", "private"].includes(fields.visibility as string)
              ? (fields.visibility as "public" | "followers" | "private")
              : "private",
            tags: names(fields.tags)
              .map((tag) => tag.toLowerCase())
              .filter(Boolean),
            lines: Array.isArray(fields.ingredients) ? fields.ingredients : [],
            collections: typeof fields.id === "number" ? (collectionsOf.get(fields.id) ?? []) : [],
          };
          return recipe;
        },
      })),
    ),
    collections,
  };
}

/** The collections of a Potluck export's potluck.json, each with the recipe ids it held. */
function collectionsIn(manifest: Record<string, unknown>): ImportedCollection[] {
  const found: ImportedCollection[] = [];
  for (const collection of Array.isArray(manifest.collections) ? manifest.collections : []) {
    if (typeof collection?.name !== "string") continue;
    const recipes = (Array.isArray(collection.recipes) ? collection.recipes : [])
      .filter((ref: unknown) => typeof (ref as { id?: unknown })?.id === "number")
      .map((ref: { id: number; slug?: unknown; author?: unknown }) => ({
        id: ref.id,
        ...(typeof ref.slug === "string" ? { slug: ref.slug } : {}),
        ...(typeof ref.author === "string" ? { author: ref.author } : {}),
      }));
    found.push({ name: collection.name, recipes });
  }
  return found;
}

// ---------- Nextcloud Cookbook ----------

export const isNextcloudExport = (names: string[]) =>
  names.some((name) => /(^|\/)recipe\.json$/.test(name));

export function nextcloudSource(zip: SafeZip): RecipeSource {
  const entries = byName(zip);
  const recipes = zip.entries.filter((entry) => /(^|\/)recipe\.json$/.test(entry.name));
  return sourceOf(
    "nextcloud",
    zip,
    recipes.map((entry) => {
      const folder = entry.name.replace(/recipe\.json$/, "");
      return {
        label: folder.replace(/\/$/, "").split("/").pop() || "Recipe",
        read: async () => {
          const node = await readJson(zip, entry);
          const [found] = recipesInJsonLd({ "@type": "Recipe", ...node });
          if (!found) throw new BadEntry("It is not a recipe.");
          const recipe: ImportedRecipe = { ...emptyRecipe(found.name), ...found };
          recipe.sourceUrl = httpAddress(node.url);
          recipe.picture = await pictureAt(zip, entries.get(`${folder}full.jpg`));
          if (recipe.picture) recipe.image = null;
          return recipe;
        },
      };
    }),
  );
}

// ---------- Mealie ----------

const MEALIE_CURRENT = /^(?:.*\/)?recipes\/([^/]+)\/\1\.json$/;
const MEALIE_OLD = /^(?:.*\/)?recipes\/([^/]+)\.json$/;

export const isMealieExport = (names: string[]) =>
  names.some((name) => MEALIE_CURRENT.test(name) || MEALIE_OLD.test(name));

export function mealieSource(zip: SafeZip): RecipeSource {
  const recipes = zip.entries.filter(
    (entry) => MEALIE_CURRENT.test(entry.name) || MEALIE_OLD.test(entry.name),
  );
  return sourceOf(
    "mealie",
    zip,
    recipes.map((entry) => {
      const slug = (MEALIE_CURRENT.exec(entry.name) ?? MEALIE_OLD.exec(entry.name))?.[1] ?? "";
      const folder = entry.name.slice(0, entry.name.lastIndexOf("/") + 1);
      const current = MEALIE_CURRENT.test(entry.name);
      const root = current
        ? folder.replace(/recipes\/[^/]+\/$/, "")
        : folder.replace(/recipes\/$/, "");
      const picture = zip.entries.find((candidate) =>
        current
          ? candidate.name.startsWith(`${folder}images/`) &&
            IMAGE.test(candidate.name) &&
            !/min-|tiny-/.test(candidate.name)
          : candidate.name.startsWith(`${root}images/${slug}`) && IMAGE.test(candidate.name),
      );
      return {
        label: slug,
        read: async () => {
          const recipe = mealieRecipe(await readJson(zip, entry));
          recipe.picture = await pictureAt(zip, picture);
          return recipe;
        },
      };
    }),
  );
}

/**
 * One ingredient line of either Mealie: current (camelCase, `originalText` or `display`) or
 * pre-1.0 (snake_case), whose `note` holds the whole line when `disable_amount` is set.
 */
function mealieLine(line: unknown): string {
  if (typeof line === "string") return line;
  if (!line || typeof line !== "object") return "";
  const item = line as Record<string, unknown>;
  for (const key of ["originalText", "display"]) {
    if (typeof item[key] === "string" && (item[key] as string).trim()) return item[key] as string;
  }
  const note = typeof item.note === "string" ? item.note : "";
  if ((item.disable_amount ?? item.disableAmount) === true && note.trim()) return note;
  // A unit or food is `{name}` in both, a plain name in some pre-1.0 exports.
  const name = (value: unknown) =>
    typeof value === "string"
      ? value
      : value && typeof value === "object"
        ? String((value as { name?: unknown }).name ?? "")
        : "";
  return [item.quantity || "", name(item.unit), name(item.food), note]
    .map((part) => String(part).trim())
    .filter(Boolean)
    .join(" ");
}

/** The first of these fields the recipe has: Mealie before 1.0 wrote them in snake_case. */
const either = (source: Record<string, unknown>, ...keys: string[]) =>
  keys.map((key) => source[key]).find((value) => value !== undefined && value !== null);

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function mealieRecipe(source: Record<string, unknown>): ImportedRecipe {
  const recipe = emptyRecipe(typeof source.name === "string" ? source.name : "");
  recipe.description = typeof source.description === "string" ? source.description : "";
  recipe.ingredients = list(either(source, "recipeIngredient", "recipe_ingredient"))
    .map(mealieLine)
    .filter((line) => line.trim() !== "");
  const steps = list(either(source, "recipeInstructions", "recipe_instructions")).flatMap((step) =>
    stepsOf(typeof step === "string" ? step : (step as { text?: unknown })?.text),
  );
  recipe.sections = steps.length > 0 ? [{ name: "", steps }] : [];
  recipe.servings =
    servingsFromText(either(source, "recipeServings", "recipe_servings")) ??
    servingsFromText(either(source, "recipeYield", "recipe_yield"));
  recipe.prepMinutes = minutesFromText(either(source, "prepTime", "prep_time"));
  recipe.cookMinutes = minutesFromText(
    either(source, "performTime", "perform_time", "cookTime", "cook_time"),
  );
  recipe.totalMinutes = minutesFromText(either(source, "totalTime", "total_time"));
  recipe.keywords = [
    ...names(source.tags),
    ...names(either(source, "recipeCategory", "recipe_category")),
  ];
  recipe.sourceUrl = httpAddress(either(source, "orgURL", "org_url"));
  recipe.notes = list(source.notes)
    .map((note) => {
      const { title, text } = (note ?? {}) as { title?: unknown; text?: unknown };
      return [title, text].filter((part) => typeof part === "string" && part).join(": ");
    })
    .filter(Boolean)
    .join("\n\n");
  return recipe;
}

// ---------- Tandoor ----------

export const isTandoorExport = (names: string[]) =>
  names.length > 0 && names.filter((name) => /\.zip$/i.test(name)).length >= names.length / 2;

export function tandoorSource(zip: SafeZip, budget: InflateBudget): RecipeSource {
  const recipes = zip.entries.filter((entry) => /\.zip$/i.test(entry.name));
  return sourceOf(
    "tandoor",
    zip,
    recipes.map((entry) => ({
      label: baseName(entry.name),
      read: async () => {
        const bytes = await zip.read(entry, INNER_ZIP_MAX_BYTES);
        const inner = await SafeZip.open(bytes, budget).catch((error: Error) => {
          throw new BadEntry(error.message);
        });
        try {
          const json = inner.entries.find((candidate) =>
            /(^|\/)recipe\.json$/.test(candidate.name),
          );
          if (!json) throw new BadEntry("It holds no recipe.json.");
          const recipe = tandoorRecipe(await readJson(inner, json));
          recipe.picture = await pictureAt(
            inner,
            inner.entries.find((candidate) =>
              /(^|\/)image\.(jpe?g|png|webp)$/i.test(candidate.name),
            ),
          );
          return recipe;
        } finally {
          inner.close();
        }
      },
    })),
  );
}

export function tandoorRecipe(source: Record<string, unknown>): ImportedRecipe {
  const recipe = emptyRecipe(typeof source.name === "string" ? source.name : "");
  recipe.description = typeof source.description === "string" ? source.description : "";
  const steps = Array.isArray(source.steps) ? source.steps : [];
  for (const step of steps) {
    const lines = stepsOf(step?.instruction);
    if (lines.length > 0)
      recipe.sections.push({ name: typeof step?.name === "string" ? step.name : "", steps: lines });
    for (const ingredient of Array.isArray(step?.ingredients) ? step.ingredients : []) {
      if (!ingredient || ingredient.is_header) continue;
      const line =
        typeof ingredient.original_text === "string" && ingredient.original_text.trim()
          ? ingredient.original_text
          : [
              ingredient.no_amount || !ingredient.amount ? "" : ingredient.amount,
              ingredient.unit?.name ?? "",
              ingredient.food?.name ?? "",
              ingredient.note ? `, ${ingredient.note}` : "",
            ]
              .map((part: unknown) => String(part).trim())
              .filter(Boolean)
              .join(" ")
              .replace(" ,", ",");
      if (line.trim()) recipe.ingredients.push(line.trim());
    }
  }
  recipe.servings = servingsFromText(source.servings);
  recipe.prepMinutes = minutesFromText(source.working_time);
  recipe.cookMinutes = minutesFromText(source.waiting_time);
  recipe.keywords = names(source.keywords);
  recipe.sourceUrl = httpAddress(source.source_url);
  return recipe;
}
