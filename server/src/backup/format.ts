import { z } from "zod";
import { IMAGE_KEY } from "../media/storage.js";

// The backup file (decision 28): an uncompressed tar, so `tar tf` lists it, holding
//   database/<schema>.<table>.copy.gz   each table's rows, COPY's text format, gzipped
//   media/recipes/<uuid>.webp ...       the pictures (STORAGE=local only)
//   manifest.json                       last: what the rest must be, written once it is all in
// A file without its manifest was cut short; a table file whose checksum differs was damaged.

export const FORMAT = "potluck-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST = "manifest.json";

const count = z.number().int().min(0);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  created_at: z.string(),
  /** The last migration the database had: a restore builds the same schema before the rows. */
  migration: z.object({
    /** Its name in server/drizzle (undefined when this Potluck did not know it). */
    tag: z.string().nullable(),
    /** Drizzle's key for it (the journal's `when`). */
    created_at: z.number(),
  }),
  postgres_version: z.string(),
  storage: z.enum(["local", "s3"]),
  counts: z.object({
    users: count,
    recipes: count,
    /** Recipe pictures; media_files also counts each one's smaller card version. */
    pictures: count,
    media_files: count,
    media_bytes: count,
  }),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      /** In COPY's order; generated columns are left out (PostgreSQL computes them again). */
      columns: z.array(z.string()),
      rows: count,
      file: z.string(),
      bytes: count,
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  sequences: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      /** A bigint, as text. */
      last_value: z.string().regex(/^-?\d+$/),
      is_called: z.boolean(),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest["tables"][number];
export type SequenceEntry = Manifest["sequences"][number];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The entry of one table's rows. */
export function tableFile(schema: string, name: string): string {
  return `database/${schema}.${name}.copy.gz`;
}

/** Where a picture goes in the file; its storage key is the rest. */
export const MEDIA_PREFIX = "media/";

export type EntryKind = "manifest" | "table" | "media";

/**
 * What an entry of a backup file is, or undefined when no backup we write has such an entry:
 * an unknown, absolute or `..` name is refused before anything is written where it points.
 */
export function entryKind(name: string): EntryKind | undefined {
  if (name === MANIFEST) return "manifest";
  const table = /^database\/([^./]+)\.([^./]+)\.copy\.gz$/.exec(name);
  if (table) {
    const [, schema = "", table_ = ""] = table;
    return IDENTIFIER.test(schema) && IDENTIFIER.test(table_) ? "table" : undefined;
  }
  if (name.startsWith(MEDIA_PREFIX) && IMAGE_KEY.test(name.slice(MEDIA_PREFIX.length))) {
    return "media";
  }
  return undefined;
}

/** "93 recipes, 1 cook and 2 pictures", for the lines a person reads. */
export function countsInWords(counts: Manifest["counts"]): string {
  const words = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return `${words(counts.recipes, "recipe")}, ${words(counts.users, "cook")} and ${words(counts.pictures, "picture")}`;
}

/** Double quotes for an SQL identifier. */
export function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
