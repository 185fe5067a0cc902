// `npm run size -w web [-- <outDir>] [--json]`: the JavaScript a first load of each route needs
// before the page is usable, gzipped, from a build's .vite/manifest.json (it builds nothing: it
// reads web/dist, or the folder given). Exits 1 when a route is over the budget (issue 15 §5).
//
// A route's first load = the entry chunk and its static imports (transitively), plus the route's
// page chunk and its static imports. What a page imports lazily (the rich-text editor, cook
// mode) comes after the page is usable and is not counted.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** Every route's first-load JavaScript must stay at or below this, gzipped (a phone on 4G). */
export const BUDGET_KIB = 150;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The route paths each page module serves, read from the router's source so a new route is
 * measured without touching this script; the index route's guard opens the feed at "/" when
 * signed in. A page found nowhere here keeps its module name as label.
 */
function routePathsByModule() {
  const read = (file) => readFileSync(path.join(webDir, "src/app", file), "utf8");
  const keyOf = (specifier) => `${path.posix.join("src/app", specifier)}.tsx`;
  const byModule = new Map();
  const add = (specifier, label) =>
    byModule.set(keyOf(specifier), [...(byModule.get(keyOf(specifier)) ?? []), label]);
  const route = /path:\s*"([^"]+)",\s*\.\.\.page\(\s*\(\)\s*=>\s*import\("([^"]+)"\)/g;
  for (const [, routePath, specifier] of read("router.tsx").matchAll(route)) {
    add(specifier, `/${routePath}`);
  }
  for (const [, specifier] of read("guards.tsx").matchAll(/import\("([^"]+)"\)/g)) {
    add(specifier, "/ (signed in)");
  }
  return byModule;
}

/**
 * One row per page the app shell loads lazily (the entry's dynamic imports: the route modules
 * of router.tsx and the feed): { route, page, jsGzipKiB, cssGzipKiB, files, overBudget }.
 */
export function firstLoadSizes(outDir) {
  const manifestPath = path.join(outDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build first (npm run build -w web).`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${manifestPath} has no entry chunk.`);

  const gzipped = new Map();
  const gzipSize = (file) => {
    if (!gzipped.has(file)) {
      gzipped.set(file, gzipSync(readFileSync(path.join(outDir, file))).length);
    }
    return gzipped.get(file);
  };
  /** The chunks `keys` need before they run: themselves and their static imports, transitively. */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...seen].map((key) => manifest[key]);
  };
  const kib = (files) =>
    Math.round(([...files].reduce((sum, file) => sum + gzipSize(file), 0) / 1024) * 10) / 10;

  const routes = routePathsByModule();
  return (manifest[entryKey].dynamicImports ?? []).map((page) => {
    const chunks = staticClosure([entryKey, page]);
    const js = new Set(chunks.map((chunk) => chunk.file));
    const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
    const jsGzipKiB = kib(js);
    return {
      route: (routes.get(page) ?? [path.basename(page, ".tsx")]).join(", "),
      page,
      jsGzipKiB,
      cssGzipKiB: kib(css),
      files: js.size,
      overBudget: jsGzipKiB > BUDGET_KIB,
    };
  });
}

function printTable(rows) {
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  console.log(`First-load JavaScript per route (gzipped; budget ${BUDGET_KIB} KiB)`);
  console.log(`${"route".padEnd(width)}  ${"JS KiB".padStart(7)}  files`);
  for (const row of [...rows].sort((a, b) => b.jsGzipKiB - a.jsGzipKiB)) {
    const verdict = row.overBudget ? "  OVER BUDGET" : "";
    console.log(
      `${row.route.padEnd(width)}  ${row.jsGzipKiB.toFixed(1).padStart(7)}  ${String(row.files).padStart(5)}${verdict}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const outDir = path.resolve(
    args.find((arg) => !arg.startsWith("--")) ?? path.join(webDir, "dist"),
  );
  const rows = firstLoadSizes(outDir);
  if (json) {
    // For the benchmark's report: the figures only, no verdict in the exit code.
    console.log(JSON.stringify(rows));
  } else {
    printTable(rows);
    const over = rows.filter((row) => row.overBudget);
    if (over.length > 0) {
      console.error(
        `${over.length} route(s) over ${BUDGET_KIB} KiB: ${over.map((row) => row.route).join("; ")}`,
      );
      process.exit(1);
    }
  }
}
