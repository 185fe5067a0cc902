import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { EmbeddedPortTakenError, embeddedPort } from "./embedded-port.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-port-"));
const listening: Server[] = [];
afterAll(() => {
  for (const server of listening) server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another program listening on a port of 127.0.0.1 (any free one when 0). */
async function occupy(port = 0): Promise<number> {
  const server = createServer();
  listening.push(server);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}
const kept = () => Number(readFileSync(path.join(dataDir, "postgres-port"), "utf8"));

it("picks a free port when EMBEDDED_PG_PORT is unset, and keeps to it while it is free", async () => {
  const first = await embeddedPort(dataDir, undefined);
  expect(kept()).toBe(first);
  expect(await embeddedPort(dataDir, undefined)).toBe(first);

  // Taken meanwhile by another program (another copy of Potluck): another one, kept.
  const taken = await occupy();
  writeFileSync(path.join(dataDir, "postgres-port"), String(taken));
  const second = await embeddedPort(dataDir, undefined);
  expect(second).not.toBe(taken);
  expect(kept()).toBe(second);
  expect(await embeddedPort(dataDir, undefined)).toBe(second);
});

it("takes EMBEDDED_PG_PORT when it is free, and names it when it is not", async () => {
  const taken = await occupy();
  await expect(embeddedPort(dataDir, taken)).rejects.toThrow(EmbeddedPortTakenError);
  await expect(embeddedPort(dataDir, taken)).rejects.toThrow(
    `EMBEDDED_PG_PORT=${taken} is taken by another program: free it, choose another port, or unset EMBEDDED_PG_PORT to let Potluck pick a free one.`,
  );
  const server = listening.pop();
  await new Promise((resolve) => server?.close(resolve));
  expect(await embeddedPort(dataDir, taken)).toBe(taken);
});
