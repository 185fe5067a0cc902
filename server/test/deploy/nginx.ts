import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../src/paths.js";
import { freePort } from "../scratch-postgres.js";
import { sleep } from "../server-process.js";

// Debian's nginx, run by an ordinary user as a child process (no daemon, no root, nothing in
// /etc or /var): its own prefix, pid file, log and temp folders in a temporary folder, on a
// loopback port, serving the repo's deploy/nginx/potluck.conf with the ports filled in.

export const NGINX_CONFIG = path.join(repoRoot, "deploy/nginx/potluck.conf");
/** Debian's, which an ordinary user's PATH (no /usr/sbin) may not find. */
const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

export interface Nginx {
  url: string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

export async function startNginx(appPorts: number[]): Promise<Nginx> {
  execFileSync(NGINX, ["-v"], { stdio: "ignore" }); // a clear ENOENT when it is missing
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), "potluck-nginx-"));
  // As root, nginx's workers run as "nobody", which must reach the temp folders.
  chmodSync(prefix, 0o755);
  for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(prefix, dir));
  }
  writeFileSync(path.join(prefix, "potluck.conf"), siteConfig(port, appPorts));
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/potluck.conf;
}
`,
  );
  const child = spawn(
    NGINX,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, exited);
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at its start:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      const log = readFileSync(path.join(prefix, "error.log"), "utf8");
      await stop();
      throw new Error(`nginx did not answer:\n${output}\n${log}`);
    }
    await sleep(50);
  }
}

/**
 * The repo's config with this run's ports, and each answer naming the process that gave it
 * (X-Upstream), so the test can tell which process answered what.
 */
function siteConfig(port: number, appPorts: number[]): string {
  const original = readFileSync(NGINX_CONFIG, "utf8");
  // The upstream's servers in order, their options (max_fails ...) kept as they are.
  const upstreams = original.match(/server 127\.0\.0\.1:\d+/g) ?? [];
  if (upstreams.length !== appPorts.length) {
    throw new Error(`${NGINX_CONFIG}: expected ${appPorts.length} upstream servers`);
  }
  let next = 0;
  const replaced = original.replace(
    /server 127\.0\.0\.1:\d+/g,
    () => `server 127.0.0.1:${appPorts[next++]}`,
  );
  return replaceOrFail(
    replaceOrFail(replaced, /^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`),
    /proxy_pass http:\/\/potluck;/g,
    "proxy_pass http://potluck;\n        add_header X-Upstream $upstream_addr always;",
  );
}

function replaceOrFail(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`${NGINX_CONFIG} no longer has ${pattern}`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

/** SIGTERM, then SIGKILL if it is still there after 5 s. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const killed = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(killed);
}
