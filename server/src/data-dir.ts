import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config, Settings } from "./config.js";

// The data directory's start-up step, apart from parsing the configuration (config.ts): what
// a first start creates there and later starts find again.

/**
 * Makes the media folder, and the session secret when the environment gives none (kept, so
 * a restart keeps everyone signed in).
 */
export function prepareDataDir(settings: Settings): Config {
  mkdirSync(settings.mediaDir, { recursive: true });
  return {
    ...settings,
    sessionSecret: settings.sessionSecret ?? persistentSecret(settings.dataDir, "session-secret"),
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
