import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../src/db/embedded.js";

// For tests and measurement scripts only: a PostgreSQL of their own, and free ports.

/**
 * A throw-away PostgreSQL for tests and measurement scripts: a new cluster in a temporary
 * folder on a free port, removed again by `stop()`.
 */
export async function startScratchPostgres(prefix = "potluck-scratch-"): Promise<EmbeddedDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix)); // 0700: startEmbeddedPostgres opens it up
  const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), await freePort());
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
