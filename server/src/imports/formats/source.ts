import type { ImportedRecipe } from "../imported-recipe.js";

/**
 * An import's recipes as a format reads them: a list of items in a fixed order (an item's
 * position is its index, the same on every run over the same file), each read only when its
 * turn comes. `read` throws BadEntry (safe-zip.ts) for an item that cannot be read: that
 * recipe fails, the others go on.
 */
export interface RecipeSource {
  /** One of IMPORT_FORMATS (contract). */
  format: string;
  items: SourceItem[];
  /**
   * The exporter's collections, for Potluck's own export: made after the recipes (empty ones
   * too), with the recipes of other cooks they held where the importer may read them.
   */
  collections?: ImportedCollection[];
  close(): void;
}

export interface ImportedCollection {
  name: string;
  /** Other cooks' recipes it held, as the export names them: id; slug and author when readable. */
  recipes: { id: number; slug?: string; author?: string }[];
}

export interface SourceItem {
  /** What the report calls the item until it is read (its file's name, its address). */
  label: string;
  read(): Promise<ImportedRecipe>;
}

/** The last part of an entry's path without its extension: "a/Pancakes.json" → "Pancakes". */
export const baseName = (name: string) => (name.split("/").pop() ?? name).replace(/\.[^.]*$/, "");

/** JSON from bytes; BadEntry-like message when it does not parse. */
export function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  return JSON.parse(text);
}
