import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, notAuthenticated } from "../http/errors.js";
import { CSRF_COOKIE, CSRF_HEADER, csrfTokenFor, csrfTokenMatches, newCsrfSecret } from "./csrf.js";
import { findSessionUser, SESSION_COOKIE, type SessionUser } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; loaded once for every /api request. */
    user: SessionUser | null;
    sessionToken: string | undefined;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Authenticates every /api request from its session cookie and enforces CSRF on writes. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", undefined);

  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await findSessionUser(app.db, token);
      request.sessionToken = request.user ? token : undefined;
    }
    if (UNSAFE_METHODS.has(request.method)) checkCsrf(app, request);
  });
});

function checkCsrf(app: FastifyInstance, request: FastifyRequest): void {
  if (request.headers["sec-fetch-site"] === "cross-site") {
    throw forbidden("CSRF Failed: Cross-site request refused.");
  }
  const origin = request.headers.origin;
  if (origin && origin !== "null" && new URL(origin).host !== request.host) {
    throw forbidden(
      `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`,
    );
  }
  const secret = request.cookies[CSRF_COOKIE];
  if (!secret) throw forbidden("CSRF Failed: CSRF cookie not set.");
  const given = request.headers[CSRF_HEADER];
  const expected = csrfTokenFor(app.config.sessionSecret, secret, request.sessionToken);
  if (typeof given !== "string" || !csrfTokenMatches(expected, given)) {
    throw forbidden("CSRF Failed: CSRF token missing or incorrect.");
  }
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: request.protocol === "https",
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: 30 * 24 * 3600 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** Issues a fresh CSRF secret cookie; returns the secret so the caller can derive the token. */
export function rotateCsrfSecret(request: FastifyRequest, reply: FastifyReply): string {
  const secret = newCsrfSecret();
  reply.setCookie(CSRF_COOKIE, secret, { ...cookieOptions(request), maxAge: 365 * 24 * 3600 });
  return secret;
}
