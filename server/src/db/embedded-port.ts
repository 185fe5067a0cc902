import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

// Which port the embedded PostgreSQL of a data directory listens on. With EMBEDDED_PG_PORT
// set, that one, and a clear refusal when something else holds it. Unset, a free one, kept
// in the data directory so that the same copy of Potluck finds the same port at its next
// start: two copies (a test copy beside the real one) then run side by side, each with its
// own DATA_DIR, without a word of configuration. Command-line tools never need the file:
// they read a running database's port from its postmaster.pid (runningEmbeddedUrl).

/** The port kept for a data directory whose EMBEDDED_PG_PORT is unset. */
const PORT_FILE = "postgres-port";
/** The first choice when none is kept yet: the port every version used before this choice. */
export const USUAL_PORT = 54329;

/** EMBEDDED_PG_PORT names a port that another program is listening on. */
export class EmbeddedPortTakenError extends Error {
  constructor(readonly port: number) {
    super(
      `EMBEDDED_PG_PORT=${port} is taken by another program: free it, choose another port, ` +
        "or unset EMBEDDED_PG_PORT to let Potluck pick a free one.",
    );
  }
}

/**
 * The port to start the embedded PostgreSQL of `dataDir` on. `configured` (EMBEDDED_PG_PORT)
 * must be free; unset, the kept port when it is still free, otherwise the usual one or any
 * free one, kept for next time. Call after a leftover postmaster of this data directory has
 * been stopped, or its port counts as taken.
 */
export async function embeddedPort(
  dataDir: string,
  configured: number | undefined,
): Promise<number> {
  if (configured !== undefined) {
    if (!(await isPortFree(configured))) throw new EmbeddedPortTakenError(configured);
    return configured;
  }
  const kept = keptPort(dataDir);
  if (kept !== undefined && (await isPortFree(kept))) return kept;
  const port = (await isPortFree(USUAL_PORT)) ? USUAL_PORT : await anyFreePort();
  writeFileSync(path.join(dataDir, PORT_FILE), `${port}\n`);
  return port;
}

function keptPort(dataDir: string): number | undefined {
  const file = path.join(dataDir, PORT_FILE);
  if (!existsSync(file)) return undefined;
  const port = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

/** Whether nothing listens on 127.0.0.1:`port` (where the embedded PostgreSQL listens). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
