import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, notAuthenticated, notFound } from "../http/errors.js";
import { CSRF_COOKIE, CSRF_HEADER, csrfTokenFor, csrfTokenMatches, newCsrfSecret } from "./csrf.js";
import { SessionCache } from "./session-cache.js";
import { SESSION_COOKIE, type SessionUser } from "./sessions.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Signed-in sessions, mostly answered from memory. */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; found once for every API request. */
    user: SessionUser | null;
    sessionToken: string | undefined;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route, declared where it is defined; every /api route must say.
     * "public": anyone; "user": a signed-in user, else 401 before the input is looked at;
     * "probe": anyone, without even looking up the session (health checks: no database);
     * "superuser": superusers only; everyone else, signed in or not, gets 404 before anything
     * (the CSRF check included) is looked at, so the routes' existence stays hidden.
     */
    access?: Access;
  }
}

export type Access = "public" | "user" | "probe" | "superuser";

/** Methods that change nothing; every other one must pass the CSRF check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/**
 * Authentication and CSRF for the route the router matched, never for the raw URL: Fastify
 * decodes the path before matching, so `/%61pi/auth/login/` is the login route and is
 * checked like it. Routes without an access level (static files, the 404 handler) run no
 * handler of ours and need no session.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", undefined);
  app.decorate("sessions", new SessionCache(app.db, app.notifyHub));
  app.addHook("onClose", () => app.sessions.close());

  // A forgotten declaration fails at start, not as a route open to everyone.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && route.config?.access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no config.access`);
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    const token = access === "probe" ? undefined : request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await app.sessions.userOf(token);
      request.sessionToken = request.user ? token : undefined;
    }
    if (access === "superuser" && !request.user?.isSuperuser) throw notFound();
    if (!SAFE_METHODS.has(request.method)) checkCsrf(app, request);
    if (access === "user" && !request.user) throw notAuthenticated();
  });
});

function checkCsrf(app: FastifyInstance, request: FastifyRequest): void {
  if (request.headers["sec-fetch-site"] === "cross-site") {
    throw forbidden("CSRF Failed: Cross-site request refused.");
  }
  const origin = request.headers.origin;
  // An Origin that is no URL at all is not ours either.
  if (
    origin &&
    origin !== "null" &&
    (!URL.canParse(origin) || new URL(origin).host !== request.host)
  ) {
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

/**
 * The signed-in user of a route declared `access: "user"` (the hook has answered 401 without
 * one), typed for the handler.
 */
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
