// Import fixtures, written by us from the formats' documentation and the shape of real
// exports, generated here from small JSON objects so that no binary file is committed.
import { gzipSync } from "node:zlib";
import type { ImportDetail } from "@potluck/contract";
import sharp from "sharp";
import yazl from "yazl";
import { multipartBody } from "../src/http/inject-agent.js";
import type { Agent } from "./helper.js";

export const png = (color: string, width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (color: string, width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A zip of these entries (deflated), in this order. */
export function zip(entries: [string, Buffer | string][]): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, data] of entries) {
    archive.addBuffer(typeof data === "string" ? Buffer.from(data) : data, name);
  }
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on("error", reject);
  });
}

/**
 * A zip of this many empty files, written directly: yazl takes 17 s (and 45 s on a busy machine)
 * for 20,000 entries, this a few milliseconds. Stored, no data, CRC 0, names "0.txt", "1.txt"…
 */
export function zipOfEmptyFiles(count: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let index = 0; index < count; index++) {
    const name = Buffer.from(`${index}.txt`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); // central directory header
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name);
    centrals.push(central, name);
    offset += local.length + name.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every occurrence of `from` replaced by `to` (same length): names yazl refuses to write. */
export function replaceBytes(buffer: Buffer, from: Buffer | string, to: Buffer | string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error("replaceBytes keeps lengths");
  const copy = Buffer.from(buffer);
  for (let at = copy.indexOf(a); at !== -1; at = copy.indexOf(a, at + 1)) b.copy(copy, at);
  return copy;
}

// ---------- made on a Mac (or Windows) ----------

/**
 * An AppleDouble file as macOS writes `._<name>` beside each file it zips (under
 * `__MACOSX/`): magic 0x00051607, version 2, "Mac OS X" filler, and a Finder info entry.
 */
export function appleDouble(): Buffer {
  const header = Buffer.alloc(26 + 12 + 32);
  header.writeUInt32BE(0x00051607, 0);
  header.writeUInt32BE(0x00020000, 4);
  header.write("Mac OS X        ", 8, "latin1");
  header.writeUInt16BE(1, 24);
  header.writeUInt32BE(9, 26); // Finder info
  header.writeUInt32BE(38, 30);
  header.writeUInt32BE(32, 34);
  header.write("TEXT", 38, "latin1");
  return header;
}

/** A `.DS_Store` as Finder leaves in a folder: a "Bud1" buddy-allocator file. */
export const dsStore = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 1]), Buffer.from("Bud1"), Buffer.alloc(56)]);

/**
 * The entries of a folder zipped with the Finder's "Compress": the folder's files (its
 * `.DS_Store` too), then `__MACOSX/<folder>/._<name>` for each, Windows's `Thumbs.db` beside.
 */
export function asZippedOnAMac(folder: string, files: [string, Buffer | string][]) {
  const entries: [string, Buffer | string][] = [
    [`${folder}/.DS_Store`, dsStore()],
    ...files.map(([name, data]): [string, Buffer | string] => [`${folder}/${name}`, data]),
    [`${folder}/Thumbs.db`, Buffer.alloc(64, 7)],
  ];
  for (const [name] of [[".DS_Store"], ...files]) {
    const at = (name as string).lastIndexOf("/");
    const dir = at === -1 ? "" : `${(name as string).slice(0, at)}/`;
    const base = (name as string).slice(at + 1);
    entries.push([`__MACOSX/${folder}/${dir}._${base}`, appleDouble()]);
  }
  return entries;
}

// ---------- Paprika ----------

export interface PaprikaRecipe {
  name: string;
  ingredients?: string;
  directions?: string;
  notes?: string;
  description?: string;
  servings?: string;
  prep_time?: string;
  cook_time?: string;
  total_time?: string;
  categories?: string[];
  source?: string;
  source_url?: string;
  rating?: number;
  photo_data?: string | null;
  uid?: string;
}

/** One `.paprikarecipe`: the recipe as gzipped JSON, as Paprika 3 writes it. */
export const paprikaEntry = (recipe: PaprikaRecipe) => gzipSync(JSON.stringify(recipe));

/** A `.paprikarecipes` export: a zip of `<name>.paprikarecipe` entries. */
export const paprikaArchive = (recipes: PaprikaRecipe[]) =>
  zip(
    recipes.map((recipe, index) => [
      `${recipe.name || `recipe ${index}`}.paprikarecipe`,
      paprikaEntry(recipe),
    ]),
  );

export async function paprikaRecipes(): Promise<PaprikaRecipe[]> {
  return [
    {
      name: "Crêpes Suzette",
      ingredients: "250 g flour\n3 eggs\n500 ml milk\n1 pinch salt\nzest of 1 orange",
      directions:
        "Whisk the flour, eggs and milk.\n\nRest the batter 30 minutes.\n\nFry thin crêpes.",
      notes: "Flambé with Grand Marnier.",
      servings: "4 servings",
      prep_time: "15 mins",
      cook_time: "1 hr 10 mins",
      categories: ["Dessert", "French"],
      source: "Grand-mère",
      rating: 5,
      photo_data: (await jpeg("#e67e22")).toString("base64"),
      uid: "A1",
    },
    {
      name: "Miso soup 味噌汁",
      ingredients: "1 l dashi\n3 tbsp white miso\n150 g silken tofu\n2 spring onions",
      directions: "Warm the dashi.\nDissolve the miso.\nAdd tofu and onions.",
      // No yield: it serves 4.
      source_url: "https://example.com/miso-soup",
      photo_data: (await png("#27ae60")).toString("base64"),
      categories: ["Soup"],
      uid: "A2",
    },
    {
      name: "Grandma's flapjacks",
      // Odd units and a line no catalogue ingredient matches.
      ingredients:
        "1 1/2 cups rolled oats\n½ stick butter\n2 glugs golden syrup\na handful of raisins",
      directions: "Melt, mix, bake at 180 °C for 25 minutes.",
      servings: "Makes 12 bars",
      total_time: "40 minutes",
      photo_data: null,
      uid: "A3",
    },
  ];
}

// ---------- the API ----------

/** Uploads a file to import. */
export function upload(agent: Agent, data: Buffer, filename = "export.bin") {
  const body = multipartBody({ file: { filename, contentType: "application/octet-stream", data } });
  return agent.raw("POST", "/api/imports/", body.payload, body.contentType);
}

/** The import once it has ended (done, failed or cancelled). */
export async function finished(
  agent: Agent,
  id: number,
  timeoutMs = 30_000,
): Promise<ImportDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await agent.get(`/api/imports/${id}/`);
    const body = response.json() as ImportDetail;
    if (["done", "failed", "cancelled"].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
