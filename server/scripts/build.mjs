// `npm run build -w server`: bundles the server into dist/main.js (or the file named), so production starts plain
// Node on JavaScript instead of compiling TypeScript at every start (tsx). Our own code and
// the contract (TypeScript source, a workspace package) are bundled; other packages stay in
// node_modules, imported as they are.
import { lstatSync, readFileSync, unlinkSync } from "node:fs";
import { build } from "esbuild";

// Where: the argument (scripts/build-if-changed.mjs builds into a folder of its own), else
// dist/main.js. `npm start` makes dist a link to its current build: a plain build must not
// write into that one, so it takes the link away and writes a folder of its own.
const dist = new URL("../dist", import.meta.url).pathname;
const outfile = process.argv[2] ?? `${dist}/main.js`;
if (!process.argv[2]) {
  try {
    if (lstatSync(dist).isSymbolicLink()) unlinkSync(dist);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

const { dependencies } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url)));
await build({
  entryPoints: [new URL("../src/main.ts", import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  external: Object.keys(dependencies).filter((name) => name !== "@potluck/contract"),
  logLevel: "warning",
});
