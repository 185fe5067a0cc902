// Bulk import (issue 25 §2): a cook uploads an export of another recipe app (or Potluck's
// own), or a list of addresses, and it runs in the background, recipe by recipe. Anyone but
// the cook who started an import gets 404 for it.
import { z } from "zod";
import { missingOr, text } from "./common.js";
import { IMPORT_URL_MAX, IMPORT_URLS_MAX } from "./limits.js";

export const IMPORT_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ITEM_STATUSES = ["imported", "skipped", "failed"] as const;
export type ImportItemStatus = (typeof IMPORT_ITEM_STATUSES)[number];

const NOT_A_URL = "Enter a valid http or https URL.";

const httpUrl = text({ error: missingOr("Not a valid string.") })
  .trim()
  .max(IMPORT_URL_MAX, `Ensure this field has no more than ${IMPORT_URL_MAX} characters.`)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  }, NOT_A_URL);

/** `POST /api/imports/` as JSON: the addresses of recipe pages, fetched one after another. */
export const importUrlsBody = z.object({
  urls: z
    .array(httpUrl, { error: missingOr("Expected a list of addresses.") })
    .min(1, "Give at least one address.")
    .max(IMPORT_URLS_MAX, `Ensure this field has no more than ${IMPORT_URLS_MAX} elements.`),
});
export type ImportUrlsBody = z.infer<typeof importUrlsBody>;

/** `POST /api/imports/` as multipart/form-data: one file, recognised by its content. */
export const importFileForm = z.object({ file: z.file() });

export const importCreated = z.object({ id: z.number(), status: z.literal("queued") });
export type ImportCreated = z.infer<typeof importCreated>;

export const importItem = z.object({
  /** Where the recipe was in the file (or the list of addresses), from 0. */
  position: z.number(),
  title: z.string(),
  status: z.enum(IMPORT_ITEM_STATUSES),
  /** The recipe it became; absent unless imported (or null once that recipe was deleted). */
  recipe_id: z.number().nullable().optional(),
  /**
   * Why it was skipped or failed; on an imported one, a warning for the cook to check it: its
   * picture was lost, or "No ingredients or steps were found in the file."
   */
  reason: z.string().optional(),
});
export type ImportItem = z.infer<typeof importItem>;

/** An import as `GET /api/imports/` lists it: its counts, no items. */
export const importSummary = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  /** One of IMPORT_FORMATS, or null while the file has not been read yet. */
  format: z.string().nullable(),
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** Why the whole import failed (a file we can't read), or null. */
  reason: z.string().nullable(),
  created_on: z.string(),
  finished_on: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** `GET /api/imports/{id}/`: the import and each recipe dealt with so far, in file order. */
export const importDetail = importSummary.extend({ items: z.array(importItem) });
export type ImportDetail = z.infer<typeof importDetail>;

export const importList = z.array(importSummary);
