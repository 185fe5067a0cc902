import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? "data");
  mkdirSync(path.join(dataDir, "media"), { recursive: true });
  const webDist = path.resolve(repoRoot, env.WEB_DIST ?? "web/dist");
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPostgresPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir),
    production: env.NODE_ENV === "production",
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY === "true",
  };
}

/** A secret generated on first start and kept in the data directory, so restarts keep sessions. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
