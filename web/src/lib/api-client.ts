import { ApiError } from "./api-error";
import { t } from "./i18n";
import { queryClient } from "./query-client";

export { ApiError };

/** Query keys of the session: signing in or out keeps them and drops the rest. */
export const authKeys = {
  all: ["auth"] as const,
  csrf: () => [...authKeys.all, "csrf"] as const,
  status: () => [...authKeys.all, "status"] as const,
};

/**
 * One of the contract's inputs sent as a form body: its fields by the contract's names, each
 * as the text a form sends (the server turns it into the field's type).
 */
export type FormFields<Body> = { [Field in keyof Body]: string };

/** The fields as a form body; a field left undefined is not sent. */
export function formBody(fields: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(name, value);
  }
  return body;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface RequestOptions {
  method?: Method;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is: FormData (multipart) or URLSearchParams (form body). */
  body?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Let the request outlive the page (a save while the tab closes). */
  keepalive?: boolean;
}

/**
 * The one way the web app calls the server: same-origin cookies, the CSRF token on every
 * write, JSON in and out. Accepts relative paths and the absolute `next` URLs of pages.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await call<T>(path, options)).body;
}

/**
 * A list that stays a plain array and pages backwards (a recipe's ratings, a feed item's
 * comments): the page, and the URL of the next older one from its `Link: <url>; rel="next"`
 * header, null when there is none.
 */
export async function olderPages<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ items: T[]; older: string | null }> {
  const { body, headers } = await call<T[]>(path, options);
  const older = /<([^>]+)>;\s*rel="next"/.exec(headers.get("link") ?? "")?.[1] ?? null;
  return { items: body, older };
}

async function call<T>(
  path: string,
  options: RequestOptions,
): Promise<{ body: T; headers: Headers }> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    const token = queryClient.getQueryData<{ csrfToken: string }>(authKeys.csrf())?.csrfToken;
    if (token) headers["X-CSRFToken"] = token;
  }
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(path, {
    method,
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (response.status === 204 || response.status === 304) {
    return { body: undefined as T, headers: response.headers };
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText, parsed);
  return { body: parsed as T, headers: response.headers };
}

/** "Reason" part of the spec's load-failure texts: the server's detail or a fallback. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === "string") return body.detail;
  }
  if (error instanceof Error && error.message && !(error instanceof ApiError)) return error.message;
  return t("lib.apiClient.tryLater");
}
