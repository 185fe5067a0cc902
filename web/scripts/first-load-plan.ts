import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { EVERY_PAGE_DATA, FIRST_LOADS } from "../src/app/first-load.ts";

/** Written beside index.html; read by the server (server/src/web-app/first-load.ts). */
export const FIRST_LOAD_PLAN = "first-load.json";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Writes first-load.json: for each page of src/app/first-load.ts, the hashed chunk files its
 * module needs (itself and its static imports, less what index.html loads already) and the
 * data it asks for. The server turns them into modulepreload and preload links (decision 0021).
 */
export function firstLoadPlan(): Plugin {
  let outDir = "dist";
  return {
    name: "potluck-first-load-plan",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before precompress(), which runs last ("post"), so the plan is compressed too.
    closeBundle: {
      sequential: true,
      handler() {
        const manifest: Record<string, ManifestChunk> = JSON.parse(
          readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"),
        );
        const closure = (key: string) => {
          const seen = new Set<string>();
          const visit = (k: string) => {
            if (seen.has(k) || !manifest[k]) return;
            seen.add(k);
            for (const imported of manifest[k].imports ?? []) visit(imported);
          };
          visit(key);
          return seen;
        };
        const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
        if (!entry) throw new Error("first-load plan: the build manifest has no entry");
        const loadedByIndex = closure(entry);
        const pages = FIRST_LOADS.map(({ path: routePath, page, data }) => {
          if (!manifest[page]) throw new Error(`first-load plan: ${page} is not a chunk`);
          const modules = [...closure(page)]
            .filter((key) => !loadedByIndex.has(key))
            .map((key) => `/${manifest[key]?.file}`);
          return { path: routePath, modules, data };
        });
        writeFileSync(
          path.join(outDir, FIRST_LOAD_PLAN),
          JSON.stringify({ everyPageData: EVERY_PAGE_DATA, pages }, null, 2),
        );
      },
    },
  };
}
