import { findRecipe, recipesInJsonLd } from "../../recipes/import/find-recipe.js";
import { emptyRecipe, type ImportedRecipe } from "../imported-recipe.js";
import { BadEntry, type SafeZip, type ZipEntry } from "./safe-zip.js";
import { baseName, parseJson, type RecipeSource } from "./source.js";

// schema.org Recipe in JSON-LD, read by the single-recipe import's reader (find-recipe.ts): a
// `.json` file holding one recipe, an array of them or a `@graph`; a saved `.html` page (its
// first recipe, JSON-LD or microdata); or a zip of such files, one recipe per file.

/** A page or JSON file inside a zip is at most this large. */
const FILE_MAX_BYTES = 16 * 1024 * 1024;

export const isJsonLdEntry = (name: string) => /\.(json|jsonld|html?)$/i.test(name);

/** The found recipe with the page's address as its source, when its JSON-LD names one. */
function imported(found: ReturnType<typeof findRecipe>, url: string | null): ImportedRecipe {
  if (!found) throw new BadEntry("No recipe was found in it.");
  return { ...emptyRecipe(found.name), ...found, sourceUrl: url };
}

/** The `url` (or `mainEntityOfPage`) of each recipe node, when it is an http(s) address. */
function addressOf(node: unknown): string | null {
  if (!node || typeof node !== "object") return null;
  const record = node as Record<string, unknown>;
  for (const value of [record.url, record.mainEntityOfPage, record.isBasedOn]) {
    const text = typeof value === "string" ? value : (value as { "@id"?: unknown })?.["@id"];
    if (typeof text === "string" && /^https?:\/\//i.test(text) && URL.canParse(text)) return text;
  }
  return null;
}

/** Every Recipe node of a JSON value, shallowly, for their addresses (same order as read). */
function recipeNodes(value: unknown): unknown[] {
  const nodes: unknown[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      const type = (node as Record<string, unknown>)["@type"];
      const types = Array.isArray(type) ? type : [type];
      if (types.some((t) => typeof t === "string" && /Recipe$/.test(t))) nodes.push(node);
      else Object.values(node).forEach(visit);
    }
  };
  visit(value);
  return nodes;
}

/** The recipes of one JSON document. */
export function jsonRecipes(value: unknown): ImportedRecipe[] {
  const nodes = recipeNodes(value);
  return recipesInJsonLd(value).map((found, index) => imported(found, addressOf(nodes[index])));
}

/** A whole `.json` file already parsed: one item per recipe in it. */
export function jsonFileSource(value: unknown): RecipeSource | null {
  const recipes = jsonRecipes(value);
  if (recipes.length === 0) return null;
  return {
    format: "jsonld",
    items: recipes.map((recipe) => ({ label: recipe.name, read: async () => recipe })),
    close: () => {},
  };
}

/** A saved page: its recipe, or null when it has none. */
export function htmlFileSource(html: string): RecipeSource | null {
  const found = findRecipe(html);
  if (!found) return null;
  const recipe = imported(found, null);
  return {
    format: "jsonld",
    items: [{ label: recipe.name, read: async () => recipe }],
    close: () => {},
  };
}

/** One entry of a zip of pages and JSON files: its first recipe. */
export async function readJsonLdEntry(zip: SafeZip, entry: ZipEntry): Promise<ImportedRecipe> {
  const bytes = await zip.read(entry, FILE_MAX_BYTES);
  if (/\.html?$/i.test(entry.name)) return imported(findRecipe(bytes.toString("utf8")), null);
  let value: unknown;
  try {
    value = parseJson(bytes);
  } catch {
    throw new BadEntry("It is not valid JSON.");
  }
  const [first] = jsonRecipes(value);
  if (!first) throw new BadEntry("No recipe was found in it.");
  return first;
}

export function jsonLdZipSource(zip: SafeZip): RecipeSource {
  const entries = zip.entries.filter((entry) => isJsonLdEntry(entry.name));
  return {
    format: "jsonld",
    items: entries.map((entry) => ({
      label: baseName(entry.name),
      read: () => readJsonLdEntry(zip, entry),
    })),
    close: () => zip.close(),
  };
}
