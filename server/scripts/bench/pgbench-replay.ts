// What PostgreSQL alone does for an endpoint (issue 28): the statements a few of its requests
// ran, captured from the cluster's statement log, replayed with pgbench. The endpoint's req/s
// over pgbench's transactions/s is then the app's own overhead (Fastify, serialization, the
// pool, the round trips), and the statements per request are its round trips.
import { execFile } from "node:child_process";
import { closeSync, mkdirSync, openSync, readSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The bench's own connection: its markers are told apart by this name. */
const APPLICATION_NAME = "potluck-bench-capture";
const MARKER = /^select 'bench-capture (\d+|end)'$/;
/**
 * %a: the server's pool leaves application_name empty (logged as "[unknown]"); pg-boss and the
 * listeners name theirs.
 */
const LINE_PREFIX = "%m [%p] app=%a ";
const LINE = /^.*? \[(\d+)\] app=(\S*) ([A-Z]+): {2}(.*)$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Entry {
  pid: number;
  app: string;
  level: string;
  message: string;
}

/**
 * The log's messages from `text`: a line per message, its continuation lines (a multi-line
 * statement or parameter) starting with a tab.
 */
function parseLog(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const line of text.split("\n")) {
    const last = entries[entries.length - 1];
    if (line.startsWith("\t")) {
      if (last) last.message += `\n${line.slice(1)}`;
      continue;
    }
    const match = LINE.exec(line);
    if (!match) continue;
    entries.push({
      pid: Number(match[1]),
      app: match[2] ?? "",
      level: match[3] ?? "",
      message: match[4] ?? "",
    });
  }
  return entries;
}

/**
 * The statement with every string literal that has a colon in it written as a Unicode escape
 * string (U&'HH24\003AMI'): pgbench reads `:name` as a variable even inside quotes, and an
 * escape string is the same untyped literal to PostgreSQL. Comments are left out (an
 * apostrophe in one is no quote); double-quoted names are skipped; E'' strings are left alone
 * (node-postgres and drizzle write none).
 */
function escapeColons(statement: string): string {
  let out = "";
  let i = 0;
  while (i < statement.length) {
    const c = statement[i];
    if (statement.startsWith("--", i) || statement.startsWith("/*", i)) {
      const close = c === "-" ? "\n" : "*/";
      const end = statement.indexOf(close, i + 2);
      i = end < 0 ? statement.length : c === "-" ? end : end + 2;
      continue;
    }
    if (c !== "'" && c !== '"') {
      out += c;
      i++;
      continue;
    }
    let end = i + 1;
    for (; end < statement.length; end++) {
      if (statement[end] !== c) continue;
      if (statement[end + 1] !== c) break;
      end++; // a doubled quote inside
    }
    const quoted = statement.slice(i, end + 1);
    const plain = c === "'" && !/[A-Za-z0-9_&]$/.test(out);
    out +=
      plain && quoted.includes(":")
        ? `U&${quoted.replaceAll("\\", "\\\\").replaceAll(":", "\\003A")}`
        : quoted;
    i = end + 1;
  }
  return out;
}

/** `$1 = '5', $2 = NULL, $3 = 'it''s'` → ["'5'", "NULL", "'it''s'"] by number. */
function parseParameters(detail: string): Map<number, string> {
  const values = new Map<number, string>();
  for (const match of detail.matchAll(/\$(\d+) = ('(?:[^']|'')*'|NULL)/g)) {
    values.set(Number(match[1]), match[2] ?? "NULL");
  }
  return values;
}

/**
 * The statement with each $n replaced by its value as logged (a quoted literal or NULL: as
 * node-postgres sends every parameter untyped, PostgreSQL infers the literal's type as it did
 * the parameter's), ready for a pgbench script.
 */
function withParameters(statement: string, values: Map<number, string>): string {
  return escapeColons(statement.replace(/\$(\d+)/g, (whole, n) => values.get(Number(n)) ?? whole));
}

/** Background work the server does whatever the requests: not part of any request. */
function isBackground(statement: string): boolean {
  return /\bpgboss\./i.test(statement) || /^\s*(un)?listen\b/i.test(statement);
}

/**
 * The statements of each request, in order, from the log text written during a capture:
 * everything the server's pool ran between one marker and the next.
 */
export function requestsOfLog(text: string, count: number): string[][] {
  const requests: string[][] = Array.from({ length: count }, () => []);
  let current = -1;
  const entries = parseLog(text);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry?.level !== "LOG") continue;
    const simple = /^statement: ([\s\S]*)$/.exec(entry.message);
    const extended = /^execute [^:]*: ([\s\S]*)$/.exec(entry.message);
    const statement = (simple?.[1] ?? extended?.[1])?.trim();
    if (statement === undefined) continue;
    if (entry.app === APPLICATION_NAME) {
      const marker = MARKER.exec(statement);
      if (marker) current = marker[1] === "end" ? -1 : Number(marker[1]);
      continue;
    }
    const pool = entry.app === "[unknown]" || entry.app === "";
    if (!pool || current < 0 || isBackground(statement)) continue;
    // Its parameters are the DETAIL of the same message, the next entry of the same process.
    const next = entries[i + 1];
    const detail =
      extended && next?.pid === entry.pid && next.level === "DETAIL"
        ? /^Parameters: ([\s\S]*)$/.exec(next.message)?.[1]
        : undefined;
    requests[current]?.push(withParameters(statement, parseParameters(detail ?? "")));
  }
  return requests;
}

async function setLogging(client: pg.Client, on: boolean): Promise<void> {
  if (on) {
    await client.query("alter system set log_statement = 'all'");
    await client.query(`alter system set log_line_prefix = '${LINE_PREFIX}'`);
  } else {
    await client.query("alter system reset log_statement");
    await client.query("alter system reset log_line_prefix");
  }
  await client.query("select pg_reload_conf()");
  // Every backend reloads on its own, before its next command: give them the time to.
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const shown = await client.query<{ log_statement: string }>("show log_statement");
    if ((shown.rows[0]?.log_statement === "all") === on) break;
  }
  await sleep(200);
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

/**
 * Sends `count` requests one after another (`send(i)` awaits its response) with the statement
 * log on, a marker before each from a connection of our own, and returns each request's
 * statements with their parameters filled in. A superuser's `databaseUrl` is needed (ALTER
 * SYSTEM); the server should have nothing else to do meanwhile.
 */
export async function captureStatements(options: {
  databaseUrl: string;
  logFile: string;
  count: number;
  send: (i: number) => Promise<void>;
}): Promise<string[][]> {
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: APPLICATION_NAME,
  });
  await client.connect();
  try {
    await setLogging(client, true);
    const offset = statSync(options.logFile).size;
    try {
      for (let i = 0; i < options.count; i++) {
        await client.query(`select 'bench-capture ${i}'`);
        await options.send(i);
      }
      // Whatever a request does after its response (none should) still counts as its own.
      await sleep(100);
      await client.query("select 'bench-capture end'");
    } finally {
      await setLogging(client, false);
    }
    return requestsOfLog(readFrom(options.logFile, offset), options.count);
  } finally {
    await client.end();
  }
}

/** pgbench's transactions per second, or why there are none. */
export interface PgbenchResult {
  tps: number | null;
  error?: string;
}

/**
 * Replays the captured requests with pgbench: one script per request (each picked at random,
 * equally often), `connections` clients on one thread for `seconds`, each statement prepared
 * once per connection. The scripts are kept in `dir` to be read afterwards.
 */
export function runPgbench(
  requests: string[][],
  options: { databaseUrl: string; dir: string; connections: number; seconds: number },
): Promise<PgbenchResult> {
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const files = requests.map((statements, i) => {
    const file = path.join(options.dir, `request-${i + 1}.sql`);
    writeFileSync(file, statements.map((s) => `${s};\n`).join(""));
    return file;
  });
  const argv = [
    "-n",
    "-M",
    // Prepared: each statement planned once per connection, as PostgreSQL does it at its best
    // (the server names its hot statements so as to be planned once too).
    "prepared",
    "-c",
    String(options.connections),
    "-j",
    "1",
    "-T",
    String(options.seconds),
    ...files.flatMap((file) => ["-f", file]),
    options.databaseUrl,
  ];
  return new Promise((resolve) => {
    execFile("/usr/bin/pgbench", argv, (error, stdout, stderr) => {
      const tps = /tps = ([\d.]+) \((?:without initial connection time|excluding connections)/.exec(
        stdout,
      );
      const failed = /^pgbench: error: .*$/m.exec(stderr)?.[0];
      if (error || !tps || failed) {
        resolve({ tps: null, error: failed ?? (stderr.trim() || String(error)) });
      } else {
        resolve({ tps: Number(tps[1]) });
      }
    });
  });
}
