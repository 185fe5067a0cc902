import {
  changePasswordBody,
  detailSchema,
  PASSWORD_RESET_SENT,
  passwordResetBody,
  passwordResetConfirmBody,
  RESET_LINK_INVALID,
  sessionIdParams,
  signedInSessions,
} from "@potluck/contract";
import { DEFAULT_LANGUAGE } from "@potluck/contract/languages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../http/errors.js";
import { consumeAttempts } from "../http/rate-limit.js";
import { translateEnglish } from "../i18n/from-english.js";
import { passwordChangedMail, passwordResetDoneMail } from "../mail/messages.js";
import { sendMailSoon } from "../mail/send-soon.js";
import { findProfile, languageOf } from "../users/account-repository.js";
import { checkPasswordAttempt, clearLoginFailuresOf } from "./login-attempts.js";
import { deleteResetTokensOf, PASSWORD_RESET_JOB, useResetToken } from "./password-reset.js";
import { hashPassword, passwordProblems } from "./passwords.js";
import { requireUser } from "./plugin.js";
import { presentSession } from "./presenter.js";
import { setPasswordHash } from "./repository.js";
import { deleteSessionsOf, listSessions, sessionTokenHash } from "./sessions.js";

export const OLD_PASSWORD_WRONG =
  "Your old password was entered incorrectly. Please enter it again.";
const PASSWORDS_DIFFER = "Password fields didn't match.";

/**
 * A cook's hold on their account (issue 26): changing the password, resetting a forgotten
 * one, and the signed-in devices. Registered under /api/auth with the login routes.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/password/",
    {
      config: { access: "user" },
      schema: { body: changePasswordBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const body = request.body;
      // Counted as a failed login would be: no way around those limits.
      const checked = await checkPasswordAttempt(
        app,
        request,
        reply,
        me.username,
        body.old_password,
      );
      if (checked?.id !== me.id) throw new HttpError(400, { old_password: [OLD_PASSWORD_WRONG] });
      if (body.new_password !== body.confirm_password) {
        throw new HttpError(400, { confirm_password: [PASSWORDS_DIFFER] });
      }
      const account = await findProfile(app.db, me.id);
      if (!account) throw notFound();
      const problems = passwordProblems(body.new_password, account.username, account.email);
      if (problems.length > 0) throw new HttpError(400, { new_password: problems });
      const passwordHash = await hashPassword(body.new_password);
      const keep = request.sessionToken ? sessionTokenHash(request.sessionToken) : undefined;
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, me.id, passwordHash);
        await deleteResetTokensOf(tx, me.id);
        // Whoever else knew the old password is signed out everywhere; this device stays.
        await deleteSessionsOf(tx, me.id, keep);
      });
      app.sessions.forgetSessionsOf(me.id);
      await sendMailSoon(
        app,
        request.log,
        passwordChangedMail(
          account.email,
          me.language ?? DEFAULT_LANGUAGE,
          account.username,
          app.config.mail.publicUrl,
          new Date(),
        ),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/password-reset/",
    {
      config: { access: "public" },
      schema: { body: passwordResetBody, response: { 202: detailSchema } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const { limits } = app.config;
      await consumeAttempts(app.db, reply, [
        { key: `password-reset:${request.ip}`, limit: limits.passwordResetsPerAddress },
        { key: `password-reset-email:${email}`, limit: limits.passwordResetsPerEmail },
      ]);
      // The same work for every address: whether an account uses it is the job's to find
      // out, after the answer (decision 0029).
      await app.jobs.send(PASSWORD_RESET_JOB, { email });
      reply.header("cache-control", "no-store");
      return reply
        .code(202)
        .send({ detail: translateEnglish(PASSWORD_RESET_SENT, request.language) });
    },
  );

  app.post(
    "/password-reset/confirm/",
    {
      config: { access: "public" },
      schema: { body: passwordResetConfirmBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.new_password !== body.confirm_password) {
        throw new HttpError(400, { confirm_password: [PASSWORDS_DIFFER] });
      }
      // Before the token is looked at: a wrong token takes the same time as a right one.
      const passwordHash = await hashPassword(body.new_password);
      const account = await app.db.transaction(async (tx) => {
        const userId = await useResetToken(tx, body.token);
        if (userId === undefined) throw new HttpError(400, { token: [RESET_LINK_INVALID] });
        const found = await findProfile(tx, userId);
        if (!found) throw new HttpError(400, { token: [RESET_LINK_INVALID] });
        // A refused password rolls back, and the link still works for a better one.
        const problems = passwordProblems(body.new_password, found.username, found.email);
        if (problems.length > 0) throw new HttpError(400, { new_password: problems });
        await setPasswordHash(tx, userId, passwordHash);
        await deleteResetTokensOf(tx, userId);
        await deleteSessionsOf(tx, userId);
        return { id: userId, ...found };
      });
      app.sessions.forgetSessionsOf(account.id);
      // The owner is back in: the guesses at the old password no longer lock them out.
      await clearLoginFailuresOf(app.db, account.username);
      await sendMailSoon(
        app,
        request.log,
        passwordResetDoneMail(
          account.email,
          (await languageOf(app.db, account.id)) ?? DEFAULT_LANGUAGE,
          account.username,
          app.config.mail.publicUrl,
          new Date(),
        ),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/sessions/",
    { config: { access: "user" }, schema: { response: { 200: signedInSessions } } },
    async (request, reply) => {
      const me = requireUser(request);
      const current = request.sessionToken ? sessionTokenHash(request.sessionToken) : undefined;
      reply.header("cache-control", "no-store");
      return (await listSessions(app.db, me.id)).map((row) => presentSession(row, current));
    },
  );

  app.delete(
    "/sessions/:id/",
    {
      config: { access: "user" },
      schema: { params: sessionIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      // Another cook's session is not found: ids are the cook's own to name.
      if (!(await app.sessions.endSessionOf(me.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/sessions/end-others/",
    { config: { access: "user", noBody: true }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      await app.sessions.endSessionsOf(me.id, request.sessionToken);
      return reply.code(204).send(null);
    },
  );
};
