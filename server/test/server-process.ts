import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { serverRoot } from "../src/paths.js";
import { freePort } from "./scratch-postgres.js";

// The real server as a separate process, built as `npm start` builds it, for the
// fault-injection tests: what a terminal, a process manager or a crash does to it.

/** Builds dist/main.js once per test file, as `npm start` does. */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(serverRoot, "scripts/build.mjs")]);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal name) when it has exited. */
  exited: Promise<number | string>;
}

/**
 * Starts `node dist/main.js` in a process group of its own (as a terminal runs a command), so
 * a test can signal the whole group the way Ctrl-C does.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Polls the readiness check until it answers 200; returns the milliseconds it took. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  let exitCode: number | string | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() - started < timeoutMs) {
    if (exitCode !== undefined) {
      throw new Error(`server exited (${exitCode}) before it was ready:\n${server.output()}`);
    }
    const status = await fetch(`${server.url}/api/ready/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    await sleep(25);
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** Postgres processes whose data directory is under `dir`. */
export function postgresProcessesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const line of execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).split("\n")) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (match?.[2]?.includes("postgres") && match[2].includes(dir)) pids.push(Number(match[1]));
  }
  return pids;
}

/** The embedded database's superuser URL, from the password file the server generated. */
export function embeddedUrl(dataDir: string, port: number): string {
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * A signed-in browser over fetch: cookies kept, the CSRF token sent on writes, as the web
 * app does.
 */
export class HttpUser {
  static readonly PASSWORD = "a-long-enough-passphrase-9";
  private cookies = new Map<string, string>();
  private token: string | undefined;

  /** The server it talks to; a test may point it at a restarted one, keeping the cookies. */
  constructor(public baseUrl: string) {}

  async signUp(username: string): Promise<void> {
    const password = HttpUser.PASSWORD;
    const body = {
      username,
      email: `${username}@example.com`,
      password,
      confirm_password: password,
      accept_tos: true,
    };
    const signup = await this.send("POST", "/api/auth/signup/", body);
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
    await this.logIn(username);
  }

  /** Signs in as a cook that signUp made (here or on the server a backup came from). */
  async logIn(username: string): Promise<void> {
    const body = { username, password: HttpUser.PASSWORD };
    const login = await this.send("POST", "/api/auth/login/", body);
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  }

  /** A multipart form (a recipe with its picture), with the CSRF token, as the web app sends it. */
  async sendForm(method: string, url: string, form: FormData): Promise<Response> {
    const token = await this.csrf();
    if (token instanceof Response) return token;
    const response = await fetch(this.baseUrl + url, {
      method,
      headers: { "x-csrftoken": token, cookie: this.cookieHeader() },
      body: form,
    });
    this.keepCookies(response);
    return response;
  }

  async send(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (method !== "GET") {
      const token = await this.csrf();
      // No token to be had (the server answered 503, say): that answer is the answer.
      if (token instanceof Response) return token;
      headers["x-csrftoken"] = token;
      headers["content-type"] = "application/json";
    }
    headers.cookie = this.cookieHeader();
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(response);
    return response;
  }

  private async csrf(): Promise<string | Response> {
    if (!this.token) {
      const response = await fetch(`${this.baseUrl}/api/auth/csrf/`, {
        headers: { cookie: this.cookieHeader() },
      });
      if (response.status !== 200) return response;
      this.keepCookies(response);
      this.token = ((await response.json()) as { csrfToken: string }).csrfToken;
    }
    return this.token;
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", value = ""] = pair.split("=");
      this.token = undefined;
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
