import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";

export const newCsrfSecret = () => randomBytes(32).toString("base64url");

/**
 * The token the client echoes in X-CSRFToken: an HMAC of the CSRF cookie's secret and the
 * session token. A new session (login) or none (logout) therefore invalidates old tokens.
 */
export function csrfTokenFor(serverSecret: string, csrfSecret: string, sessionToken = ""): string {
  return createHmac("sha256", serverSecret)
    .update(`${csrfSecret}:${sessionToken}`)
    .digest("base64url");
}

export function csrfTokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
