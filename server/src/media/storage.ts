import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where image files live. The local-disk version serves them from /media/; an object-storage
 * version only has to implement these three calls.
 */
export interface ImageStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  url(key: string): string;
}

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
    url: (key) => `/media/${key}`,
  };
}
