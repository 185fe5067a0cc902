import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { IMAGE_KEY } from "../media/storage.js";
import { entryKind, FORMAT, FORMAT_VERSION, type Manifest, manifestSchema } from "./format.js";

// Writing and reading the backup file (format.ts), as streams: neither the database's rows
// nor the pictures are ever held in memory whole.

/** The file is not a backup this Potluck can restore; the message says why. */
export class BackupFileError extends Error {}

/** An open tar being written to `file`. */
export interface ArchiveWriter {
  /** Adds the file at `source` as `name`: its size, or undefined when it is gone by now. */
  addFile(name: string, source: string): Promise<number | undefined>;
  /** Adds a small entry from memory. */
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Ends the tar and waits until it is on disk (fsync). */
  finish(): Promise<void>;
  /** Stops writing; the partial file is left for the caller to remove. */
  abort(error: Error): Promise<void>;
}

export async function openArchive(file: string): Promise<ArchiveWriter> {
  const pack = tar.pack();
  const sink = createWriteStream(file, { mode: 0o600 });
  // pack.pipe, not node's pipeline: pipeline never sees a tar-stream (streamx) pack end.
  const written = new Promise<void>((resolve, reject) => {
    sink.once("close", resolve);
    sink.once("error", reject);
    pack.once("error", reject);
  });
  written.catch(() => {});
  pack.pipe(sink);
  const mtime = new Date();

  const writeEntry = async (name: string, size: number, chunks: AsyncIterable<Buffer>) => {
    let entry!: ReturnType<typeof pack.entry>;
    const finished = new Promise<void>((done, fail) => {
      entry = pack.entry({ name, size, mode: 0o600, mtime, type: "file" }, (error) =>
        error ? fail(error) : done(),
      );
    });
    for await (const chunk of chunks) {
      if (!entry.write(chunk)) await once(entry, "drain");
    }
    entry.end(undefined);
    await finished;
  };

  return {
    async addFile(name, source) {
      // Opened first: a picture deleted meanwhile (its recipe deleted after the snapshot)
      // stays readable through the open handle, or is skipped when it was gone already.
      const opened = await open(source, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      if (!opened) return undefined;
      try {
        const { size } = await opened.stat();
        // Exactly the size the header announces, should the file still be growing.
        const stream = opened.createReadStream({ start: 0, end: size - 1, autoClose: false });
        await writeEntry(name, size, size > 0 ? stream : emptyChunks());
        if (size === 0) stream.destroy();
        return size;
      } finally {
        await opened.close();
      }
    },
    async addBuffer(name, data) {
      await writeEntry(name, data.length, bufferChunks(data));
    },
    async finish() {
      pack.finalize();
      await written;
      // On disk before it is called a backup: fsync reaches the file through any descriptor.
      const handle = await open(file, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async abort(error) {
      pack.destroy(error);
      sink.destroy();
      await written.catch(() => {});
    },
  };
}

async function* emptyChunks(): AsyncIterable<Buffer> {}
async function* bufferChunks(data: Buffer): AsyncIterable<Buffer> {
  yield data;
}

/** The pictures under a local media folder: their storage keys (nothing else lives there). */
export async function listMedia(mediaDir: string): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)))
    .map((key) => key.split(path.sep).join("/"))
    .filter((key) => IMAGE_KEY.test(key))
    .sort();
}

/**
 * Reads a backup file through and lays its entries out under `dir` (an empty folder):
 * database/... and media/... as named in the file. Refuses, with a BackupFileError, a file
 * that is not one of ours, is cut short or damaged (every table file must match the
 * manifest's checksum), or holds a name that points outside `dir`. Returns the manifest.
 */
export async function unpackArchive(file: string, dir: string): Promise<Manifest> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  reading.catch(() => {});
  const seen = new Set<string>();
  const tableFiles = new Map<string, { bytes: number; sha256: string }>();
  let media = { files: 0, bytes: 0 };
  let manifest: Manifest | undefined;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const kind = entryKind(name);
      if (type !== "file" || kind === undefined) {
        throw new BackupFileError(`it holds an entry no backup has: ${JSON.stringify(name)}`);
      }
      if (seen.has(name)) throw new BackupFileError(`it holds ${name} twice`);
      if (manifest) throw new BackupFileError(`${name} comes after the manifest`);
      seen.add(name);
      if (kind === "manifest") {
        manifest = parseManifest(await readAll(entry as AsyncIterable<Buffer>));
        continue;
      }
      const target = path.join(dir, name);
      await mkdir(path.dirname(target), { recursive: true });
      const written = await writeEntry(entry as AsyncIterable<Buffer>, target);
      if (kind === "table") tableFiles.set(name, written);
      else media = { files: media.files + 1, bytes: media.bytes + written.bytes };
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError("it cannot be read to its end: it was cut short or is damaged");
  }
  if (!manifest) throw new BackupFileError("it has no manifest: it was cut short");
  for (const table of manifest.tables) {
    const found = tableFiles.get(table.file);
    if (!found) throw new BackupFileError(`${table.file} is missing`);
    if (found.bytes !== table.bytes || found.sha256 !== table.sha256) {
      throw new BackupFileError(`${table.file} is damaged (its checksum differs)`);
    }
    tableFiles.delete(table.file);
  }
  const [extra] = tableFiles.keys();
  if (extra) throw new BackupFileError(`${extra} is not in its manifest`);
  if (media.files !== manifest.counts.media_files || media.bytes !== manifest.counts.media_bytes) {
    throw new BackupFileError(
      `it holds ${media.files} pictures (${media.bytes} bytes); its manifest says ` +
        `${manifest.counts.media_files} (${manifest.counts.media_bytes} bytes)`,
    );
  }
  return manifest;
}

/**
 * One entry to a file, counted and hashed. Read chunk by chunk, not through node's pipeline:
 * a tar-stream entry cut short never ends in it, and a restore would wait for ever.
 */
async function writeEntry(
  entry: AsyncIterable<Buffer>,
  target: string,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const handle = await open(target, "wx", 0o600);
  try {
    for await (const chunk of entry) {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest("hex") };
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

async function readAll(entry: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > MAX_MANIFEST_BYTES) throw new BackupFileError("its manifest is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseManifest(data: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch {
    throw new BackupFileError("its manifest is not JSON");
  }
  const header = json as { format?: unknown; version?: unknown };
  if (header?.format !== FORMAT) throw new BackupFileError("it is not a Potluck backup");
  if (header.version !== FORMAT_VERSION) {
    throw new BackupFileError(
      `it is a backup of format ${String(header.version)}; this Potluck reads ${FORMAT_VERSION}`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupFileError(`its manifest is damaged (${parsed.error.issues[0]?.message})`);
  }
  return parsed.data;
}
