import type { Plugin } from "vite";

/**
 * How the build cuts the app into files, for a fast first load on phones (decision 0021).
 * Left to itself, the bundler gives every set of pages that share a module a file of its own:
 * the recipe page loaded 30 files, most of them under 2 KB. On a phone over HTTP/1.1 (six connections at most, one request at a
 * time on each) every file is a round trip of its own, and on slow 4G that cost the recipe page
 * more than a second before its picture could even be asked for. So:
 *
 * - `app`: everything the entry imports statically goes into the entry's own file (every page
 *   loads all of it anyway).
 * - `shared`: the small modules that two or more pages share go into one file, when nothing
 *   they import (to the end of the chain) is heavy: only our own code, the contract's zod-free
 *   parts and libraries the entry already has. The heavy ones (react-select, TipTap, dnd-kit,
 *   zod) and whatever imports them keep their own files and are fetched only by the pages or
 *   the moments that need them. So are the pages themselves and what a page imports lazily.
 * - `lists`: of those, what only the recipe list pages use (the filter bar, the recipe cards
 *   and grid: Explore, My Recipes, a collection, a cook's profile), in a file of their own, so
 *   that the pages that list no recipes (the recipe page and form, the planner, the lists) do
 *   not fetch it.
 */
export const SHARED_CHUNK = "shared";
export const LISTS_CHUNK = "lists";

/** The modules only the recipe list pages use (tags.ts: the recipe page's tag links). */
const LIST_PAGES_ONLY =
  /[\\/]web[\\/]src[\\/]features[\\/](recipe-filters[\\/](?!tags\.ts$)|recipes[\\/]components[\\/]recipe-(grid|card)\.tsx$)/;

/**
 * Libraries the entry loads on every page, and Vite's helper for `import()` (the entry's own
 * lazy pages use it): a module that needs only these stays light. FormatJS's message formatter
 * is one since the app speaks several languages (lib/i18n, decision 0037): every module with
 * a text imports it.
 */
const ENTRY_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack[\\/][^\\/]+|idb-keyval|cookie|set-cookie-parser|intl-messageformat|@formatjs[\\/][^\\/]+)[\\/]/;
const VITE_PRELOAD_HELPER = "\0vite/preload-helper";
const OUR_CODE = /[\\/](web[\\/]src|contract[\\/]src)[\\/]/;
/** Pages are files of their own (the router loads each lazily). */
const PAGE = /[\\/]web[\\/]src[\\/]app[\\/]routes[\\/]/;
/**
 * All that the plain pages (About, the terms, not found) import: kept out of `shared`, so
 * that they, the first pages a visitor may open, don't fetch it.
 */
const PLAIN_PAGES_ONLY = /[\\/]web[\\/]src[\\/]lib[\\/]use-document-title\.ts$/;

interface ModuleInfo {
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}

/** `output.codeSplitting` for vite.config.ts. */
export function codeSplitting() {
  const light = new Map<string, boolean>();
  /** Whether `id` and everything it imports statically may go into `shared`. */
  const isLight = (id: string, info: (id: string) => ModuleInfo | null): boolean => {
    const known = light.get(id);
    if (known !== undefined) return known;
    // A cycle comes back here: it adds nothing heavy by itself.
    light.set(id, true);
    const module = info(id);
    const result =
      ENTRY_LIBRARIES.test(id) ||
      id.startsWith(VITE_PRELOAD_HELPER) ||
      (module !== null &&
        OUR_CODE.test(id) &&
        !PAGE.test(id) &&
        !PLAIN_PAGES_ONLY.test(id) &&
        // Imported lazily somewhere: it is a chunk's start, fetched when it is wanted.
        module.dynamicImporters.length === 0 &&
        module.importedIds.every((imported) => isLight(imported, info)));
    light.set(id, result);
    return result;
  };
  return {
    groups: [
      { name: "app", tags: ["$initial" as const] },
      {
        debugName: SHARED_CHUNK,
        name: (id: string, context: { getModuleInfo: (id: string) => ModuleInfo | null }) =>
          isLight(id, (moduleId) => context.getModuleInfo(moduleId))
            ? LIST_PAGES_ONLY.test(id)
              ? LISTS_CHUNK
              : SHARED_CHUNK
            : null,
        minShareCount: 2,
        // Its imports are in it or in the entry already (that is what light means).
        includeDependenciesRecursively: false,
      },
    ],
  };
}

/**
 * Fails the build when `shared` imports any file but the entry, or `lists` any but the entry
 * and `shared`: it would then pull that file into every page that uses it, or import a page
 * that imports it back.
 */
export function checkSharedChunk(): Plugin {
  return {
    name: "potluck-check-shared-chunk",
    apply: "build",
    generateBundle(_, bundle) {
      const entries = new Set(
        Object.values(bundle).flatMap((file) =>
          file.type === "chunk" && file.isEntry ? [file.fileName] : [],
        ),
      );
      const shared = new Set(
        Object.values(bundle).flatMap((file) =>
          file.type === "chunk" && file.name === SHARED_CHUNK ? [file.fileName] : [],
        ),
      );
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || ![SHARED_CHUNK, LISTS_CHUNK].includes(file.name)) continue;
        const others = file.imports.filter(
          (imported) =>
            !entries.has(imported) && !(file.name === LISTS_CHUNK && shared.has(imported)),
        );
        if (others.length > 0) {
          this.error(`the ${file.name} chunk imports ${others.join(", ")}: see chunking.ts`);
        }
      }
    },
  };
}
