// `npm test`: the contract's tests, then the server's suite and the web's (unit tests, then the
// browser journeys) side by side. The two share nothing (each starts its own embedded
// PostgreSQL) and each leaves the machine's second core half idle on its own: run one after the
// other they took 16.5 minutes on two cores, side by side 13.5. Each line is prefixed with the
// suite it comes from; the run fails if either fails, and says which.
import { spawn, spawnSync } from "node:child_process";
import readline from "node:readline";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const contract = spawnSync(npm, ["run", "test", "-w", "contract"], { stdio: "inherit" });
if (contract.status !== 0) process.exit(contract.status ?? 1);

/** Runs `npm run test -w <workspace>`, its lines prefixed; resolves to its exit code. */
function run(workspace) {
  const child = spawn(npm, ["run", "test", "-w", workspace], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on("line", (line) => process.stdout.write(`[${workspace}] ${line}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const [server, web] = await Promise.all([run("server"), run("web")]);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const [name, code] of [
  ["server", server],
  ["web", web],
]) {
  console.log(`${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`}`);
}
console.log(`server and web suites: ${minutes} min`);
process.exit(server === 0 && web === 0 ? 0 : 1);
