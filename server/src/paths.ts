import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder. This file sits one level below it in src/ (run by tsx) and is
 * bundled into dist/main.js (the build), also one level below, so both find the same folder.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.dirname(serverRoot);
