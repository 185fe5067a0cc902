// npm run bench [-- --duration 10 --sizes 1k,10k,100k,1m --workers N --skip-web
//                   --parts api,web,list-events --seed-only --pg-port 54340 --only REGEX]
// The product measured at realistic scale: API throughput (wrk, Lua scripts in bench/) and
// latency (autocannon at a fixed rate) on a scale-seeded database with the server in
// production mode, against a bare Fastify route and our anonymous and signed-in health
// routes; each read against pgbench replaying the statements it ran (bench/pgbench-replay.ts);
// server memory, cost growth from 1k to 1M recipes, the web app's first-load size and
// Lighthouse scores, and live list updates (tick → event latency and memory per stream with
// 200 open streams, bench-list-events.ts). The rows and issue 28's targets are in
// bench/endpoints.ts, the data they need beyond the seed in bench/session.ts. Writes
// docs/benchmarks/<date>.{md,json}; a run of some parts only writes <date>-<parts>.{md,json},
// so it never replaces a full report. Data sets are kept under DATA_DIR/bench, so a second
// run skips the seeding.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/config.js";
import { connect } from "../src/db/client.js";
import { lockDataDir } from "../src/db/data-dir-lock.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { loadReferenceData } from "../src/reference-data.js";
import {
  ANONYMOUS_HEALTH,
  BENCH_COMMENT,
  type BenchRequest,
  COMMON_TAG,
  ENDPOINTS,
  type Endpoint,
  newSearchPath,
  RARE_TAG,
  SEARCH_WORDS,
  SIGNED_IN_HEALTH_PATH,
  TARGETS,
  TITLE_SEARCH_WORDS,
} from "./bench/endpoints.js";
import { captureStatements, runPgbench } from "./bench/pgbench-replay.js";
import { prepareSession, type Session, SHOPPING_LIST_NAME } from "./bench/session.js";
import { benchListEvents, type ListEventsReport, listEventsMarkdown } from "./bench-list-events.js";
import { formatSeconds } from "./progress-bar.js";
import { seedScale } from "./seed-scale.js";

/**
 * The parts to run: `api` (the data sizes), `web` (assets; Lighthouse too with `api`),
 * `list-events`, and, only when asked, `soak` (mixed traffic for --soak-minutes against the
 * largest size). A run of all the default parts writes the full report.
 */
const DEFAULT_PARTS = ["api", "web", "list-events"];
const ALL_PARTS = [...DEFAULT_PARTS, "soak"];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    sizes: { type: "string", default: "1k,10k,100k" },
    "skip-web": { type: "boolean", default: false },
    parts: { type: "string", default: DEFAULT_PARTS.join(",") },
    "soak-minutes": { type: "string", default: "30" },
    "seed-only": { type: "boolean", default: false },
    workers: { type: "string" },
    // Another port lets a second bench, on another DATA_DIR, run while one is seeding.
    "pg-port": { type: "string", default: "54340" },
    // Only the endpoints whose name matches this regular expression (and the reference rows).
    only: { type: "string" },
    out: { type: "string", default: path.join(repoRoot, "docs/benchmarks") },
  },
});
const PARTS = new Set(args.parts.split(",").map((part) => part.trim()));
for (const part of PARTS) {
  if (!ALL_PARTS.includes(part)) throw new Error(`--parts: unknown part ${part} (${ALL_PARTS})`);
}
if (args["skip-web"]) PARTS.delete("web");
const DURATION = Number(args.duration);
const CEILING_DURATION = 5;
const CONNECTIONS = Number(args.connections);
/** WEB_CONCURRENCY for the server under test (its node:cluster workers); unset: its default. */
const WORKERS = args.workers;
/** --only: the rows measured (and soaked) besides the reference rows. */
const ONLY = args.only === undefined ? undefined : new RegExp(args.only);
const SOAK_MINUTES = Number(args["soak-minutes"]);
if (!Number.isInteger(SOAK_MINUTES) || SOAK_MINUTES < 1) {
  throw new Error("--soak-minutes: whole minutes, at least 1");
}
/** A partial run names its report after its parts, so that it never replaces a full one. */
const FULL_RUN = DEFAULT_PARTS.every((part) => PARTS.has(part));
/** Whether a data set's server is started: for the API rows, the soak or both. */
const SERVES_DATA = PARTS.has("api") || PARTS.has("soak");
if (!Number.isInteger(DURATION) || DURATION < 1)
  throw new Error("--duration: whole seconds, at least 1");
if (WORKERS !== undefined && !/^[1-9][0-9]*$/.test(WORKERS)) {
  throw new Error("--workers: a positive whole number");
}
/** The data sets: 10 feed items per recipe; 1m also has ten times the cooks. */
const SIZES = [
  { name: "1k", recipes: 1_000, users: 10_000 },
  { name: "10k", recipes: 10_000, users: 10_000 },
  { name: "100k", recipes: 100_000, users: 10_000 },
  { name: "1m", recipes: 1_000_000, users: 100_000 },
] as const;

// ---------- data sets ----------

const config = loadConfig();
const benchDir = path.join(config.dataDir, "bench");
mkdirSync(benchDir, { recursive: true });
// Two benches on one data directory would stop each other's cluster (a running postmaster is
// taken for a leftover) and load the same server.
lockDataDir(config.dataDir, "npm run bench");
/** The cluster of the scale data sets, started only when the API is measured. */
const cluster = SERVES_DATA
  ? await startEmbeddedPostgres(path.join(benchDir, "postgres"), Number(args["pg-port"]))
  : undefined;
const clusterUrl = cluster?.url ?? "";
const databaseUrl = (name: string) => clusterUrl.replace(/\/postgres$/, `/${name}`);

/** Seconds each data set's seed took (all its runs together). */
const seedSeconds: Record<string, number> = {};

async function prepareDataSet(size: (typeof SIZES)[number]): Promise<string> {
  const name = `bench_${size.name}`;
  const admin = connect(clusterUrl, { max: 1 });
  const exists = await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`);
  if (exists.rows.length === 0) await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.pool.end();
  const { db, pool } = connect(databaseUrl(name), { max: 2 });
  await runMigrations(db);
  await loadReferenceData(db);
  // Resumable: a seed stopped half-way (Ctrl-C, a crash) continues; a finished one is kept.
  console.log(`\nData set ${size.name}: ${size.recipes} recipes, ${size.users} users`);
  const seed = await seedScale(db, {
    recipes: size.recipes,
    users: size.users,
    feedItems: size.recipes * 10,
    lists: 2000,
  });
  seedSeconds[size.name] = seed.seconds;
  // The comment-write row adds thousands of comments to the feed's newest item: a run starts
  // without the last run's, which would weigh on its feed rows (each counts an item's comments).
  await db.execute(sql`delete from feed_comments where text = ${BENCH_COMMENT}`);
  await pool.end();
  return databaseUrl(name);
}

// ---------- the server under test ----------

const PORT = 3950;
const BASE = `http://127.0.0.1:${PORT}`;

/** The server as `npm start` runs it: the compiled bundle. */
async function startServer(url: string): Promise<ChildProcess> {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: path.join(repoRoot, "server") });
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: path.join(repoRoot, "server"),
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: benchDir,
      WEB_DIST: path.join(benchDir, "web"),
      ...(WORKERS ? { WEB_CONCURRENCY: WORKERS } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  reportUnexpectedExit(child, "The server under test");
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

const BARE_PORT = 3951;
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;

/** The bare Fastify reference server (bench-bare.mjs), run with plain node like ours. */
async function startBareServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/bench-bare.mjs", String(BARE_PORT)], {
    cwd: path.join(repoRoot, "server"),
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  reportUnexpectedExit(child, "The bare Fastify server");
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BARE_BASE}/api/health/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the bare Fastify server did not start");
}

/** Resident memory (VmRSS) of a process and all its descendants (cluster workers), in MiB. */
function treeRssMiB(rootPid: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (pid: number) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === rootPid) return true;
    return false;
  };
  let kib = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      kib += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kib / 1024;
}

/** Samples the server's RSS every second until `stop()`, which returns the largest seen. */
function sampleRss(pid: number): { stop(): number } {
  let max = treeRssMiB(pid);
  const timer = setInterval(() => {
    max = Math.max(max, treeRssMiB(pid));
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(max, treeRssMiB(pid));
    },
  };
}

/** The servers being stopped here: their exit is expected. */
const stopping = new Set<ChildProcess>();

/** Stops a server started here; one that died already (its error was said) is let be. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  });
}

/** A server that ends while it is measured makes every later row fail: say why it ended. */
function reportUnexpectedExit(child: ChildProcess, name: string): void {
  child.once("exit", (code, signal) => {
    if (!stopping.has(child)) console.error(`\n${name} exited (code ${code}, signal ${signal})`);
  });
}

interface Measurement {
  endpoint: string;
  kind: string;
  signedIn: boolean;
  /** wrk's max req/s. */
  throughput: number;
  /** The anonymous health route's max req/s, measured right before this endpoint. */
  ceiling: number;
  ratioOfCeiling: number;
  /** wrk's own CPU during the max run (100% = one core): below 100%, wrk was not the limit. */
  wrkCpu: number;
  /** What pgbench did replaying the statements of the endpoint's requests (not for writes). */
  replay?: Replay;
  /** throughput ÷ the replay's tps: the app's overhead over PostgreSQL's own work. */
  replayRatio: number | null;
  /** The fixed rate asked of autocannon (half the max), the rate it held, and its CPU. */
  rate: number;
  heldRate: number;
  autocannonCpu: number;
  p50: number;
  p99: number;
  errors: number;
  pass: boolean | null;
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  socketErrors: number;
  non2xx: number;
  p50Us: number;
  p99Us: number;
  /** wrk's CPU time over its run time, 1 = one core. */
  cpu: number;
}

const LUA_DIR = path.join(repoRoot, "server/scripts/bench");
const WORDS_FILE = path.join(benchDir, "search-words.txt");
writeFileSync(WORDS_FILE, `${SEARCH_WORDS.join("\n")}\n`);

/** wrk must be there; Debian's package is installed when it is missing (bench is not in CI). */
function ensureWrk(): void {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk --version exits 1 after printing its version: only a missing binary is ENOENT.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return;
    console.log("wrk is missing: apt-get install -y wrk");
    // As .ci/run installs chromium: as root directly, otherwise through sudo.
    const command = ["apt-get", "install", "-y", "-qq", "wrk"];
    if (process.getuid?.() !== 0) command.unshift("sudo");
    execFileSync(command[0] ?? "apt-get", command.slice(1), { stdio: "inherit" });
  }
}

/** Max throughput with wrk (one thread, CONNECTIONS connections). */
function runWrk(session: Session, endpoint: Endpoint, seconds: number): Promise<WrkSummary> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BENCH_LUA_DIR: LUA_DIR,
    BENCH_WORDS_FILE: WORDS_FILE,
    BENCH_TITLE_WORDS: String(TITLE_SEARCH_WORDS.length),
  };
  if (endpoint.signedIn) {
    env.BENCH_COOKIE = session.cookie;
    env.BENCH_CSRF = session.csrfToken;
  }
  const requests = endpoint.requests(session);
  env.BENCH_REQUESTS = String(requests.length);
  requests.forEach((r, i) => {
    env[`BENCH_REQUEST_${i + 1}_METHOD`] = r.method;
    env[`BENCH_REQUEST_${i + 1}_PATH`] = r.path;
    env[`BENCH_REQUEST_${i + 1}_BODY`] = r.body ?? "";
  });
  const script = path.join(LUA_DIR, endpoint.script ?? "requests.lua");
  const base = endpoint.bare ? BARE_BASE : BASE;
  // The shell reports the CPU time of wrk (its waited-for child) from /proc: fields 16-17 of
  // its own stat line, in clock ticks.
  const command = `wrk -t1 -c${CONNECTIONS} -d${seconds}s -s "$0" "$1"; cat /proc/$$/stat`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile("sh", ["-c", command, script, base], { env }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${stderr || error.message}`));
      const line = stdout.split("\n").find((l) => l.startsWith("BENCH_SUMMARY "));
      if (!line) return reject(new Error(`wrk printed no summary: ${stdout}${stderr}`));
      const stat = (stdout.trim().split("\n").pop() ?? "").replace(/^.*\) /, "").split(" ");
      const ticks = Number(stat[13]) + Number(stat[14]); // cutime, cstime (fields 16, 17)
      const cpu = ticks / 100 / ((performance.now() - started) / 1000);
      resolve({ ...(JSON.parse(line.slice("BENCH_SUMMARY ".length)) as WrkSummary), cpu });
    });
  });
}

/** Latency at a fixed rate: wrk can't hold one, autocannon can (`overallRate`). */
async function runAutocannon(session: Session, endpoint: Endpoint, rate: number, seconds: number) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: endpoint.bare ? BARE_BASE : BASE,
    connections: CONNECTIONS,
    duration: seconds,
    overallRate: rate,
    headers: endpoint.signedIn ? { cookie: session.cookie, "x-csrftoken": session.csrfToken } : {},
    requests: autocannonRequests(session, endpoint),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  return { result, cpu: (cpu.user + cpu.system) / 1e6 / elapsed };
}

/**
 * The endpoint's requests for autocannon, which sends them in turn on each connection: a path
 * with {id} gets the id that connection's previous request made (add-delete.lua's rows).
 */
function autocannonRequests(session: Session, endpoint: Endpoint): autocannon.Request[] {
  type Context = { id?: number };
  return endpoint.requests(session).map((r) => ({
    method: r.method as autocannon.Request["method"],
    path: r.path,
    ...(r.body ? { body: r.body, headers: { "content-type": "application/json" } } : {}),
    ...(endpoint.script === "new-search.lua"
      ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: newSearchPath() }) }
      : {}),
    ...(r.path.includes("{id}")
      ? {
          setupRequest: (request: autocannon.Request, context: Context) => ({
            ...request,
            path: r.path.replace("{id}", String(context.id)),
          }),
        }
      : {}),
    ...(endpoint.script === "add-delete.lua" && r.method === "POST"
      ? {
          onResponse: (status: number, body: string, context: Context) => {
            if (status === 201) context.id = (JSON.parse(body) as { id: number }).id;
          },
        }
      : {}),
  })) as autocannon.Request[];
}

/**
 * Sends the endpoint's requests once, in turn, and fails unless each succeeds: a benchmark of
 * error answers measures nothing. A path with {id} gets the id the previous answer had.
 */
async function sendOnce(session: Session, endpoint: Endpoint, requests: BenchRequest[]) {
  let id: number | undefined;
  for (const request of requests) {
    const url = request.path.replace("{id}", String(id));
    const response = await fetch(`${endpoint.bare ? BARE_BASE : BASE}${url}`, {
      method: request.method,
      headers: {
        ...(endpoint.signedIn ? { cookie: session.cookie, "x-csrftoken": session.csrfToken } : {}),
        ...(request.body ? { "content-type": "application/json" } : {}),
      },
      body: request.body,
    });
    if (!response.ok) {
      throw new Error(`${endpoint.name}: ${request.method} ${url} answered ${response.status}`);
    }
    const text = await response.text();
    if (response.status === 201) id = (JSON.parse(text) as { id: number }).id;
  }
}

/** How many requests of an endpoint the statement log captures for its pgbench replay. */
const CAPTURED_REQUESTS = 20;
/** The embedded cluster's log (embedded.ts writes it next to the cluster's directory). */
const POSTGRES_LOG = path.join(benchDir, "postgres.log");

interface Replay {
  /** Statements (round trips to PostgreSQL) per request, on average over the capture. */
  statements: number;
  /** pgbench's transactions per second; null when no request ran SQL or pgbench failed. */
  tps: number | null;
  /** None of the captured requests ran a statement (served from the server's memory). */
  noSql: boolean;
  error?: string;
}

/**
 * What PostgreSQL alone does for the endpoint (issue 28): captures the statements of
 * CAPTURED_REQUESTS of its requests, one after another on an idle server, and replays them with
 * pgbench for as long as wrk ran, with as many connections. Where some requests ran no SQL,
 * pgbench replays the others and its rate is scaled to all requests (a request without SQL
 * costs PostgreSQL nothing).
 */
async function replay(session: Session, endpoint: Endpoint, databaseUrl: string): Promise<Replay> {
  const requests = await captureStatements({
    databaseUrl,
    logFile: POSTGRES_LOG,
    count: CAPTURED_REQUESTS,
    send: () => sendOnce(session, endpoint, endpoint.requests(session)),
  });
  const withSql = requests.filter((statements) => statements.length > 0);
  const statements = requests.reduce((sum, r) => sum + r.length, 0) / requests.length;
  if (withSql.length === 0) return { statements: 0, tps: null, noSql: true };
  const slug = endpoint.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  const result = await runPgbench(withSql, {
    databaseUrl,
    dir: path.join(benchDir, "pgbench", slug),
    connections: CONNECTIONS,
    seconds: DURATION,
  });
  const tps = result.tps === null ? null : (result.tps * requests.length) / withSql.length;
  return { statements, tps, noSql: false, ...(result.error ? { error: result.error } : {}) };
}

const percent = (x: number) => `${(x * 100).toFixed(0)}%`;

/** One target of a row: whether it was met, and the figure with what was asked. */
interface Check {
  ok: boolean;
  text: string;
}

/** Issue 28's targets for one row, given the other rows of the same size (auth status's). */
function targetChecks(m: Measurement, sameSize: Measurement[]): Check[] {
  const endpoint = ENDPOINTS.find((e) => e.name === m.endpoint);
  if (!endpoint || endpoint.kind === "reference") return [];
  const p99 = (limit: number) => ({ ok: m.p99 < limit, text: `p99 ${m.p99} ms (< ${limit})` });
  // A row whose requests failed measured its errors, not the endpoint.
  const failed: Check[] = m.errors > 0 ? [{ ok: false, text: `${m.errors} errors` }] : [];
  if (endpoint.kind === "write") return [...failed, p99(TARGETS.writeP99)];
  const checks: Check[] = [...failed];
  if (m.replay && !m.replay.noSql) {
    checks.push(
      m.replayRatio === null
        ? { ok: false, text: `no replay (${m.replay.error ?? "pgbench failed"})` }
        : {
            ok: m.replayRatio >= TARGETS.replayRatio,
            text: `${percent(m.replayRatio)} of replay (≥ ${percent(TARGETS.replayRatio)})`,
          },
    );
  }
  checks.push(p99(TARGETS.readP99));
  if (endpoint.minThroughput) {
    checks.push({
      ok: m.throughput >= endpoint.minThroughput,
      text: `${m.throughput} req/s (≥ ${endpoint.minThroughput})`,
    });
  }
  const reference = sameSize.find((x) => x.endpoint === endpoint.costOf);
  if (reference && m.throughput > 0) {
    const cost = reference.throughput / m.throughput;
    checks.push({
      ok: cost <= TARGETS.costOfReference,
      text: `${cost.toFixed(2)}× the cost of ${reference.endpoint} (≤ ${TARGETS.costOfReference}×)`,
    });
  }
  return checks;
}

async function measure(session: Session, databaseUrl: string): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const health = ENDPOINTS.find((e) => e.name === ANONYMOUS_HEALTH);
  if (!health) throw new Error("no ceiling endpoint");
  for (const endpoint of ENDPOINTS) {
    if (ONLY && endpoint.kind !== "reference" && !ONLY.test(endpoint.name)) continue;
    await sendOnce(session, endpoint, endpoint.requests(session));
    // This machine's speed drifts by up to half over minutes (shared cores), so each endpoint
    // is compared with the anonymous health route measured right before it, not once a run.
    const ceiling =
      endpoint === health
        ? undefined
        : await runWrk(session, health, Math.min(CEILING_DURATION, DURATION));
    await runWrk(session, endpoint, 2); // warm-up: JIT, caches, connection pool
    const max = await runWrk(session, endpoint, DURATION);
    // Reads only: writes would not replay cleanly (a second like of the same item is refused).
    const replayed =
      endpoint.kind === "write" || endpoint.bare
        ? undefined
        : await replay(session, endpoint, databaseUrl);
    const throughput = max.requests / (max.durationUs / 1e6);
    const ceilingRate = ceiling ? ceiling.requests / (ceiling.durationUs / 1e6) : throughput;
    const rate = Math.max(1, Math.round(throughput / 2));
    const fixed = await runAutocannon(session, endpoint, rate, DURATION);
    await endpoint.tidy?.(session);
    const measurement: Measurement = {
      endpoint: endpoint.name,
      kind: endpoint.kind,
      signedIn: endpoint.signedIn,
      throughput: Math.round(throughput),
      ceiling: Math.round(ceilingRate),
      ratioOfCeiling: throughput / ceilingRate,
      wrkCpu: max.cpu,
      ...(replayed ? { replay: replayed } : {}),
      replayRatio: replayed?.tps ? throughput / replayed.tps : null,
      rate,
      heldRate: Math.round(fixed.result.requests.average),
      autocannonCpu: fixed.cpu,
      p50: fixed.result.latency.p50,
      p99: fixed.result.latency.p99,
      errors: max.socketErrors + max.non2xx + fixed.result.errors + fixed.result.non2xx,
      pass: null,
    };
    const checks = targetChecks(measurement, results);
    measurement.pass = checks.length === 0 ? null : checks.every((c) => c.ok);
    console.log(
      `  ${endpoint.name.padEnd(36)} ${String(measurement.throughput).padStart(6)} req/s` +
        ` (${(measurement.ratioOfCeiling * 100).toFixed(0)}% of ${measurement.ceiling}, wrk CPU ${(max.cpu * 100).toFixed(0)}%)` +
        `  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms at ${measurement.heldRate}/${rate} req/s` +
        ` (autocannon CPU ${(fixed.cpu * 100).toFixed(0)}%)` +
        (replayed ? `  replay: ${replayCell(measurement)}, ${replayed.statements} stmts/req` : "") +
        (measurement.errors ? `  ${measurement.errors} errors` : "") +
        (measurement.pass === null ? "" : measurement.pass ? "  met" : "  MISSED"),
    );
    results.push(measurement);
  }
  return results;
}

/** The replay's figure for a row: its share of pgbench, or why there is none. */
function replayCell(m: Measurement): string {
  if (!m.replay) return "-";
  if (m.replay.noSql) return "no SQL";
  if (m.replayRatio === null) return "replay failed";
  return `${percent(m.replayRatio)} of ${Math.round(m.replay.tps ?? 0)} tps`;
}

// ---------- soak ----------

interface SoakReport {
  size: string;
  minutes: number;
  /** The rate asked of the mix (half its max) and the rate autocannon held, req/s. */
  rate: number;
  heldRate: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's RSS (all its processes) at the end of each minute, MiB. */
  rssByMinute: number[];
  /** Requests each minute, per second. */
  rateByMinute: number[];
}

/**
 * Mixed traffic for SOAK_MINUTES against the running server: every read and write row in turn
 * on each connection (each with its own cookie or none), at half the mix's max rate, the
 * server's RSS sampled every minute (issue 28: no growth). The mix's max rate is that of one
 * request of each row in turn: the harmonic mean of the rows' max req/s, from this run's API
 * part or, without one, from a short wrk run of each.
 */
async function runSoak(
  session: Session,
  serverPid: number,
  size: string,
  measured: Measurement[] | undefined,
): Promise<SoakReport> {
  const rows = ENDPOINTS.filter((e) => e.kind !== "reference" && (!ONLY || ONLY.test(e.name)));
  const maxRates: number[] = [];
  for (const endpoint of rows) {
    let max = measured?.find((m) => m.endpoint === endpoint.name)?.throughput;
    if (max === undefined) {
      await sendOnce(session, endpoint, endpoint.requests(session));
      const run = await runWrk(session, endpoint, 3);
      max = run.requests / (run.durationUs / 1e6);
      await endpoint.tidy?.(session);
    }
    maxRates.push(Math.max(1, max));
  }
  const mixMax = rows.length / maxRates.reduce((sum, r) => sum + 1 / r, 0);
  const rate = Math.max(1, Math.round(mixMax / 2));
  const requests = rows.flatMap((endpoint) =>
    autocannonRequests(session, endpoint).map((request) => ({
      ...request,
      headers: {
        ...request.headers,
        ...(endpoint.signedIn ? { cookie: session.cookie, "x-csrftoken": session.csrfToken } : {}),
      },
    })),
  );
  const rssByMinute: number[] = [];
  const rateByMinute: number[] = [];
  let sent = 0;
  const timer = setInterval(() => {
    rssByMinute.push(Math.round(treeRssMiB(serverPid)));
    rateByMinute.push(Math.round(sent / 60));
    sent = 0;
    console.log(
      `  minute ${rssByMinute.length}: RSS ${rssByMinute.at(-1)} MiB, ${rateByMinute.at(-1)} req/s`,
    );
  }, 60_000);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE,
        connections: CONNECTIONS,
        duration: SOAK_MINUTES * 60,
        overallRate: rate,
        requests,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("tick", ((tick: { counter: number }) => {
      sent += tick.counter;
    }) as () => void);
  });
  clearInterval(timer);
  // The last minute's sample when the run ended just before its timer.
  if (rssByMinute.length < SOAK_MINUTES) {
    rssByMinute.push(Math.round(treeRssMiB(serverPid)));
    rateByMinute.push(Math.round(sent / 60));
  }
  for (const endpoint of rows) await endpoint.tidy?.(session);
  return {
    size,
    minutes: SOAK_MINUTES,
    rate,
    heldRate: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    rssByMinute,
    rateByMinute,
  };
}

function soakMarkdown(soak: SoakReport): string[] {
  const first = soak.rssByMinute[0] ?? 0;
  const last = soak.rssByMinute.at(-1) ?? 0;
  return [
    `## Soak: ${soak.minutes} min of mixed traffic (${soak.size} recipes)`,
    "",
    `Every read and write row in turn on each of ${CONNECTIONS} connections (autocannon), at half the mix's max rate (the harmonic mean of the rows' max req/s): ${soak.heldRate} of ${soak.rate} req/s held, p50 ${soak.p50} ms, p99 ${soak.p99} ms, ${soak.errors} errors. The server's RSS (all its processes) at the end of each minute: ${last - first >= 0 ? "+" : ""}${last - first} MiB from the first minute to the last (issue 28: no growth).`,
    "",
    "| minute | RSS MiB | req/s |",
    "|---:|---:|---:|",
    ...soak.rssByMinute.map((rss, i) => `| ${i + 1} | ${rss} | ${soak.rateByMinute[i] ?? 0} |`),
  ];
}

// ---------- web ----------

interface RouteFirstLoad {
  route: string;
  jsGzipKiB: number;
  cssGzipKiB: number;
  files: number;
}

/**
 * Builds the web app and sums the gzipped JS and CSS each route loads before it can render:
 * web/scripts/first-load-size.mjs (`npm run size -w web`, the same figures `npm test` checks
 * against the budget) reads the build's manifest.
 */
function measureWeb(outDir: string): RouteFirstLoad[] {
  const web = path.join(repoRoot, "web");
  execFileSync(
    "npx",
    ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    {
      cwd: web,
      stdio: "inherit",
    },
  );
  const rows: RouteFirstLoad[] = JSON.parse(
    execFileSync(process.execPath, ["scripts/first-load-size.mjs", outDir, "--json"], {
      cwd: web,
      encoding: "utf8",
    }),
  );
  return rows.map(({ route, jsGzipKiB, cssGzipKiB, files }) => ({
    route,
    jsGzipKiB,
    cssGzipKiB,
    files,
  }));
}

async function lighthouseRuns(session: Session) {
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chromeLauncher = await import("chrome-launcher");
  const pages = [
    { name: "About", url: `${BASE}/about` },
    { name: "Explore", url: `${BASE}/explore` },
    { name: "Recipe detail", url: `${BASE}/recipe/${session.recipe.id}/${session.recipe.slug}` },
    { name: "Grocery list", url: `${BASE}/grocery-list/${session.list.id}` },
    { name: "Planner (a full week)", url: `${BASE}/planner` },
  ];
  // Lighthouse's default settings are a phone's (simulated slow 4G, 4× CPU slowdown).
  const formFactors = [
    { formFactor: "desktop", config: desktopConfig },
    { formFactor: "mobile", config: undefined },
  ];
  const cases = formFactors.flatMap((settings) => pages.map((page) => ({ ...page, ...settings })));
  /** One Lighthouse run in a fresh Chromium; undefined when Lighthouse could not read its trace. */
  const runOnce = async (url: string, config: typeof desktopConfig | undefined) => {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: { Cookie: session.cookie },
        },
        config,
      );
      return result?.lhr.runtimeError ? undefined : result?.lhr;
    } finally {
      chrome.kill();
    }
  };
  // Not counted: the first run after a start pays for cold files (Chromium's, the web build's).
  await runOnce(pages[0]?.url ?? BASE, undefined);
  const results = [];
  for (const page of cases) {
    const runs = [];
    // A run whose trace Lighthouse could not read (NO_NAVSTART, seen about once in 20) is
    // made again rather than counted as a score of 0.
    for (let attempt = 0; runs.length < 3 && attempt < 6; attempt++) {
      const lhr = await runOnce(page.url, page.config);
      if (!lhr) {
        console.log(`  ${page.name} (${page.formFactor}): no trace, run again`);
        continue;
      }
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const summary = {
      page: page.name,
      formFactor: page.formFactor,
      score: median(runs.map((r) => r.score)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
    };
    console.log(
      `  ${page.name} (${page.formFactor}): score ${summary.score}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, CLS ${summary.cls}`,
    );
    results.push(summary);
  }
  return results;
}

// ---------- report ----------

interface SizeReport {
  api: Measurement[];
  /** The server's largest resident memory during the API part (all its processes), MiB. */
  maxRssMiB: number;
  /** How long this data set's seed took (all its runs together), seconds. */
  seedSeconds: number;
}

/** Issue 28's targets of a row: each met or **missed**, with its figure. */
function targetCell(m: Measurement, sameSize: Measurement[]): string {
  const checks = targetChecks(m, sameSize);
  if (checks.length === 0) return "-";
  return checks.map((c) => `${c.ok ? "met" : "**missed**"}: ${c.text}`).join("; ");
}

/**
 * An endpoint's cost at each size in anonymous-health requests (ceiling / throughput), so the
 * machine's drift between sizes cancels out; growth is that cost over the smallest size's.
 */
function growthRows(bySize: Record<string, SizeReport>): string[] {
  const sizes = Object.keys(bySize);
  if (sizes.length < 2) return [];
  const lines = [
    "",
    `## Growth: cost relative to ${sizes[0]}`,
    "",
    `Cost = anonymous health req/s ÷ the endpoint's req/s (both from the same minute), so the machine's drift cancels out; shown relative to ${sizes[0]}. New-word search must stay within ${TARGETS.growth}× from the smallest size to the largest (issue 28).`,
    "",
    `| endpoint | ${sizes.join(" | ")} | target |`,
    `|---|${sizes.map(() => "---:").join("|")}|---|`,
  ];
  for (const endpoint of ENDPOINTS) {
    if (endpoint.kind === "reference") continue;
    const costs = sizes.map((s) => {
      const m = bySize[s]?.api.find((x) => x.endpoint === endpoint.name);
      return m && m.throughput > 0 ? m.ceiling / m.throughput : 0;
    });
    const base = costs[0] || 1;
    const growth = costs.map((c) => c / base);
    const largest = growth[growth.length - 1] ?? 1;
    const target = endpoint.growthTarget
      ? `${largest <= TARGETS.growth ? "met" : "**missed**"}: ${largest.toFixed(2)}× (≤ ${TARGETS.growth}×)`
      : "-";
    lines.push(
      `| ${endpoint.name} | ${growth.map((g) => `${g.toFixed(2)}×`).join(" | ")} | ${target} |`,
    );
  }
  return lines;
}

function markdownReport(report: {
  date: string;
  machine: string;
  workers: string;
  bySize: Record<string, SizeReport>;
  web: ReturnType<typeof measureWeb>;
  lighthouse: Awaited<ReturnType<typeof lighthouseRuns>>;
  listEvents: ListEventsReport | undefined;
  soak: SoakReport | undefined;
}): string {
  const lines = [
    `# Benchmark report, ${report.date}${FULL_RUN ? "" : ` (${[...PARTS].join(", ")} only)`}`,
    "",
    `Machine: ${report.machine}.`,
  ];
  const sizes = Object.keys(report.bySize);
  if (sizes.length > 0) {
    lines.push(
      "",
      `Server in production mode on loopback (WEB_CONCURRENCY: ${report.workers}). Max req/s: wrk, 1 thread, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up; public endpoints anonymously (no cookie), signed-in ones with scale_1's session cookie and CSRF header. Each endpoint's share is of the anonymous health route measured right before it (the shared cores drift). Latency: autocannon at a fixed rate of half the max, ${DURATION} s; "held" is the rate it actually sent, and its CPU (100% = one core) shows it was not the limit. The signed-in health row is ${SIGNED_IN_HEALTH_PATH} with the session (a session look-up and nothing else). Data: 10,000 users (100,000 at 1m), recipes as named, 10 feed items per recipe; the reader (scale_1) follows 500 cooks. Recipes are 80% public, 10% followers-only, 10% private; 88% have times; each has 0–5 of 200 tags with a Zipf-like popularity (${COMMON_TAG} on about 30%, ${RARE_TAG} on about 0.2%). The filter rows are signed in as scale_1, the ingredient ones with two ingredients of the newest public recipe. The grocery rows use scale_1's list “${SHOPPING_LIST_NAME}” (about 100 lines from planned recipes and free-text extras, shared with scale_2, 8 of its lines scale_1's staples and 4 in another aisle of scale_1's); quick add and plan remove what they add, planner move moves the entry back.`,
      "",
      `pgbench replay (issue 28): after an endpoint's wrk run, ${CAPTURED_REQUESTS} of its requests are sent one after another with PostgreSQL's statement log on, and the statements each ran (their parameters written in as literals, which PostgreSQL types as it did node-postgres's untyped parameters) become one pgbench script per request; \`pgbench -n -M prepared -c ${CONNECTIONS} -j 1 -T ${DURATION}\` then runs them against the same database, with the server idle. “÷ replay” is the endpoint's req/s over pgbench's transactions/s (one transaction = one request's statements): the app's overhead over what PostgreSQL alone does for the request. “stmts/req” is the statements per request the capture found (round trips, BEGIN and COMMIT included); “no SQL”: the captured requests ran none (served from the server's memory), so the replay target does not apply. pgbench prepares each statement once per connection (its plan then made once, for those literals): PostgreSQL at its best; the server names its hot statements so that they too are planned once per connection (executePrepared in db/client.ts, with LIMITs written in and filter values hidden from the planner so that PostgreSQL keeps its generic plan), and plans the others on every run. Writes are not replayed. Targets (issue 28): every read ≥ ${percent(TARGETS.replayRatio)} of its replay and p99 < ${TARGETS.readP99} ms at half its max rate; new-word search also ≥ ${TARGETS.newSearchThroughput} req/s and within ${TARGETS.growth}× of its cost at the smallest size; auth status within ${TARGETS.costOfReference}× the signed-in health row's cost; grocery list items ≥ ${TARGETS.groceryThroughput} req/s; writes p99 < ${TARGETS.writeP99} ms; server max RSS < ${TARGETS.rssMB} MB.`,
    );
  }
  for (const size of sizes) {
    const api = report.bySize[size]?.api ?? [];
    lines.push(
      "",
      `## API (${size} recipes)`,
      "",
      "| endpoint | as | max req/s | anon health just before | % of it | wrk CPU | replay tps | ÷ replay | stmts/req | fixed rate held / asked | autocannon CPU | p50 ms | p99 ms | errors | target |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
      ...api.map(
        (m) =>
          `| ${m.endpoint} | ${m.signedIn ? "signed in" : "anonymous"} | ${m.throughput} | ${m.ceiling} | ${percent(m.ratioOfCeiling)} | ${percent(m.wrkCpu)} | ${m.replay?.tps ? Math.round(m.replay.tps) : "-"} | ${m.replay?.noSql ? "no SQL" : m.replayRatio === null ? "-" : percent(m.replayRatio)} | ${m.replay ? m.replay.statements : "-"} | ${m.heldRate} / ${m.rate} | ${percent(m.autocannonCpu)} | ${m.p50} | ${m.p99} | ${m.errors} | ${targetCell(m, api)} |`,
      ),
    );
  }
  lines.push(...growthRows(report.bySize));
  if (sizes.length > 0) {
    lines.push(
      "",
      "## Server memory and seeding",
      "",
      `Max RSS: the server process and its children (VmRSS from /proc, sampled every second during the API part); target below ${TARGETS.rssMB} MB. Seed: the data set's seeding time (all its runs together; kept data sets are not seeded again).`,
      "",
      "| recipes | max RSS MiB | MB | target | seed time |",
      "|---|---:|---:|---|---:|",
      ...sizes.map((size) => {
        const r = report.bySize[size];
        const mb = Math.round((r?.maxRssMiB ?? 0) * 1.048576);
        return `| ${size} | ${r?.maxRssMiB ?? 0} | ${mb} | ${mb < TARGETS.rssMB ? "met" : "**missed**"}: ${mb} MB (< ${TARGETS.rssMB}) | ${formatSeconds(r?.seedSeconds ?? 0)} |`;
      }),
    );
  }
  if (report.web.length > 0) {
    lines.push(
      "",
      "## Web: first-load assets per route (gzipped)",
      "",
      "| route | JS KiB | CSS KiB | JS files |",
      "|---|---:|---:|---:|",
      ...report.web.map((w) => `| ${w.route} | ${w.jsGzipKiB} | ${w.cssGzipKiB} | ${w.files} |`),
    );
  }
  if (report.lighthouse.length > 0) {
    lines.push(
      "",
      "## Lighthouse (median of 3 runs; mobile: simulated slow 4G, 4× CPU slowdown)",
      "",
      "| page | form factor | performance | LCP ms | TBT ms | CLS |",
      "|---|---|---:|---:|---:|---:|",
      ...report.lighthouse.map(
        (l) => `| ${l.page} | ${l.formFactor} | ${l.score} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} |`,
      ),
    );
  }
  if (report.listEvents) {
    lines.push("", "## Live list updates", "", ...listEventsMarkdown(report.listEvents));
  }
  if (report.soak) lines.push("", ...soakMarkdown(report.soak));
  return `${lines.join("\n")}\n`;
}

async function main() {
  const wanted = SERVES_DATA ? args.sizes.split(",").map((name) => name.trim()) : [];
  for (const name of wanted) {
    if (!SIZES.some((s) => s.name === name)) {
      throw new Error(`--sizes: unknown size ${name} (${SIZES.map((s) => s.name)})`);
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  // The load at start: the machine's cores are shared, and a busy neighbour shows in the times.
  const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} at start`;
  if (args["seed-only"]) {
    for (const name of wanted) await prepareDataSet(SIZES.find((s) => s.name === name) ?? SIZES[0]);
    await cluster?.stop();
    for (const [name, seconds] of Object.entries(seedSeconds)) {
      console.log(`${name}: seeding took ${formatSeconds(seconds)} (all runs together)`);
    }
    return;
  }
  const webOut = path.join(benchDir, "web");
  const web = PARTS.has("web") ? measureWeb(webOut) : [];
  // The API's server serves the built web app (and Lighthouse loads it).
  if (PARTS.has("api") && !existsSync(path.join(webOut, "index.html"))) measureWeb(webOut);

  const bySize: Record<string, SizeReport> = {};
  let lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> = [];
  // The soak alone runs against the largest size only.
  const chosen = SIZES.filter((s) => wanted.includes(s.name));
  const sizes = PARTS.has("api") ? chosen : chosen.slice(-1);
  const largest = sizes[sizes.length - 1]?.name;
  let soak: SoakReport | undefined;
  if (sizes.length > 0) ensureWrk();
  const bare = sizes.length > 0 ? await startBareServer() : undefined;
  try {
    for (const size of sizes) {
      const url = await prepareDataSet(size);
      const server = await startServer(url);
      try {
        const session = await prepareSession(BASE);
        console.log(`\n${size.name} recipes (${SHOPPING_LIST_NAME}: ${session.shop.lines} lines)`);
        if (PARTS.has("api")) {
          const rss = sampleRss(server.pid ?? 0);
          const api = await measure(session, url);
          const report: SizeReport = {
            api,
            maxRssMiB: Math.round(rss.stop()),
            seedSeconds: Math.round(seedSeconds[size.name] ?? 0),
          };
          bySize[size.name] = report;
          console.log(`  max RSS of the server during the API part: ${report.maxRssMiB} MiB`);
        }
        if (size.name === largest && PARTS.has("web") && PARTS.has("api")) {
          console.log("\nLighthouse");
          lighthouse = await lighthouseRuns(session);
        }
        if (size.name === largest && PARTS.has("soak")) {
          console.log(`\nSoak: ${SOAK_MINUTES} min of mixed traffic at ${size.name}`);
          soak = await runSoak(session, server.pid ?? 0, size.name, bySize[size.name]?.api);
        }
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    if (bare) await stopServer(bare);
  }
  await cluster?.stop();

  // After the API's server has stopped: this part starts a server and a database of its own.
  let listEvents: ListEventsReport | undefined;
  if (PARTS.has("list-events")) {
    console.log("\nLive list updates");
    listEvents = await benchListEvents({ members: 20, ticks: 200, pauseMs: 20 });
    console.log(listEventsMarkdown(listEvents).join("\n"));
  }

  const report = {
    date,
    machine,
    parts: [...PARTS],
    workers: WORKERS ?? "default",
    bySize,
    web,
    lighthouse,
    listEvents,
    soak,
  };
  const name = FULL_RUN ? date : `${date}-${[...PARTS].join("-")}`;
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(args.out, `${name}.md`), markdownReport(report));
  console.log(`\nReport written to ${path.join(args.out, `${name}.md`)}`);
}

await main();
