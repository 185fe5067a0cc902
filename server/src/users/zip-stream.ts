import { type PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";

/** One file of a zip: its path inside the archive and its bytes. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  mtime: Date;
  /** False for data that is compressed already (WebP pictures): stored as it is. */
  compress?: boolean;
}

/**
 * A zip archive as a stream, its files taken from `entries` one at a time as the reader reads:
 * the next entry is asked for only once yazl has taken the previous one, and yazl takes it
 * only as fast as the stream is read, so however large the archive, memory holds about one
 * entry (and the stream's buffers). Slow downloads pace the reads behind `entries`.
 *
 * When the reader goes away (the stream is destroyed) the iteration of `entries` stops; when
 * `entries` throws, the stream is destroyed with that error (a download cut short, never a
 * zip that looks whole).
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const zip = new ZipFile();
  // A PassThrough (yazl's types say only NodeJS.ReadableStream).
  const output = zip.outputStream as PassThrough;
  const gone = new AbortController();
  output.once("close", () => gone.abort());
  zip.once("error", (error: Error) => output.destroy(error));
  void (async () => {
    for await (const entry of entries) {
      if (gone.signal.aborted) return;
      await addEntry(zip, entry, gone.signal);
    }
    zip.end();
  })().catch((error: unknown) => {
    if (!gone.signal.aborted) output.destroy(error as Error);
  });
  return output;
}

/** Adds one entry and waits until yazl has read it (or the reader is gone). */
function addEntry(zip: ZipFile, entry: ZipEntry, gone: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = Readable.from([entry.data], { objectMode: false });
    const stop = () => {
      source.destroy();
      reject(new Error("the archive's reader went away"));
    };
    gone.addEventListener("abort", stop, { once: true });
    source.once("end", () => {
      gone.removeEventListener("abort", stop);
      resolve();
    });
    zip.addReadStream(source, entry.name, {
      mtime: entry.mtime,
      compress: entry.compress ?? true,
    });
  });
}
