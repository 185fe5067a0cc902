// npm run bench [-- --duration 10 --sizes 1k,10k,100k --skip-web --parts api,web,list-events]
// The product measured at realistic scale: API throughput and latency on a scale-seeded
// database with the server in production mode, cost growth from 1k to 100k recipes, the
// web app's first-load size and Lighthouse scores, and live list updates (tick → event latency
// and memory per stream with 200 open streams, bench-list-events.ts). Writes
// docs/benchmarks/<date>.{md,json}; a run of some parts only writes <date>-<parts>.{md,json},
// so it never replaces a full report. Data sets are kept under DATA_DIR/bench, so a second
// run skips the seeding.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
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
import { loadReferenceData } from "../src/db/reference-data.js";
import { benchListEvents, type ListEventsReport, listEventsMarkdown } from "./bench-list-events.js";
import { formatSeconds } from "./progress-bar.js";
import { SCALE_PASSWORD, seedScale, TITLE_WORDS } from "./seed-scale.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    sizes: { type: "string", default: "1k,10k,100k" },
    "skip-web": { type: "boolean", default: false },
    parts: { type: "string", default: "api,web,list-events" },
    "seed-only": { type: "boolean", default: false },
    out: { type: "string", default: path.join(repoRoot, "docs/benchmarks") },
  },
});
/** The parts to run: `api` (the data sizes), `web` (assets; Lighthouse too with `api`), `list-events`. */
const ALL_PARTS = ["api", "web", "list-events"];
const PARTS = new Set(args.parts.split(",").map((part) => part.trim()));
for (const part of PARTS) {
  if (!ALL_PARTS.includes(part)) throw new Error(`--parts: unknown part ${part} (${ALL_PARTS})`);
}
if (args["skip-web"]) PARTS.delete("web");
const DURATION = Number(args.duration);
const CEILING_DURATION = 5;
const CONNECTIONS = Number(args.connections);
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
const cluster = PARTS.has("api")
  ? await startEmbeddedPostgres(path.join(benchDir, "postgres"), 54340)
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
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
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

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  });
}

/** Signs in as scale_1 (who follows 500 cooks) and finds the ids the endpoints need. */
async function prepareSession() {
  const csrfResponse = await fetch(`${BASE}/api/auth/csrf/`);
  let cookies = csrfResponse.headers.getSetCookie().map((c) => c.split(";")[0]);
  let { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const login = await fetch(`${BASE}/api/auth/login/`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: cookies.join("; "),
      "x-csrftoken": csrfToken,
    },
    body: JSON.stringify({ username: "scale_1", password: SCALE_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const fresh = login.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const byName = new Map([...cookies, ...fresh].map((c) => [c?.split("=")[0], c]));
  cookies = [...byName.values()];
  const cookie = cookies.join("; ");
  const get = async <T>(url: string) => {
    const response = await fetch(url.startsWith("http") ? url : `${BASE}${url}`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as T;
  };
  csrfToken = (await get<{ csrfToken: string }>("/api/auth/csrf/")).csrfToken;

  type Page<T> = { next: string | null; results: T[] };
  const recipes = await get<Page<{ id: number; slug: string }>>("/api/recipes/recipes/");
  const recipe = recipes.results[0];
  if (!recipe) throw new Error("no recipes");
  const feed = await get<Page<{ id: number }>>(
    "/api/feed/items/?exclude_event_types=update_recipe",
  );
  const feedItem = feed.results[0];
  if (!feedItem) throw new Error("empty feed");
  let deepPage = "/api/feed/items/?exclude_event_types=update_recipe";
  for (let i = 0; i < 25; i++) {
    const page = await get<Page<unknown>>(deepPage);
    if (!page.next) break;
    deepPage = page.next.replace(/^https?:\/\/[^/]+/, "");
  }
  const lists = await get<{ id: number }[]>("/api/groceries/lists/");
  const list = lists[0];
  if (!list) throw new Error("scale_1 has no grocery list");
  // a rating of scale_1's own to rewrite, on a recipe of someone else
  const headers = { "content-type": "application/json", cookie, "x-csrftoken": csrfToken };
  const target = recipes.results.find((r) => r.id !== recipe.id) ?? recipe;
  const ratingResponse = await fetch(`${BASE}/api/recipes/ratings/`, {
    method: "POST",
    headers,
    body: JSON.stringify({ recipe: target.id, rating: 8, comment: "bench" }),
  });
  let ratingId = ((await ratingResponse.json()) as { id?: number }).id;
  if (!ratingId) {
    const ratings = await get<{ id: number; author_username: string }[]>(
      `/api/recipes/ratings/?recipe=${target.id}`,
    );
    ratingId = ratings.find((r) => r.author_username === "scale_1")?.id;
  }
  return { cookie, csrfToken, recipe, ratedRecipe: target, feedItem, deepPage, list, ratingId };
}

type Session = Awaited<ReturnType<typeof prepareSession>>;

interface Endpoint {
  name: string;
  kind: "read" | "write";
  requests: (s: Session) => autocannon.Request[];
}

const searchPath = (words: string) => `/api/recipes/recipes/?search=${encodeURIComponent(words)}`;

/** About 7,000 different searches built from the seeded titles' words, in a shuffled order. */
const NEW_SEARCHES = (() => {
  const { first, main, dish } = TITLE_WORDS;
  const searches = [
    ...main.flatMap((m) => dish.map((d) => `${m} ${d}`)),
    ...first.flatMap((f) => main.flatMap((m) => dish.map((d) => `${f} ${m} ${d}`))),
  ].map((words) => words.toLowerCase());
  // A fixed pseudo-random order, so that runs compare.
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = searches.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [searches[i], searches[j]] = [searches[j] as string, searches[i] as string];
  }
  return searches;
})();
let newSearches = 0;

const ENDPOINTS: Endpoint[] = [
  {
    name: "health (ceiling)",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/health/" }],
  },
  {
    name: "auth status",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/auth/status/" }],
  },
  {
    name: "explore first page",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/recipes/recipes/" }],
  },
  {
    name: "explore search",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/recipes/recipes/?search=creamy%20chicken" }],
  },
  {
    // What Explore asks while the cook is still typing: two letters match about half of all
    // recipes.
    name: "search, two letters",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/recipes/recipes/?search=ch" }],
  },
  {
    // Every request searches for words no earlier request used, so none finds a kept ranking
    // (see SearchRankings): what a search costs the first time it is made.
    name: "search, new words each time",
    kind: "read",
    requests: () => [
      {
        method: "GET",
        path: searchPath(NEW_SEARCHES[0] ?? "chicken"),
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          path: searchPath(NEW_SEARCHES[newSearches++ % NEW_SEARCHES.length] ?? "chicken"),
        }),
      },
    ],
  },
  {
    name: "search with a typo",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/recipes/recipes/?search=creamy%20chiken" }],
  },
  {
    name: "recipe detail",
    kind: "read",
    requests: (s) => [{ method: "GET", path: `/api/recipes/recipes/${s.recipe.id}/` }],
  },
  {
    name: "feed first page",
    kind: "read",
    requests: () => [{ method: "GET", path: "/api/feed/items/?exclude_event_types=update_recipe" }],
  },
  { name: "feed deep page", kind: "read", requests: (s) => [{ method: "GET", path: s.deepPage }] },
  {
    name: "grocery list items",
    kind: "read",
    requests: (s) => [{ method: "GET", path: `/api/groceries/items/?grocery_list=${s.list.id}` }],
  },
  {
    name: "like toggle",
    kind: "write",
    requests: (s) => [
      { method: "POST", path: `/api/feed/items/${s.feedItem.id}/like/` },
      { method: "DELETE", path: `/api/feed/items/${s.feedItem.id}/like/` },
    ],
  },
  {
    name: "rating write",
    kind: "write",
    requests: (s) => [
      {
        method: "PUT",
        path: `/api/recipes/ratings/${s.ratingId}/`,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ recipe: s.ratedRecipe.id, rating: 7, comment: "bench" }),
      },
    ],
  },
];

interface Measurement {
  endpoint: string;
  kind: string;
  throughput: number;
  /** The health route's max req/s, measured right before this endpoint. */
  ceiling: number;
  ratioOfCeiling: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  session: Session,
  endpoint: Endpoint,
  options: { duration: number; overallRate?: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: options.duration,
    overallRate: options.overallRate,
    headers: { cookie: session.cookie, "x-csrftoken": session.csrfToken },
    requests: endpoint.requests(session),
  });
}

/** A benchmark of error answers measures nothing: each request must succeed once first. */
async function expectSuccess(session: Session, endpoint: Endpoint): Promise<void> {
  for (const request of endpoint.requests(session)) {
    const response = await fetch(`${BASE}${request.path}`, {
      method: request.method,
      headers: {
        cookie: session.cookie,
        "x-csrftoken": session.csrfToken,
        ...(request.headers as Record<string, string> | undefined),
      },
      body: request.body as string | undefined,
    });
    if (!response.ok) {
      throw new Error(
        `${endpoint.name}: ${request.method} ${request.path} answered ${response.status}`,
      );
    }
  }
}

async function measure(
  session: Session,
  endpoints: Endpoint[],
  full: boolean,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const [health] = ENDPOINTS;
  if (!health) throw new Error("no ceiling endpoint");
  for (const endpoint of endpoints) {
    await expectSuccess(session, endpoint);
    // This machine's speed drifts by up to half over minutes (shared cores), so each endpoint
    // is compared with the ceiling measured right before it, not once for the whole run.
    const ceiling =
      endpoint === health
        ? 0
        : (await load(session, health, { duration: CEILING_DURATION })).requests.average;
    await load(session, endpoint, { duration: 2 }); // warm-up: JIT, caches, connection pool
    const max = await load(session, endpoint, { duration: DURATION });
    const throughput = max.requests.average;
    const measurement: Measurement = {
      endpoint: endpoint.name,
      kind: endpoint.kind,
      throughput: Math.round(throughput),
      ceiling: Math.round(ceiling || throughput),
      ratioOfCeiling: throughput / (ceiling || throughput),
      rate: 0,
      p50: 0,
      p99: 0,
      errors: max.errors + max.non2xx,
    };
    if (full) {
      const rate = Math.max(1, Math.round(throughput / 2));
      const fixed = await load(session, endpoint, { duration: DURATION, overallRate: rate });
      measurement.rate = rate;
      measurement.p50 = fixed.latency.p50;
      measurement.p99 = fixed.latency.p99;
      measurement.errors += fixed.errors + fixed.non2xx;
    }
    console.log(
      `  ${endpoint.name.padEnd(28)} ${String(measurement.throughput).padStart(6)} req/s` +
        ` (${(measurement.ratioOfCeiling * 100).toFixed(0)}% of ${measurement.ceiling})` +
        (full
          ? `  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms at ${measurement.rate} req/s`
          : ""),
    );
    results.push(measurement);
  }
  return results;
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
  ];
  // Lighthouse's default settings are a phone's (simulated slow 4G, 4× CPU slowdown).
  const formFactors = [
    { formFactor: "desktop", config: desktopConfig },
    { formFactor: "mobile", config: undefined },
  ];
  const cases = formFactors.flatMap((settings) => pages.map((page) => ({ ...page, ...settings })));
  const results = [];
  for (const page of cases) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
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
          page.url,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: { Cookie: session.cookie },
          },
          page.config,
        );
        const lhr = result?.lhr;
        runs.push({
          score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr?.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbtMs: Math.round(lhr?.audits["total-blocking-time"]?.numericValue ?? 0),
          cls:
            Math.round((lhr?.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        });
      } finally {
        chrome.kill();
      }
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

function markdownReport(report: {
  date: string;
  size: string;
  machine: string;
  api: Measurement[];
  growth: Record<string, Measurement[]>;
  web: ReturnType<typeof measureWeb>;
  lighthouse: Awaited<ReturnType<typeof lighthouseRuns>>;
  listEvents: ListEventsReport | undefined;
}): string {
  const lines = [
    `# Benchmark report, ${report.date}${PARTS.size < ALL_PARTS.length ? ` (${[...PARTS].join(", ")} only)` : ""}`,
    "",
    `Machine: ${report.machine}.`,
  ];
  if (report.api.length > 0) {
    lines.push(
      "",
      `Server in production mode on loopback, autocannon with ${CONNECTIONS} connections, ${DURATION} s per measurement after a 2 s warm-up; latency at a fixed rate of half the measured throughput. Data: 10,000 users (100,000 at 1m), recipes as named, 10 feed items per recipe; the reader (scale_1) follows 500 cooks.`,
      "",
      `## API (${report.size} recipes)`,
      "",
      "| endpoint | kind | max req/s | ceiling just before | % of ceiling | fixed rate | p50 ms | p99 ms | errors |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
      ...report.api.map(
        (m) =>
          `| ${m.endpoint} | ${m.kind} | ${m.throughput} | ${m.ceiling} | ${(m.ratioOfCeiling * 100).toFixed(0)}% | ${m.rate} | ${m.p50} | ${m.p99} | ${m.errors} |`,
      ),
    );
  }
  const sizes = Object.keys(report.growth);
  if (sizes.length > 0) {
    lines.push(
      "",
      "## Growth: max req/s by data size",
      "",
      `| endpoint | ${sizes.join(" | ")} | largest / smallest |`,
      `|---|${sizes.map(() => "---:").join("|")}|---:|`,
    );
    for (const endpoint of ENDPOINTS) {
      const row = sizes.map(
        (s) => report.growth[s]?.find((m) => m.endpoint === endpoint.name)?.throughput ?? 0,
      );
      const first = row[0] ?? 0;
      const last = row[row.length - 1] ?? 0;
      lines.push(
        `| ${endpoint.name} | ${row.join(" | ")} | ${first ? (last / first).toFixed(2) : "-"} |`,
      );
    }
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
  return `${lines.join("\n")}\n`;
}

async function main() {
  const wanted = PARTS.has("api") ? args.sizes.split(",").map((name) => name.trim()) : [];
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

  const growth: Record<string, Measurement[]> = {};
  let api: Measurement[] = [];
  let lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> = [];
  const sizes = SIZES.filter((s) => wanted.includes(s.name));
  const largest = sizes[sizes.length - 1]?.name;
  for (const size of sizes) {
    const url = await prepareDataSet(size);
    const server = await startServer(url);
    try {
      const session = await prepareSession();
      const full = size.name === largest;
      console.log(`\n${size.name} recipes${full ? " (full measurement)" : ""}`);
      const results = await measure(session, ENDPOINTS, full);
      growth[size.name] = results;
      if (full) {
        api = results;
        if (PARTS.has("web")) {
          console.log("\nLighthouse");
          lighthouse = await lighthouseRuns(session);
        }
      }
    } finally {
      await stopServer(server);
    }
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
    size: largest ?? "",
    api,
    growth: sizes.length > 1 ? growth : {},
    web,
    lighthouse,
    listEvents,
  };
  const name = PARTS.size < ALL_PARTS.length ? `${date}-${[...PARTS].join("-")}` : date;
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(args.out, `${name}.md`), markdownReport(report));
  console.log(`\nReport written to ${path.join(args.out, `${name}.md`)}`);
}

await main();
