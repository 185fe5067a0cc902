import { open, readFile, stat } from "node:fs/promises";
import {
  isMealieExport,
  isNextcloudExport,
  isPotluckExport,
  isTandoorExport,
  mealieSource,
  nextcloudSource,
  potluckSource,
  tandoorSource,
} from "./archive-formats.js";
import { htmlFileSource, isJsonLdEntry, jsonFileSource, jsonLdZipSource } from "./jsonld.js";
import { isPaprikaEntry, paprikaSource, readPaprika } from "./paprika.js";
import { type InflateBudget, SafeZip, UnreadableArchive } from "./safe-zip.js";
import type { RecipeSource } from "./source.js";

// Which format an uploaded file is, by its content: its first bytes (a zip, gzip, JSON or
// HTML), and for a zip the names inside it. The file's own name is never asked.

/** A single JSON or HTML file is read whole: larger ones must come zipped. */
const TEXT_FILE_MAX_BYTES = 64 * 1024 * 1024;

export const NOT_RECOGNISED =
  "This file is not one we can import: upload an export from Paprika, Mealie, Tandoor, Nextcloud Cookbook or Potluck, or recipe pages (schema.org JSON-LD).";

/** Opens the file as the format it is; UnreadableArchive (the import fails) when none. */
export async function openSource(file: string, budget: InflateBudget): Promise<RecipeSource> {
  const head = await firstBytes(file, 512);
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) {
    const zip = await SafeZip.open(file, budget);
    const source = await zipSource(zip, budget);
    if (!source) {
      zip.close();
      throw new UnreadableArchive(NOT_RECOGNISED);
    }
    return source;
  }
  // One Paprika recipe on its own: gzipped JSON.
  if (head[0] === 0x1f && head[1] === 0x8b) {
    if ((await stat(file)).size > TEXT_FILE_MAX_BYTES) throw new UnreadableArchive(NOT_RECOGNISED);
    const bytes = await readFile(file);
    return {
      format: "paprika",
      items: [{ label: "Recipe", read: () => readPaprika(bytes) }],
      close: () => {},
    };
  }
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("{") || text.startsWith("[") || text.startsWith("<")) {
    if ((await stat(file)).size > TEXT_FILE_MAX_BYTES) {
      throw new UnreadableArchive(
        `A single file can be at most ${TEXT_FILE_MAX_BYTES / 1024 / 1024} MB: zip it first.`,
      );
    }
    const whole = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    if (text.startsWith("<")) {
      const source = htmlFileSource(whole);
      if (!source) throw new UnreadableArchive("No recipe was found in this page.");
      return source;
    }
    let value: unknown;
    try {
      value = JSON.parse(whole);
    } catch {
      throw new UnreadableArchive("This JSON file could not be read: it is not valid JSON.");
    }
    const source = jsonFileSource(value);
    if (!source) throw new UnreadableArchive("No schema.org Recipe was found in this JSON file.");
    return source;
  }
  throw new UnreadableArchive(NOT_RECOGNISED);
}

/** A zip's format from the names of its entries, most specific first. */
async function zipSource(zip: SafeZip, budget: InflateBudget): Promise<RecipeSource | null> {
  const names = zip.entries.map((entry) => entry.name);
  if (names.some(isPaprikaEntry)) return paprikaSource(zip);
  if (isPotluckExport(names)) return potluckSource(zip);
  if (isTandoorExport(names)) return tandoorSource(zip, budget);
  if (isNextcloudExport(names)) return nextcloudSource(zip);
  if (isMealieExport(names)) return mealieSource(zip);
  if (names.some(isJsonLdEntry)) return jsonLdZipSource(zip);
  return null;
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
