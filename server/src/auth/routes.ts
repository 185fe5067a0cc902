import {
  authStatus,
  csrfResponse,
  detailSchema,
  loginBody,
  signupBody,
  signupResponse,
} from "@potluck/contract";
import { defaultUnitsFor } from "@potluck/contract/units";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http/errors.js";
import { consumeAttempts } from "../http/rate-limit.js";
import { cookieLanguage } from "../http/request-language.js";
import { formatMessage } from "../i18n/catalogue.js";
import { latestTerms } from "../terms/repository.js";
import { CSRF_COOKIE, csrfTokenFor } from "./csrf.js";
import { checkPasswordAttempt } from "./login-attempts.js";
import { hashPassword, passwordProblems } from "./passwords.js";
import { clearSessionCookie, rotateCsrfSecret, setSessionCookie } from "./plugin.js";
import {
  createUser,
  isUniqueViolation,
  keepLanguageIfNone,
  usernameOrEmailTaken,
} from "./repository.js";
import { createSession } from "./sessions.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/csrf/",
    { config: { access: "public" }, schema: { response: { 200: csrfResponse } } },
    async (request, reply) => {
      const secret = request.cookies[CSRF_COOKIE] ?? rotateCsrfSecret(request, reply);
      reply.header("cache-control", "no-store");
      return { csrfToken: csrfTokenFor(app.config.sessionSecret, secret, request.sessionToken) };
    },
  );

  app.get(
    "/status/",
    { config: { access: "public" }, schema: { response: { 200: authStatus } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = request.user;
      if (!user) return { authenticated: false as const };
      return {
        authenticated: true as const,
        user: {
          id: user.id,
          username: user.username,
          is_superuser: user.isSuperuser,
          follower_count: user.followerCount,
          following_count: user.followingCount,
        },
      };
    },
  );

  app.post(
    "/login/",
    {
      config: { access: "public" },
      schema: {
        body: loginBody,
        response: {
          200: z.object({
            detail: z.string(),
            user: z.object({ id: z.number(), username: z.string() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await checkPasswordAttempt(app, request, reply, username, password);
      if (!user) throw new HttpError(401, { detail: "Invalid credentials." });
      // Said only to whoever knows the password, so it tells no one else the account exists.
      if (user.disabledAt !== null) {
        throw new HttpError(403, { detail: "This account has been disabled." });
      }
      // A new session on every login: a session id planted before login is worth nothing.
      if (request.sessionToken) await app.sessions.end(request.sessionToken);
      // The language chosen while signed out stays, unless the account has its own.
      const chosen = cookieLanguage(request);
      if (chosen) await keepLanguageIfNone(app.db, user.id, chosen);
      const token = await createSession(app.db, user.id, request.headers["user-agent"]);
      setSessionCookie(request, reply, token);
      rotateCsrfSecret(request, reply);
      return {
        detail: formatMessage(request.language, "auth.login.success"),
        user: { id: user.id, username: user.username },
      };
    },
  );

  app.post(
    "/logout/",
    { config: { access: "user", noBody: true }, schema: { response: { 200: detailSchema } } },
    async (request, reply) => {
      if (request.sessionToken) await app.sessions.end(request.sessionToken);
      clearSessionCookie(request, reply);
      rotateCsrfSecret(request, reply);
      return { detail: formatMessage(request.language, "auth.logout.success") };
    },
  );

  app.post(
    "/signup/",
    {
      config: { access: "public" },
      schema: { body: signupBody, response: { 201: signupResponse } },
    },
    async (request, reply) => {
      const body = request.body;
      // Every signup attempt counts: creating accounts in bulk is what this limit stops.
      await consumeAttempts(app.db, reply, [
        { key: `signup:${request.ip}`, limit: app.config.limits.signupsPerAddress },
      ]);
      if (!body.accept_tos) {
        throw new HttpError(400, {
          accept_tos: ["You must accept the Terms of Service to register."],
        });
      }
      if (body.password !== body.confirm_password) {
        throw new HttpError(400, { password: ["Password fields didn't match."] });
      }
      const problems = passwordProblems(body.password, body.username, body.email);
      if (problems.length > 0) throw new HttpError(400, { password: problems });

      const passwordHash = await hashPassword(body.password);
      const user = await app.db
        .transaction(async (tx) => {
          const taken = await usernameOrEmailTaken(tx, body.username, body.email);
          if (taken.username) {
            throw new HttpError(400, { username: ["A user with that username already exists."] });
          }
          if (taken.email) {
            throw new HttpError(400, { email: ["A user with that email already exists."] });
          }
          const terms = await latestTerms(tx);
          if (!terms)
            throw new HttpError(503, { detail: "Signup is unavailable: no Terms of Service." });
          return createUser(
            tx,
            {
              username: body.username,
              email: body.email,
              firstName: body.first_name,
              lastName: body.last_name,
              passwordHash,
              language: cookieLanguage(request),
              unitsPreference: defaultUnitsFor(request.language),
            },
            terms.id,
          );
        })
        .catch((error: unknown) => {
          // Two signups racing for one name: the unique index decides, the answer stays a 400.
          if (isUniqueViolation(error, "users_username_lower_key")) {
            throw new HttpError(400, { username: ["A user with that username already exists."] });
          }
          if (isUniqueViolation(error, "users_email_lower_key")) {
            throw new HttpError(400, { email: ["A user with that email already exists."] });
          }
          throw error;
        });
      return reply
        .code(201)
        .send({ detail: formatMessage(request.language, "auth.signup.created"), user });
    },
  );
};
