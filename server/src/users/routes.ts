import {
  blockedCooks,
  CANNOT_FOLLOW,
  cookProfile,
  cooksToFollowQuery,
  cooksToFollow as cooksToFollowResponse,
  deleteAccountBody,
  detailSchema,
  idParams,
  pageQuery,
  preferences,
  profile,
  replaceStaplesBody,
  staplesResponse,
  updatePreferencesBody,
  updateProfileBody,
  usernameParams,
  userPage,
  userSearchQuery,
  WRONG_PASSWORD,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { blockCook } from "../actions/block-cook.js";
import { deleteAccount } from "../actions/delete-account.js";
import { checkPasswordAttempt } from "../auth/login-attempts.js";
import { clearSessionCookie, requireUser, rotateCsrfSecret } from "../auth/plugin.js";
import { isUniqueViolation } from "../auth/repository.js";
import { lockCookPair } from "../db/locks.js";
import { badRequest, doesNotExist, HttpError, notFound } from "../http/errors.js";
import { toPage } from "../http/pagination.js";
import { clearAttempts, consumeAttempts } from "../http/rate-limit.js";
import { emailChangedMail } from "../mail/messages.js";
import { sendMailSoon } from "../mail/send-soon.js";
import { removeImage } from "../media/images.js";
import { notify } from "../notifications/notify.js";
import { mayReadRecipe } from "../recipes/policy.js";
import {
  emailTakenByOther,
  findProfile,
  preferencesOf,
  updatePreferences,
  updateProfile,
} from "./account-repository.js";
import { isBlockedBetween, listBlocked, unblock } from "./blocks-repository.js";
import { accountArchiveEntries, exportFileName } from "./export.js";
import { canBlock, canFollow } from "./policy.js";
import {
  presentCookProfile,
  presentCookToFollow,
  presentProfile,
  presentUserSummary,
} from "./presenter.js";
import {
  cooksToFollow,
  findCookProfile,
  findUserByUsername,
  findUsername,
  follow,
  listFollowers,
  listFollowing,
  nameCursorOf,
  searchCursorOf,
  searchUsers,
  suggestUsers,
  unfollow,
} from "./repository.js";
import { shareCandidates } from "./share-candidates-repository.js";
import { replaceStaples, staplesOf, unknownIngredients } from "./staples-repository.js";
import { zipStream } from "./zip-stream.js";

/**
 * One export at a time per cook, across processes: a counter of rate_limits held while the
 * archive streams and cleared when it ends. The window only frees a cook whose export's
 * process died before it could clear it.
 */
const EXPORT_TURN = { max: 1, windowSeconds: 600 };
/** Pictures removed from storage at once after an account is deleted. */
const IMAGE_REMOVALS_AT_ONCE = 8;
/** As at signup (auth/routes.ts): one account per address. */
const EMAIL_TAKEN = "A user with that email already exists.";

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sessions are cached with their follow counts (auth status reads them there): a follow
   * changed here is forgotten at once in this process, and in the others when the users
   * row's NOTIFY reaches them (drizzle/0025).
   */
  const forgetFollowCounts = (...userIds: number[]) => {
    for (const id of userIds) app.sessions.forgetSessionsOf(id);
  };

  app.post(
    "/:id/follow/",
    {
      config: { access: "user", noBody: true },
      schema: { params: idParams, response: { 200: detailSchema, 201: detailSchema } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      if (!canFollow(me, id)) throw badRequest("You cannot follow yourself.");
      // Answer only after the commit, so the next request already sees the follow.
      const { username, created } = await app.db.transaction(async (tx) => {
        const username = await findUsername(tx, id);
        if (username === undefined) throw notFound();
        // Under the pair's lock, a block committed at the same moment is seen (decision 0032).
        await lockCookPair(tx, me.id, id);
        if (await isBlockedBetween(tx, me.id, id)) throw badRequest(CANNOT_FOLLOW);
        const created = await follow(tx, me.id, id);
        if (created) await notify(tx, { kind: "follow", actorId: me.id, followeeId: id });
        return { username, created };
      });
      forgetFollowCounts(me.id, id);
      if (created) return reply.code(201).send({ detail: `Successfully followed ${username}.` });
      return reply.code(200).send({ detail: `You are already following ${username}.` });
    },
  );

  app.delete(
    "/:id/follow/",
    { config: { access: "user" }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      if ((await findUsername(app.db, id)) === undefined) throw notFound();
      await unfollow(app.db, me.id, id);
      forgetFollowCounts(me.id, id);
      return reply.code(204).send(null);
    },
  );

  // ---------- blocking (decision 0032) ----------

  app.post(
    "/:username/block/",
    {
      config: { access: "user", noBody: true },
      schema: { params: usernameParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const blockedId = await app.db.transaction(async (tx) => {
        const cook = await findUserByUsername(tx, request.params.username);
        if (!cook) throw notFound();
        if (!canBlock(me, cook.id)) throw badRequest("You cannot block yourself.");
        await blockCook(tx, me, cook.id);
        return cook.id;
      });
      forgetFollowCounts(me.id, blockedId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/:username/block/",
    {
      config: { access: "user" },
      schema: { params: usernameParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const cook = await findUserByUsername(app.db, request.params.username);
      if (!cook) throw notFound();
      await unblock(app.db, me.id, cook.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/me/blocked/",
    { config: { access: "user" }, schema: { response: { 200: blockedCooks } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listBlocked(app.db, requireUser(request).id);
    },
  );

  app.get(
    "/search/",
    {
      config: { access: "user" },
      schema: { querystring: userSearchQuery, response: { 200: userPage } },
    },
    async (request) => {
      const me = requireUser(request);
      const { query, purpose, cursor, limit } = request.query;
      const rows =
        purpose === "share"
          ? await shareCandidates(app.db, me.id, query, cursor, limit)
          : query
            ? await searchUsers(app.db, me.id, query, cursor, limit)
            : await suggestUsers(app.db, me.id, cursor, limit);
      return toPage(request, rows, limit, searchCursorOf, presentUserSummary);
    },
  );

  // The empty feed's suggestions: the most followed cooks I don't follow, with their latest
  // recipe (one I may read).
  app.get(
    "/cooks-to-follow/",
    {
      config: { access: "user" },
      schema: { querystring: cooksToFollowQuery, response: { 200: cooksToFollowResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      const rows = await cooksToFollow(app.db, me.id, mayReadRecipe(me), request.query.limit);
      return rows.map((row) => presentCookToFollow(row, app.storage));
    },
  );

  app.get(
    "/followers/",
    { config: { access: "user" }, schema: { querystring: pageQuery, response: { 200: userPage } } },
    async (request) => {
      const me = requireUser(request);
      const { cursor, limit } = request.query;
      const rows = await listFollowers(app.db, me.id, cursor, limit);
      return toPage(request, rows, limit, nameCursorOf, presentUserSummary);
    },
  );

  app.get(
    "/following/",
    { config: { access: "user" }, schema: { querystring: pageQuery, response: { 200: userPage } } },
    async (request) => {
      const me = requireUser(request);
      const { cursor, limit } = request.query;
      const rows = await listFollowing(app.db, me.id, cursor, limit);
      return toPage(request, rows, limit, nameCursorOf, presentUserSummary);
    },
  );

  // A cook's profile. The static paths beside it (me/, search/, followers/, following/,
  // cooks-to-follow/) answer first: those names are reserved (RESERVED_USERNAMES).
  app.get(
    "/:username/",
    {
      config: { access: "user" },
      schema: { params: usernameParams, response: { 200: cookProfile } },
    },
    async (request) => {
      const me = requireUser(request);
      const row = await findCookProfile(
        app.db,
        me.id,
        request.params.username,
        mayReadRecipe(me),
        me.isSuperuser,
      );
      if (!row) throw notFound();
      return presentCookProfile(row);
    },
  );

  // ---------- the signed-in cook's own settings ----------

  app.get(
    "/me/preferences/",
    { config: { access: "user" }, schema: { response: { 200: preferences } } },
    async (request) => preferencesOf(app.db, requireUser(request).id),
  );

  app.patch(
    "/me/preferences/",
    {
      config: { access: "user" },
      schema: { body: updatePreferencesBody, response: { 200: preferences } },
    },
    async (request) => updatePreferences(app.db, requireUser(request).id, request.body),
  );

  app.get(
    "/me/staples/",
    { config: { access: "user" }, schema: { response: { 200: staplesResponse } } },
    async (request) => staplesOf(app.db, requireUser(request).id),
  );

  app.put(
    "/me/staples/",
    {
      config: { access: "user" },
      schema: { body: replaceStaplesBody, response: { 200: staplesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      // An id given twice is one staple: the body is a set.
      const ids = [...new Set(request.body.ingredient_ids)];
      return app.db.transaction(async (tx) => {
        const unknown = await unknownIngredients(tx, ids);
        if (unknown.length > 0) {
          throw new HttpError(400, {
            ingredient_ids: unknown.slice(0, 10).map((id) => doesNotExist(id)),
          });
        }
        await replaceStaples(tx, user.id, ids);
        return staplesOf(tx, user.id);
      });
    },
  );

  // ---------- the cook's profile (issue 26 §2) ----------

  app.get(
    "/me/",
    { config: { access: "user" }, schema: { response: { 200: profile } } },
    async (request, reply) => {
      const row = await findProfile(app.db, requireUser(request).id);
      if (!row) throw notFound();
      reply.header("cache-control", "no-store");
      return presentProfile(row);
    },
  );

  app.patch(
    "/me/",
    {
      config: { access: "user" },
      schema: { body: updateProfileBody, response: { 200: profile } },
    },
    async (request) => {
      const user = requireUser(request);
      const { email, first_name, last_name } = request.body;
      const { before, after } = await app.db
        .transaction(async (tx) => {
          const before = await findProfile(tx, user.id);
          if (!before) throw notFound();
          if (email !== undefined && (await emailTakenByOther(tx, user.id, email))) {
            throw new HttpError(400, { email: [EMAIL_TAKEN] });
          }
          await updateProfile(tx, user.id, {
            ...(email !== undefined ? { email } : {}),
            ...(first_name !== undefined ? { firstName: first_name } : {}),
            ...(last_name !== undefined ? { lastName: last_name } : {}),
          });
          return { before, after: await findProfile(tx, user.id) };
        })
        .catch((error: unknown) => {
          // Two accounts racing for one address: the unique index decides, still a 400.
          if (isUniqueViolation(error, "users_email_lower_key")) {
            throw new HttpError(400, { email: [EMAIL_TAKEN] });
          }
          throw error;
        });
      if (!after) throw notFound();
      if (before.email.toLowerCase() !== after.email.toLowerCase()) {
        // To the old address: if someone else changed it, the owner still reads that one.
        await sendMailSoon(
          app,
          request.log,
          emailChangedMail(before.email, after.username, app.config.mail.publicUrl, new Date()),
        );
      }
      return presentProfile(after);
    },
  );

  // ---------- the cook's whole account: take it away, or end it ----------

  app.get(
    "/me/export/",
    {
      config: {
        access: "user",
        noJsonResponse:
          "A zip of everything the cook owns: potluck.json, recipes/<id>-<slug>.json (schema.org JSON-LD with Potluck's fields under potluck:recipe) and images/.",
        responseMediaType: "application/zip",
      },
      // A HEAD would read the whole account for a body it throws away.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const turn = `account-export:${user.id}`;
      await consumeAttempts(app.db, reply, [{ key: turn, limit: EXPORT_TURN }]);
      const now = new Date();
      const origin = new URL(`${request.protocol}://${request.host}`).origin;
      const archive = zipStream(accountArchiveEntries(app, user, origin, now));
      archive.once("close", () => {
        clearAttempts(app.db, turn).catch((error: unknown) =>
          request.log.warn({ err: error }, "could not end an account export's turn"),
        );
      });
      archive.once("error", (error) =>
        request.log.error({ err: error }, "an account export failed while streaming"),
      );
      const name = exportFileName(user.username, now);
      // A username may hold letters beyond ASCII: filename* carries it, filename a fallback.
      const asciiName = name.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .type("application/zip")
        .header("cache-control", "no-store")
        .header(
          "content-disposition",
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(archive);
    },
  );

  app.delete(
    "/me/",
    {
      config: { access: "user" },
      schema: { body: deleteAccountBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A wrong password counts as a failed login would: this is no way around those limits.
      const checked = await checkPasswordAttempt(
        app,
        request,
        reply,
        user.username,
        request.body.password,
      );
      if (checked?.id !== user.id) throw new HttpError(400, { password: [WRONG_PASSWORD] });
      const { imageKeys } = await app.db.transaction((tx) => deleteAccount(tx, user.id));
      // Every process forgets the sessions when their rows' NOTIFY arrives; this one now.
      app.sessions.forgetSessionsOf(user.id);
      clearSessionCookie(request, reply);
      rotateCsrfSecret(request, reply);
      // After the commit: a failed removal leaves a file no recipe names, never a recipe
      // without its picture.
      for (let i = 0; i < imageKeys.length; i += IMAGE_REMOVALS_AT_ONCE) {
        await Promise.all(
          imageKeys
            .slice(i, i + IMAGE_REMOVALS_AT_ONCE)
            .map((key) =>
              removeImage(app.storage, key).catch((error: unknown) =>
                request.log.warn({ err: error }, "could not delete a deleted account's image"),
              ),
            ),
        );
      }
      return reply.code(204).send(null);
    },
  );
};
