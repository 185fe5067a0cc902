import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

type Body = Record<string, unknown> | unknown[] | string;
interface RequestOptions {
  headers?: Record<string, string>;
  /** Send no X-CSRFToken header, or a wrong one, to test the CSRF check. */
  csrf?: "omit" | "wrong";
}

/**
 * A browser-like client over `app.inject` for tests and scripts: keeps cookies, and fetches and sends the CSRF
 * token on writes, as the web app does.
 */
export class Agent {
  private cookies = new Map<string, string>();
  private csrfToken: string | undefined;
  /**
   * @param remoteAddress the client's address; by default each agent is its own, so
   * per-address rate limits see separate people. Give one to be two people at one address.
   */
  constructor(
    private readonly app: FastifyInstance,
    readonly remoteAddress = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  get(url: string, options: RequestOptions = {}) {
    return this.request("GET", url, undefined, options);
  }
  post(url: string, body?: Body, options: RequestOptions = {}) {
    return this.request("POST", url, body, options);
  }
  put(url: string, body?: Body, options: RequestOptions = {}) {
    return this.request("PUT", url, body, options);
  }
  patch(url: string, body?: Body, options: RequestOptions = {}) {
    return this.request("PATCH", url, body, options);
  }
  delete(url: string, options: RequestOptions = {}) {
    return this.request("DELETE", url, undefined, options);
  }

  /** Sends a prepared payload (multipart, form) with its own content-type header. */
  async raw(method: "POST" | "PUT", url: string, payload: Buffer | string, contentType: string) {
    return this.request(method, url, payload, { headers: { "content-type": contentType } });
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body: Body | Buffer | undefined,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (method !== "GET" && options.csrf !== "omit") {
      headers["x-csrftoken"] = options.csrf === "wrong" ? "wrong-token" : await this.csrf();
    }
    const response = await this.app.inject({
      method,
      url,
      headers: { ...headers, cookie: this.cookieHeader() },
      remoteAddress: this.remoteAddress,
      ...(typeof body === "object" && !Buffer.isBuffer(body) ? { payload: body } : {}),
      ...(typeof body === "string" || Buffer.isBuffer(body) ? { payload: body } : {}),
    });
    this.store(response);
    return response;
  }

  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.app.inject({
        method: "GET",
        url: "/api/auth/csrf/",
        headers: { cookie: this.cookieHeader() },
        remoteAddress: this.remoteAddress,
      });
      this.store(response);
      this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    }
    return this.csrfToken;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets a cookie as the web app's own script would (the potluck_lang choice). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      // A changed session or CSRF cookie makes the old token useless, as in a browser.
      this.csrfToken = undefined;
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
  }
}

export type MultipartParts = Record<
  string,
  string | { filename: string; contentType: string; data: Buffer }
>;

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(parts: MultipartParts): { payload: Buffer; contentType: string } {
  const boundary = `----potluck${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
