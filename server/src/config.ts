import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { repoRoot } from "./paths.js";

// The server's settings, read from environment variables once at start and checked here, so
// a typo (PORT=abc) stops the start with a message naming the variable instead of showing up
// later as odd behaviour. The README's configuration table lists the same variables.

const port = (fallback: number) =>
  z.coerce
    .number({ error: "must be a port number (0-65535)" })
    .int("must be a port number (0-65535)")
    .min(0, "must be a port number (0-65535)")
    .max(65535, "must be a port number (0-65535)")
    .default(fallback);
const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number above 0" })
    .int("must be a whole number above 0")
    .positive("must be a whole number above 0")
    .default(fallback);
const flag = z.enum(["true", "false"]).default("false");
const unsetIfBlank = (value: unknown) => (value === "" ? undefined : value);

const environment = z.object({
  PORT: port(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    unsetIfBlank,
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  ),
  DATA_DIR: z.string().min(1).default("data"),
  EMBEDDED_PG_PORT: port(54329),
  SESSION_SECRET: z.preprocess(
    unsetIfBlank,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().min(1).default("web/dist"),
  DB_POOL_SIZE: positiveInt(20),
  DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(15000),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10000),
});

export interface Config {
  port: number;
  host: string;
  /** Unset: the server starts its own embedded PostgreSQL under `dataDir/postgres`. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  dataDir: string;
  mediaDir: string;
  /** Built web app to serve; absent in tests and `npm run dev`. */
  webDist: string | undefined;
  sessionSecret: string;
  production: boolean;
  logLevel: string;
  trustProxy: boolean;
  database: {
    poolSize: number;
    /** How long a request waits for a connection before it is answered 503. */
    connectTimeoutMs: number;
    /** Longest a single statement may run; it is cancelled after, and the request gets 503. */
    statementTimeoutMs: number;
  };
  /** How long a stop waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
}

/** A setting that cannot be used; the message names every bad variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(repoRoot, vars.DATA_DIR);
  mkdirSync(path.join(dataDir, "media"), { recursive: true });
  const webDist = path.resolve(repoRoot, vars.WEB_DIST);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    embeddedPostgresPort: vars.EMBEDDED_PG_PORT,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    sessionSecret: vars.SESSION_SECRET ?? persistentSecret(dataDir, "session-secret"),
    production: vars.NODE_ENV === "production",
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY === "true",
    database: {
      poolSize: vars.DB_POOL_SIZE,
      connectTimeoutMs: vars.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS,
    },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
  };
}

/**
 * A secret generated on first use and kept in the data directory, readable by its owner only:
 * the session key (restarts keep sessions) and the embedded PostgreSQL's superuser password.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
