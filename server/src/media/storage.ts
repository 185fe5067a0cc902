import { mkdir, open, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where image files live: the local disk (served from /media/ by @fastify/static) or an
 * S3-compatible bucket (media/s3-storage.ts). Keys are ours, made by storeImage.
 */
export interface ImageStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that is already gone is fine. */
  remove(key: string): Promise<void>;
  /** The stored bytes as a stream; null when the key holds nothing. */
  read(key: string): Promise<Readable | null>;
  url(key: string): string;
}

/** Images never change under a key (keys are random, never reused): cached for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The only keys storeImage makes: a random UUID under recipes/, the full version or its card.
 * Anything else asked of a storage is refused (a 404 when it comes from a URL).
 */
export const IMAGE_KEY =
  /^recipes\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-card)?\.webp$/;

export function createImageStorage(dir: string): ImageStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(dir, key);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`bad storage key ${key}`);
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async read(key) {
      // Opened first, so that a missing file is null here rather than an error on the stream.
      const handle = await open(fileOf(key), "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    url: (key) => `/media/${key}`,
  };
}
