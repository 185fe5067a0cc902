import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../src/paths.js";
import {
  buildServer,
  HttpUser,
  postgresProcessesIn,
  type ServerProcess,
  sleep,
  startServer,
  waitUntilReady,
} from "../server-process.js";

// What an operator does with `npm start`, `npm run backup` and `npm run restore`: a backup of
// a server that is serving a cook's writes, restored into a new DATA_DIR, and a second server
// on it beside the first (two copies on one machine, neither told a port: decision 28).

const scratch = mkdtempSync(path.join(os.tmpdir(), "potluck-backups-"));
const running: ServerProcess[] = [];
/** The embedded database's port left unset, as a new user leaves it. */
const unsetPort = { EMBEDDED_PG_PORT: "", BACKUP_KEEP: "0" };

beforeAll(() => buildServer());

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      process.kill(-(server.child.pid as number), "SIGINT");
      await server.exited;
    }
  }
  for (const pid of postgresProcessesIn(scratch)) process.kill(pid, "SIGINT");
  await sleep(300);
  rmSync(scratch, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  running.push(server);
  return server;
}

/** `npm run backup` / `npm run restore` as the root package.json runs them (tsx). */
function command(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      { cwd: serverRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const picture = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#27ae60" } })
    .jpeg()
    .toBuffer();

function recipeForm(title: string, image?: Buffer): FormData {
  const form = new FormData();
  form.set("title", title);
  form.set("content", "<p>Mix, then bake.</p>");
  if (image)
    form.set("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "bread.jpg");
  return form;
}

/** Every recipe of the signed-in cook, following the pages. */
async function myRecipes(user: HttpUser): Promise<{ id: number; image: string | null }[]> {
  const recipes: { id: number; image: string | null }[] = [];
  let url: string | null = "/api/recipes/recipes/?mine=true&limit=100";
  while (url) {
    const response = await user.send("GET", url);
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      next: string | null;
      results: { id: number; image: string | null }[];
    };
    recipes.push(...page.results);
    url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return recipes;
}

describe("backup and restore of a running server", { timeout: 180_000 }, () => {
  it("keeps every write acknowledged before the backup, on a second copy beside the first", async () => {
    const firstDir = path.join(scratch, "first");
    // This one also takes its automatic backups (BACKUP_KEEP's default), the first 10 s in.
    const first = await start({ DATA_DIR: firstDir, EMBEDDED_PG_PORT: "", LOG_LEVEL: "info" });
    await waitUntilReady(first);
    const cook = new HttpUser(first.url);
    await cook.signUp("baker");
    const withPicture = await cook.sendForm(
      "POST",
      "/api/recipes/recipes/",
      recipeForm("Sourdough", await picture()),
    );
    expect(withPicture.status).toBe(201);
    const sourdough = (await withPicture.json()) as { id: number; image: string };

    // A cook keeps writing while the backup runs.
    const acknowledged: number[] = [sourdough.id];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await cook.sendForm(
          "POST",
          "/api/recipes/recipes/",
          recipeForm(`Loaf ${i}`),
        );
        if (response.status === 201)
          acknowledged.push(((await response.json()) as { id: number }).id);
      }
    })();
    while (acknowledged.length < 20) await sleep(10);
    const beforeBackup = [...acknowledged];
    const file = path.join(scratch, "potluck.tar");
    const backup = await command("backup", ["--out", file], { DATA_DIR: firstDir });
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await writer;
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(
      /^Backup written to .*potluck\.tar: \d+ recipes, 1 cook and 1 picture; [\d.]+ MB in [\d.]+ s\.$/m,
    );
    console.log(
      `backup while serving: ${backup.output.trim()} (${duringBackup} recipes written meanwhile)`,
    );

    // Restored into a new DATA_DIR, and a second server on it while the first still serves.
    const copyDir = path.join(scratch, "copy");
    const restore = await command("restore", [file], { DATA_DIR: copyDir, ...unsetPort });
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toMatch(
      /Restored \d+ recipes, 1 cook and 1 picture from the backup of /,
    );
    console.log(`restore: ${restore.output.trim().split("\n").at(-1)}`);
    const copy = await start({ DATA_DIR: copyDir, ...unsetPort });
    await waitUntilReady(copy);
    expect((await fetch(`${first.url}/api/ready/`)).status).toBe(200);
    const ports = [firstDir, copyDir].map((dir) =>
      readFileSync(path.join(dir, "postgres-port"), "utf8").trim(),
    );
    expect(ports[0]).not.toBe(ports[1]);

    const returning = new HttpUser(copy.url);
    await returning.logIn("baker");
    const restored = await myRecipes(returning);
    const ids = new Set(restored.map((recipe) => recipe.id));
    expect(beforeBackup.filter((id) => !ids.has(id))).toEqual([]);
    const image = restored.find((recipe) => recipe.id === sourdough.id)?.image;
    expect(image).toBe(sourdough.image);
    const served = await fetch(new URL(image as string, copy.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // A restore never lands on a copy that holds data, running or not.
    const again = await command("restore", [file], { DATA_DIR: copyDir, ...unsetPort });
    expect(again.code).toBe(1);
    expect(again.output.trim()).toBe(
      `Another Potluck process (pid ${copy.child.pid}, the server on port ${new URL(copy.url).port}) is using the data directory ${copyDir}. Stop it before restoring into it.`,
    );
    process.kill(-(copy.child.pid as number), "SIGINT");
    expect(await copy.exited).toBe(0);
    const stopped = await command("restore", [file], { DATA_DIR: copyDir, ...unsetPort });
    expect(stopped.code).toBe(1);
    expect(stopped.output.trim()).toBe(
      `DATA_DIR ${copyDir} already holds a database: restore fills an empty one only. Add --force to replace what is there.`,
    );

    // With no server running, the backup starts the embedded database for itself, and stops it.
    const offline = await command("backup", ["--out", path.join(scratch, "offline.tar")], {
      DATA_DIR: copyDir,
      ...unsetPort,
    });
    expect(offline.output).toMatch(/^Backup written to .*offline\.tar: /m);
    expect(postgresProcessesIn(copyDir)).toEqual([]);

    // The first server's automatic backup, taken by a process of its own while it served.
    const deadline = Date.now() + 30_000;
    while (!first.output().includes("automatic backup written") && Date.now() < deadline) {
      await sleep(100);
    }
    expect(first.output()).toMatch(
      /"msg":"automatic backup written: .*backups\/potluck-[\dTZ-]+\.tar \(\d+ recipes, 1 cook and 1 picture, [\d.]+ MB in \d+ ms\)"/,
    );
    expect(readdirSync(path.join(firstDir, "backups"))).toEqual([
      expect.stringMatching(/^potluck-.*\.tar$/),
    ]);

    // EMBEDDED_PG_PORT set to a port that is taken: one line naming it, no stack trace.
    const clash = await start({
      DATA_DIR: path.join(scratch, "clash"),
      EMBEDDED_PG_PORT: ports[0] as string,
    });
    expect(await clash.exited).toBe(1);
    expect(clash.output().trim()).toBe(
      `EMBEDDED_PG_PORT=${ports[0]} is taken by another program: free it, choose another port, or unset EMBEDDED_PG_PORT to let Potluck pick a free one.`,
    );
  });
});
