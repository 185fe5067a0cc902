import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { prepareDataDir } from "./data-dir.js";
import { repoRoot } from "./paths.js";

// The server's settings, read from environment variables once at start and checked here, so
// a typo (PORT=abc) stops the start with a message naming the variable instead of showing up
// later as odd behaviour. The README's configuration table lists the same variables. Parsing
// (parseConfig) writes nothing; the data directory and its generated secret are made after
// it, by prepareDataDir (data-dir.ts).

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
/** A rate limit's window: at most 30 days, which no sensible limit exceeds. */
const windowSeconds = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number of seconds from 1 to 2592000 (30 days)" })
    .int("must be a number of seconds from 1 to 2592000 (30 days)")
    .min(1, "must be a number of seconds from 1 to 2592000 (30 days)")
    .max(2592000, "must be a number of seconds from 1 to 2592000 (30 days)")
    .default(fallback);
/** Worker processes of `npm start`: more than 64 would only queue on the database. */
const workerCount = z.coerce
  .number({ error: "must be a whole number from 1 to 64" })
  .int("must be a whole number from 1 to 64")
  .min(1, "must be a whole number from 1 to 64")
  .max(64, "must be a whole number from 1 to 64")
  .default(1);
/** Whole numbers from `min` to `max`, named in the message. */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};
/** `name@host` or `Some Name <name@host>`: what a mail's From may say. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;
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
  // Unset: a free port, kept in the data directory (db/embedded-port.ts).
  EMBEDDED_PG_PORT: z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ error: "must be a port number (1-65535)" })
      .int("must be a port number (1-65535)")
      .min(1, "must be a port number (1-65535)")
      .max(65535, "must be a port number (1-65535)")
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    unsetIfBlank,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_REQUESTS: z.enum(["true", "false"]).optional(),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().min(1).default("web/dist"),
  DB_POOL_SIZE: positiveInt(20),
  DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(15000),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10000),
  WEB_CONCURRENCY: workerCount,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: positiveInt(10),
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_WINDOW_SECONDS: windowSeconds(900),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt(50),
  LOGIN_FAILURES_PER_ADDRESS_WINDOW_SECONDS: windowSeconds(900),
  SIGNUPS_PER_ADDRESS: positiveInt(10),
  SIGNUPS_PER_ADDRESS_WINDOW_SECONDS: windowSeconds(3600),
  INGREDIENT_CREATES_PER_USER: positiveInt(30),
  INGREDIENT_CREATES_PER_USER_WINDOW_SECONDS: windowSeconds(3600),
  IMPORTS_PER_USER_PER_HOUR: positiveInt(30),
  REPORTS_PER_USER: positiveInt(20),
  REPORTS_PER_USER_WINDOW_SECONDS: windowSeconds(3600),
  IMPORT_ALLOW_PRIVATE_HOSTS: flag,
  IMPORT_FETCH_TIMEOUT_MS: positiveInt(10_000),
  IMPORT_MAX_PAGE_BYTES: positiveInt(5 * 1024 * 1024),
  STORAGE: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  S3_ENDPOINT: z.preprocess(
    unsetIfBlank,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  S3_BUCKET: z.preprocess(
    unsetIfBlank,
    // S3's bucket naming rules, which MinIO and the others follow too.
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)")
      .optional(),
  ),
  S3_REGION: z.preprocess(unsetIfBlank, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(unsetIfBlank, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(unsetIfBlank, z.string().optional()),
  S3_PUBLIC_URL: z.preprocess(
    unsetIfBlank,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  SMTP_URL: z.preprocess(
    unsetIfBlank,
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .regex(
        MAIL_FROM_PATTERN,
        "must be an address, or a name and an address: Potluck <potluck@example.com>",
      )
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    unsetIfBlank,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  PASSWORD_RESET_TTL_MINUTES: wholeNumber(1, 1440, 60),
  PASSWORD_RESETS_PER_ADDRESS: positiveInt(20),
  PASSWORD_RESETS_PER_ADDRESS_WINDOW_SECONDS: windowSeconds(3600),
  PASSWORD_RESETS_PER_EMAIL: positiveInt(5),
  PASSWORD_RESETS_PER_EMAIL_WINDOW_SECONDS: windowSeconds(3600),
  // Backups at most a week apart; BACKUP_KEEP=0 turns them off (backup/automatic.ts).
  BACKUP_INTERVAL_HOURS: wholeNumber(1, 168, 24),
  BACKUP_KEEP: wholeNumber(0, 1000, 7),
});

/** What STORAGE=s3 cannot do without; each missing one is named in the start's message. */
const S3_REQUIRED = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

const checkedEnvironment = environment.superRefine((vars, context) => {
  // Links in mails must lead to where cooks reach the product, which the server cannot guess.
  if (vars.SMTP_URL !== undefined && vars.PUBLIC_URL === undefined) {
    context.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message: "must be set when SMTP_URL is",
    });
  }
  if (vars.STORAGE !== "s3") return;
  for (const name of S3_REQUIRED) {
    if (vars[name] === undefined) {
      context.addIssue({ code: "custom", path: [name], message: "must be set when STORAGE=s3" });
    }
  }
});

/** An S3-compatible bucket for recipe images (STORAGE=s3). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A CDN (or the bucket's own public address) in front of the bucket; unset: the app streams. */
  publicUrl: string | undefined;
}

/** How mail leaves: SMTP, or files in an outbox folder when no SMTP server is set. */
export interface MailSettings {
  /** SMTP_URL; unset: each mail is written to `outboxDir` as an .eml file. */
  smtpUrl: string | undefined;
  /** DATA_DIR/outbox */
  outboxDir: string;
  from: string;
  /** Where cooks reach the product, for links in mails; no trailing slash. */
  publicUrl: string;
}

/** At most `max` counted attempts in a fixed window of `windowSeconds` (see http/rate-limit.ts). */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  /** Unset: the server starts its own embedded PostgreSQL under `dataDir/postgres`. */
  databaseUrl: string | undefined;
  /** EMBEDDED_PG_PORT; unset: a free port, kept in the data directory. */
  embeddedPostgresPort: number | undefined;
  dataDir: string;
  /** Recipe images with STORAGE=local (the default). */
  mediaDir: string;
  /** Set with STORAGE=s3: images live in this bucket instead of `mediaDir`. */
  s3: S3Settings | undefined;
  /** Built web app to serve; absent in tests and `npm run dev`. */
  webDist: string | undefined;
  sessionSecret: string;
  production: boolean;
  logLevel: string;
  /** One log line per request, when it completes (errors are logged either way). */
  logRequests: boolean;
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
  /** App processes `npm start` runs on the port (node:cluster workers); 1: just this one. */
  webConcurrency: number;
  /** The automatic backups of the embedded database (backup/automatic.ts). */
  backups: {
    /** DATA_DIR/backups */
    dir: string;
    intervalHours: number;
    /** The newest this many are kept; 0: no automatic backups. */
    keep: number;
  };
  /** Mail to cooks (mail/): a reset link, notices of account changes. */
  mail: MailSettings;
  /** How long a password reset link works. */
  passwordResetTtlMinutes: number;
  /** Fetching pages and pictures that cooks name (recipe import, `image_url`). */
  import: {
    /** Loopback, private and link-local addresses allowed: tests and home networks only. */
    allowPrivateHosts: boolean;
    /** Whole fetch, redirects included. */
    timeoutMs: number;
    /** Largest page fetched or pasted. */
    maxPageBytes: number;
  };
  limits: {
    /** Failed logins to one account from one address; then that pair is locked. */
    loginFailuresPerAccountAddress: Limit;
    /** Failed logins from one address to any accounts; then the address is locked. */
    loginFailuresPerAddress: Limit;
    /** Signup attempts from one address, successful or not. */
    signupsPerAddress: Limit;
    /** Ingredients one user adds to the shared catalogue. */
    ingredientCreatesPerUser: Limit;
    /** Recipe imports (fetched or pasted) by one user. */
    importsPerUser: Limit;
    /** Reports (of recipes, comments and cooks) sent by one user. */
    reportsPerUser: Limit;
    /** Password reset requests from one address, for any emails. */
    passwordResetsPerAddress: Limit;
    /** Password reset requests for one email, from any addresses. */
    passwordResetsPerEmail: Limit;
  };
}

/** The configuration as parsed, before the start-up step makes what it lacks. */
export interface Settings extends Omit<Config, "sessionSecret"> {
  /** Unset: generated once and kept in the data directory (prepareDataDir). */
  sessionSecret: string | undefined;
}

/** A setting that cannot be used; the message names every bad variable. */
export class ConfigError extends Error {}

/**
 * The configuration of a process that starts: the environment parsed, then its data directory
 * prepared (the media folder, and the session secret when SESSION_SECRET is unset).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return prepareDataDir(parseConfig(env));
}

/** Reads and checks the environment; touches no file. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = checkedEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // Secrets and URLs (which may hold a password) are named, never printed.
      const hidden = /SECRET|URL|KEY/.test(name) || env[name] === undefined;
      const shown = hidden ? "" : `=${JSON.stringify(env[name])}`;
      return `  ${name}${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(repoRoot, vars.DATA_DIR);
  const webDist = path.resolve(repoRoot, vars.WEB_DIST);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    embeddedPostgresPort: vars.EMBEDDED_PG_PORT,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    s3: s3Settings(vars),
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    sessionSecret: vars.SESSION_SECRET,
    production: vars.NODE_ENV === "production",
    logLevel: vars.LOG_LEVEL,
    // Off by default in production, as gunicorn's access log is: the proxy in front logs
    // requests, and the line costs a quarter of a cheap request's CPU (decision 0020).
    logRequests:
      (vars.LOG_REQUESTS ?? (vars.NODE_ENV === "production" ? "false" : "true")) === "true",
    trustProxy: vars.TRUST_PROXY === "true",
    database: {
      poolSize: vars.DB_POOL_SIZE,
      connectTimeoutMs: vars.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS,
    },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    webConcurrency: vars.WEB_CONCURRENCY,
    backups: {
      dir: path.join(dataDir, "backups"),
      intervalHours: vars.BACKUP_INTERVAL_HOURS,
      keep: vars.BACKUP_KEEP,
    },
    mail: mailSettings(vars, dataDir),
    passwordResetTtlMinutes: vars.PASSWORD_RESET_TTL_MINUTES,
    import: {
      allowPrivateHosts: vars.IMPORT_ALLOW_PRIVATE_HOSTS === "true",
      timeoutMs: vars.IMPORT_FETCH_TIMEOUT_MS,
      maxPageBytes: vars.IMPORT_MAX_PAGE_BYTES,
    },
    limits: {
      loginFailuresPerAccountAddress: {
        max: vars.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
        windowSeconds: vars.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_WINDOW_SECONDS,
      },
      loginFailuresPerAddress: {
        max: vars.LOGIN_FAILURES_PER_ADDRESS,
        windowSeconds: vars.LOGIN_FAILURES_PER_ADDRESS_WINDOW_SECONDS,
      },
      signupsPerAddress: {
        max: vars.SIGNUPS_PER_ADDRESS,
        windowSeconds: vars.SIGNUPS_PER_ADDRESS_WINDOW_SECONDS,
      },
      ingredientCreatesPerUser: {
        max: vars.INGREDIENT_CREATES_PER_USER,
        windowSeconds: vars.INGREDIENT_CREATES_PER_USER_WINDOW_SECONDS,
      },
      importsPerUser: { max: vars.IMPORTS_PER_USER_PER_HOUR, windowSeconds: 3600 },
      reportsPerUser: {
        max: vars.REPORTS_PER_USER,
        windowSeconds: vars.REPORTS_PER_USER_WINDOW_SECONDS,
      },
      passwordResetsPerAddress: {
        max: vars.PASSWORD_RESETS_PER_ADDRESS,
        windowSeconds: vars.PASSWORD_RESETS_PER_ADDRESS_WINDOW_SECONDS,
      },
      passwordResetsPerEmail: {
        max: vars.PASSWORD_RESETS_PER_EMAIL,
        windowSeconds: vars.PASSWORD_RESETS_PER_EMAIL_WINDOW_SECONDS,
      },
    },
  };
}

function mailSettings(vars: z.infer<typeof environment>, dataDir: string): MailSettings {
  // Unset without SMTP (checked above): the server's own address, right on the machine it runs.
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, "");
  return {
    smtpUrl: vars.SMTP_URL,
    outboxDir: path.join(dataDir, "outbox"),
    from: vars.MAIL_FROM ?? `Potluck <potluck@${new URL(publicUrl).hostname}>`,
    publicUrl,
  };
}

function s3Settings(vars: z.infer<typeof environment>): S3Settings | undefined {
  if (vars.STORAGE !== "s3") return undefined;
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = vars;
  // Checked by checkedEnvironment above; this only narrows the types.
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("STORAGE=s3 needs every S3_ variable");
  }
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    // One slash between it and the key, however it was written.
    publicUrl: vars.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}
