// Live list updates, measured (issue 11, "Measure"; decision 0012): the time from a tick by
// one cook to the `event: change` on the other cooks' open streams, with 200 open streams on
// one server process, and the server's memory per open stream. Targets: p95 < 300 ms on this
// machine, < 50 KB per stream. A measurement, not a test: it prints a table and fails only
// when something does not work at all.
//
// Usage: cd server && npx tsx scripts/bench-list-events.ts [--members 20] [--ticks 200] [--pause 20]
// `npm run bench` runs it too (benchListEvents below) and puts its table in the report.
//
// A scratch PostgreSQL and the built server (`node dist/main.js`, production mode) as a
// process of its own. The owner shares one list with --members cooks, each holding as many
// streams on it (tabs, phones) as make 200 in all: every stream hears every tick, so one tick
// fans out to 200 streams: the most one process can be asked for one change. Then the owner
// ticks one item --ticks times, one at a time; a delivery is the time from sending the PATCH to
// a stream reading the event. The same again with 400 streams, to see that memory grows linearly.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { freePort, startScratchPostgres } from "../test/scratch-postgres.js";

export interface ListEventsOptions {
  /** Cooks the list is shared with; the streams are spread over them. */
  members: number;
  /** Ticks timed at each number of streams. */
  ticks: number;
  /** Pause between ticks, ms. */
  pauseMs: number;
}

export interface ListEventsRow {
  streams: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The p95 over ticks of the time until the LAST stream had the tick's event. */
  p95LastStream: number;
  patchP50: number;
  kbPerStream: number;
  mbGrown: number;
}

export interface ListEventsReport extends ListEventsOptions {
  cpus: number;
  node: string;
  rows: ListEventsRow[];
}

const PASSWORD = "bench-listen-7Qx!";
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in cook: session cookie and CSRF token, as the web app holds them. */
class Cook {
  private cookies = new Map<string, string>();
  private csrf = "";
  constructor(
    private readonly base: string,
    readonly username: string,
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    if (method !== "GET" && !this.csrf) await this.refreshCsrf();
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        "x-csrftoken": this.csrf,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async refreshCsrf() {
    this.csrf = "";
    this.csrf = (await this.call<{ csrfToken: string }>("GET", "/api/auth/csrf/")).csrfToken;
  }

  async signUp() {
    const { username } = this;
    const email = `${username}@example.com`;
    const body = { username, email, password: PASSWORD, confirm_password: PASSWORD };
    await this.call("POST", "/api/auth/signup/", { ...body, accept_tos: true });
    await this.call("POST", "/api/auth/login/", { username, password: PASSWORD });
    await this.refreshCsrf(); // login rotates it
  }
}

/** One open event stream: when it got the first `id:`, and each `event: change` it read. */
interface Stream {
  request: http.ClientRequest;
  changes: { id: number; at: number }[];
}

/** Opens the list's event stream as `cook`; resolves once the stream's first `id:` is read. */
function openStream(base: string, cook: Cook, listId: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const url = `${base}/api/groceries/lists/${listId}/events/`;
    const headers = { cookie: cook.cookie, accept: "text/event-stream" };
    const request = http.get(url, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      const stream: Stream = { request, changes: [] };
      let buffer = "";
      response.on("error", () => {}); // our own destroy() at the end
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const fields = new Map(
            buffer
              .slice(0, end)
              .split("\n")
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
          );
          buffer = buffer.slice(end + 2);
          if (fields.get("event") === "change")
            stream.changes.push({ id: Number(fields.get("id")), at });
          else if (fields.has("id")) resolve(stream);
        }
      });
    });
    request.on("error", reject);
  });
}

const closeStreams = (streams: Stream[]) => {
  for (const stream of streams) stream.request.destroy();
};

/** The server's resident memory, in KB, as the median of a few readings a moment apart. */
async function serverRssKb(pid: number): Promise<number> {
  await sleep(1000); // let the opening settle: timers, the pool, garbage
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    readings.push(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]));
    await sleep(200);
  }
  return readings.sort((a, b) => a - b)[2] as number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;

/** Ticks the item `ticks` times; each waits for its event on every stream before the next. */
async function tickAndTime(
  owner: Cook,
  itemId: number,
  streams: Stream[],
  ticks: number,
  pauseMs: number,
) {
  const deliveries: number[] = [];
  const lastOfTick: number[] = [];
  const patches: number[] = [];
  for (let k = 0; k < ticks; k++) {
    const seen = streams.map((stream) => stream.changes.length);
    const sent = performance.now();
    await owner.call("PATCH", `/api/groceries/items/${itemId}/`, { is_checked: k % 2 === 0 });
    patches.push(performance.now() - sent);
    while (streams.some((stream, i) => stream.changes.length <= (seen[i] as number))) {
      if (performance.now() - sent > 10_000) throw new Error(`tick ${k}: no event after 10 s`);
      await sleep(1);
    }
    // Each tick is exactly one new event, the same id on every stream.
    const events = streams.map(
      (stream, i) => stream.changes[seen[i] as number] as Stream["changes"][0],
    );
    if (new Set(events.map((event) => event.id)).size !== 1)
      throw new Error(`tick ${k}: ids differ`);
    const times = events.map((event) => event.at - sent);
    deliveries.push(...times);
    lastOfTick.push(Math.max(...times));
    await sleep(pauseMs);
  }
  return {
    deliveries: deliveries.sort((a, b) => a - b),
    lastOfTick: lastOfTick.sort((a, b) => a - b),
    patches: patches.sort((a, b) => a - b),
  };
}

// ---------- the database and the server under test ----------

async function startServer(databaseUrl: string, dataDir: string, port: number) {
  const base = `http://127.0.0.1:${port}`;
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: serverDir });
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      SIGNUPS_PER_ADDRESS: "100000",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await sleep(200);
  }
  throw new Error("the server did not start");
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  });
}

/**
 * Measures tick → event latency and memory per stream with 200 and 400 open streams on one
 * server process, on a scratch database; stops both before returning.
 */
export async function benchListEvents(options: ListEventsOptions): Promise<ListEventsReport> {
  const { members: memberCount, ticks, pauseMs } = options;
  const database = await startScratchPostgres("potluck-bench-events-");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-bench-events-data-"));
  let server: ChildProcess | undefined;
  const open: Stream[] = [];
  try {
    const started = await startServer(database.url, dataDir, await freePort());
    server = started.child;
    const { base } = started;
    const pid = server.pid as number;

    // The owner, the members, one shared list with one item on it.
    const owner = new Cook(base, "bench_owner");
    await owner.signUp();
    const members = Array.from(
      { length: memberCount },
      (_, i) => new Cook(base, `bench_member_${i + 1}`),
    );
    for (const member of members) await member.signUp();
    const list = await owner.call<{ id: number }>("POST", "/api/groceries/lists/", {
      name: "Bench",
    });
    for (const member of members) {
      await owner.call("POST", `/api/groceries/lists/${list.id}/members/`, {
        username: member.username,
      });
    }
    const [unit] = await owner.call<{ id: number }[]>("GET", "/api/ingredients/units/");
    const ingredients = await owner.call<{ results: { id: number }[] }>(
      "GET",
      "/api/ingredients/ingredients/?search=onion",
    );
    await owner.call("POST", "/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: ingredients.results[0]?.id,
      unit_id: unit?.id,
      quantity: 2,
    });
    const [item] = await owner.call<{ id: number }[]>(
      "GET",
      `/api/groceries/items/?grocery_list=${list.id}`,
    );
    if (!item) throw new Error("the list has no item");

    /** Opens `count` more streams, spread evenly over the members. */
    const openMore = async (count: number) => {
      const opened = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          openStream(base, members[i % memberCount] as Cook, list.id),
        ),
      );
      open.push(...opened);
      return opened;
    };

    // Warm-up: the LISTEN connection, the JIT, the pool; then the streams are closed again.
    const warm = await openMore(20);
    await tickAndTime(owner, item.id, warm, 20, pauseMs);
    closeStreams(open.splice(0));

    // Memory first, before any ticks on many streams leave garbage behind.
    const counts = [200, 400];
    const baseline = await serverRssKb(pid);
    const grownKb: number[] = [];
    for (const count of counts) {
      await openMore(count - open.length);
      grownKb.push((await serverRssKb(pid)) - baseline);
    }
    closeStreams(open.splice(counts[0] as number));

    const rows: ListEventsRow[] = [];
    for (const [i, count] of counts.entries()) {
      await openMore(count - open.length);
      const t = await tickAndTime(owner, item.id, open, ticks, pauseMs);
      const grown = grownKb[i] as number;
      rows.push({
        streams: count,
        p50: percentile(t.deliveries, 0.5),
        p95: percentile(t.deliveries, 0.95),
        p99: percentile(t.deliveries, 0.99),
        max: t.deliveries.at(-1) as number,
        p95LastStream: percentile(t.lastOfTick, 0.95),
        patchP50: percentile(t.patches, 0.5),
        kbPerStream: grown / count,
        mbGrown: grown / 1024,
      });
      console.log(`${count} streams measured`);
    }
    return { ...options, cpus: os.cpus().length, node: process.version, rows };
  } finally {
    closeStreams(open);
    if (server) await stopServer(server);
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report's section: what was measured, the table, the targets. */
export function listEventsMarkdown(report: ListEventsReport): string[] {
  const ms = (value: number) => value.toFixed(1);
  return [
    `Tick → event on open streams: ${report.members} members and the owner on one list, ` +
      `${report.ticks} ticks ${report.pauseMs} ms apart, one server process, ${report.cpus} CPUs, ` +
      `Node ${report.node}. Times in ms from sending the PATCH to a stream reading the event; ` +
      `memory is the server's VmRSS growth over its idle warmed-up state, divided by the streams.`,
    "",
    "| streams | p50 | p95 | p99 | max | p95 of a tick's last stream | PATCH p50 | KB per stream |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...report.rows.map(
      (r) =>
        `| ${r.streams} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ` +
        `${ms(r.p95LastStream)} | ${ms(r.patchP50)} | ${r.kbPerStream.toFixed(1)} ` +
        `(${r.mbGrown.toFixed(1)} MB) |`,
    ),
    "",
    "Targets (issue 11): p95 < 300 ms with 200 streams, < 50 KB per stream.",
  ];
}

// Run directly: measure and print the table.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      members: { type: "string", default: "20" },
      ticks: { type: "string", default: "200" },
      pause: { type: "string", default: "20" },
    },
  });
  const report = await benchListEvents({
    members: Number(values.members),
    ticks: Number(values.ticks),
    pauseMs: Number(values.pause),
  });
  console.log(`\n${listEventsMarkdown(report).join("\n")}`);
}
