// `npm run build -w server`: bundles the server into dist/main.js, so production starts plain
// Node on JavaScript instead of compiling TypeScript at every start (tsx). Our own code and
// the contract (TypeScript source, a workspace package) are bundled; other packages stay in
// node_modules, imported as they are.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const { dependencies } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url)));
await build({
  entryPoints: [new URL("../src/main.ts", import.meta.url).pathname],
  outfile: new URL("../dist/main.js", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: Object.keys(dependencies).filter((name) => name !== "@potluck/contract"),
  logLevel: "warning",
});
