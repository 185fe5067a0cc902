// `npm start`'s build (issue 36 §6): only when the sources changed since the last build, and
// whole or not at all.
//
// Each build goes into a folder named by a hash of its sources (web/.build-<hash>,
// server/.build-<hash>), beside the one in use; when it is complete, `web/dist` and
// `server/dist`, symbolic links, are switched to it by a rename, which replaces a link at once.
// So a restart with unchanged sources starts at once, a build that fails or is killed leaves
// the last one in place, and two copies started at the same moment from one checkout don't
// break each other: each builds into its own temporary folder, the first to finish names it
// by the hash, and the other finds it there. The folders have the depth of dist/ itself, so
// what finds files from its own place (server/src/paths.ts) finds the same ones.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What a build is made of: a change to any of these files makes a new build. */
const SOURCES = [
  "package-lock.json",
  "contract/package.json",
  "contract/src",
  "server/package.json",
  "server/scripts/build.mjs",
  "server/src",
  "web/package.json",
  "web/index.html",
  "web/public",
  "web/scripts",
  "web/src",
  "web/vite.config.ts",
];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!lstatSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function sourcesHash() {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap(filesUnder)) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Builds `part` (web or server) into `.build-<hash>` unless it is there; returns its name. */
function buildOnce(part, hash, build) {
  const name = `.build-${hash}`;
  const final = path.join(root, part, name);
  if (existsSync(final)) return name;
  const temporary = path.join(root, part, `.building-${hash}-${process.pid}`);
  try {
    build(temporary);
    try {
      renameSync(temporary, final);
    } catch (error) {
      // Another copy finished the same build first: theirs is as good as ours.
      if (!existsSync(final)) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return name;
}

/** Points `part/dist` at the build, replacing the link in one step; keeps the last builds. */
function switchTo(part, name) {
  const link = path.join(root, part, "dist");
  const previous = existsSync(link) && lstatSync(link).isSymbolicLink() ? readlinkSync(link) : null;
  if (previous === name) return;
  // A dist/ folder from before this script: moved aside, then removed.
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    const aside = path.join(root, part, `.old-dist-${process.pid}`);
    renameSync(link, aside);
    rmSync(aside, { recursive: true, force: true });
  }
  const next = path.join(root, part, `.dist-${process.pid}`);
  symlinkSync(name, next);
  renameSync(next, link);
  // A server still running may serve from the previous build: that one stays, older go.
  for (const entry of readdirSync(path.join(root, part))) {
    if (entry.startsWith(".build-") && entry !== name && entry !== previous) {
      rmSync(path.join(root, part, entry), { recursive: true, force: true });
    }
  }
}

const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: "inherit" });
const hash = sourcesHash();
const web = buildOnce("web", hash, (outDir) =>
  run(
    "npx",
    ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    path.join(root, "web"),
  ),
);
const server = buildOnce("server", hash, (outDir) =>
  run("node", ["scripts/build.mjs", path.join(outDir, "main.js")], path.join(root, "server")),
);
switchTo("web", web);
switchTo("server", server);
console.log(`Build ${hash} in use.`);
