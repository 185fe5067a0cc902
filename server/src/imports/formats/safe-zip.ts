import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

// Reading an uploaded zip without trusting it. The central directory is read once (names and
// positions, no data); an entry's data is inflated only when asked for, and counted while it
// inflates: a header's sizes are the uploader's word and may lie. Limits (zip bombs):
// - entries: at most MAX_ENTRIES in an archive;
// - bytes: at most `budget.maxBytes` inflated from one import, nested archives included;
// - ratio: an entry that inflates past RATIO_FREE_BYTES to more than MAX_RATIO times its
//   compressed size is refused;
// - each read says how large the entry it wants may be.
// Names that are not UTF-8, absolute, or hold `..` (zip slip) are marked unsafe: nothing is
// ever written under an entry's name, but such an entry is not read either.

export const MAX_ENTRIES = 20_000;
export const MAX_RATIO = 100;
const RATIO_FREE_BYTES = 1024 * 1024;

/** The whole archive is refused: the import fails with this message. */
export class UnreadableArchive extends Error {}
/** One entry can't be read: the recipe it holds fails with this message. */
export class BadEntry extends Error {}

/** Bytes one import may inflate, shared by its archive and the archives inside it. */
export class InflateBudget {
  used = 0;
  constructor(readonly maxBytes = 1024 * 1024 * 1024) {}
}

export interface ZipEntry {
  /** The entry's path inside the archive ("/"-separated), as written when `unsafe` is set. */
  name: string;
  /** Why the entry may not be read (its name), or undefined. */
  unsafe?: string;
  raw: yauzl.Entry;
}

const fromFile = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, decodeStrings: false, autoClose: false, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

const fromBuffer = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The entry's name, and why it is unsafe when it is. */
export function entryName(raw: Buffer | string): { name: string; unsafe?: string } {
  let name: string;
  try {
    name = typeof raw === "string" ? raw : utf8.decode(raw);
  } catch {
    return {
      name: Buffer.from(raw).toString("latin1"),
      unsafe: "Its name in the archive is not UTF-8 text, so it was not opened.",
    };
  }
  const parts = name.split(/[\\/]/);
  if (name.includes("\0") || /^([\\/]|[a-zA-Z]:)/.test(name)) {
    return { name, unsafe: "Its name in the archive is an absolute path, so it was not opened." };
  }
  if (parts.includes("..")) {
    return { name, unsafe: 'Its name in the archive holds "..", so it was not opened.' };
  }
  return { name: parts.join("/") };
}

/**
 * Files an operating system adds to a zip it makes, never an app's export: macOS's
 * `__MACOSX/` folder and `._<name>` AppleDouble files (a resource fork beside every file, with
 * the same extension: `._Soup.paprikarecipe`), Finder's `.DS_Store`, Windows's `Thumbs.db`.
 * Left out of the entries, so no format reads them and no report counts them.
 */
export function isSystemFile(name: string): boolean {
  const parts = name.split("/");
  const last = parts[parts.length - 1] ?? "";
  return (
    parts[0] === "__MACOSX" ||
    last.startsWith("._") ||
    last === ".DS_Store" ||
    last.toLowerCase() === "thumbs.db"
  );
}

export class SafeZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: ZipEntry[],
    private readonly budget: InflateBudget,
  ) {}

  /** Opens a zip on disk or in memory and reads its central directory. */
  static async open(source: string | Buffer, budget: InflateBudget): Promise<SafeZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = typeof source === "string" ? await fromFile(source) : await fromBuffer(source);
    } catch (error) {
      throw new UnreadableArchive(
        `The zip archive could not be read: ${(error as Error).message}.`,
      );
    }
    if (zip.entryCount > MAX_ENTRIES) {
      zip.close();
      throw new UnreadableArchive(
        `The archive holds ${zip.entryCount} files: at most ${MAX_ENTRIES} can be imported.`,
      );
    }
    try {
      const entries = await readDirectory(zip);
      return new SafeZip(zip, entries, budget);
    } catch (error) {
      zip.close();
      if (error instanceof UnreadableArchive) throw error;
      throw new UnreadableArchive(
        `The zip archive could not be read: ${(error as Error).message}.`,
      );
    }
  }

  /** The entry's data, inflated and counted; BadEntry when it breaks a limit or is corrupt. */
  async read(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.unsafe) throw new BadEntry(entry.unsafe);
    if (entry.raw.isEncrypted()) throw new BadEntry("It is encrypted.");
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(entry.raw, (error, readable) =>
        error ? reject(new BadEntry(`It could not be read: ${error.message}.`)) : resolve(readable),
      ),
    );
    const chunks: Buffer[] = [];
    const counter = new CountingSink(entry.raw.compressedSize, maxBytes, this.budget, chunks);
    try {
      await pipeline(stream, counter);
    } catch (error) {
      if (error instanceof BadEntry || error instanceof UnreadableArchive) throw error;
      throw new BadEntry(`It could not be unpacked: ${(error as Error).message}.`);
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

function readDirectory(zip: yauzl.ZipFile): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    let seen = 0;
    zip.on("entry", (raw: yauzl.Entry) => {
      seen += 1;
      if (seen > MAX_ENTRIES) {
        reject(new UnreadableArchive(`The archive holds more than ${MAX_ENTRIES} files.`));
        return;
      }
      const { name, unsafe } = entryName(raw.fileName as unknown as Buffer);
      // Folders hold nothing to read; what the zipping computer added is no one's recipe.
      if (!name.endsWith("/") && !isSystemFile(name)) entries.push({ name, unsafe, raw });
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", reject);
    zip.readEntry();
  });
}

/** Keeps the inflated bytes, stopping at the first limit broken. */
class CountingSink extends Writable {
  private bytes = 0;
  constructor(
    private readonly compressedSize: number,
    private readonly maxBytes: number,
    private readonly budget: InflateBudget,
    private readonly chunks: Buffer[],
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.bytes += chunk.length;
    this.budget.used += chunk.length;
    if (this.budget.used > this.budget.maxBytes) {
      done(
        new UnreadableArchive(
          `The archive unpacks to more than ${Math.round(this.budget.maxBytes / 1024 / 1024)} MB: too large to import.`,
        ),
      );
      return;
    }
    if (this.bytes > this.maxBytes) {
      done(new BadEntry(`It is larger than ${Math.round(this.maxBytes / 1024 / 1024)} MB.`));
      return;
    }
    if (this.bytes > RATIO_FREE_BYTES && this.bytes > this.compressedSize * MAX_RATIO) {
      done(new BadEntry(`It unpacks to more than ${MAX_RATIO} times its size (a zip bomb?).`));
      return;
    }
    this.chunks.push(chunk);
    done();
  }
}
