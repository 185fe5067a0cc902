import {
  cooksToFollowQuery,
  cooksToFollow as cooksToFollowResponse,
  detailSchema,
  idParams,
  pageQuery,
  userPage,
} from "@potluck/contract";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { followCook } from "../../actions/follow-cook.js";
import { requireUser } from "../../auth/plugin.js";
import { badRequest, notFound } from "../../http/errors.js";
import { toPage } from "../../http/pagination.js";
import { formatMessage } from "../../i18n/catalogue.js";
import { mayReadRecipe } from "../../recipes/policy.js";
import { canFollow } from "../policy.js";
import { presentCookToFollow, presentUserSummary } from "../presenter.js";
import {
  cooksToFollow,
  findUsername,
  listFollowers,
  listFollowing,
  nameCursorOf,
  unfollow,
} from "../repository.js";

/** Following cooks: follow, unfollow, whom I follow and who follows me, whom to follow. */
/** Forgets the cached sessions of these cooks, whose follow counts changed. */
export function forgetSessionsOf(app: FastifyInstance, userIds: number[]): void {
  for (const id of userIds) app.sessions.forgetSessionsOf(id);
}

export const userFollowsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sessions are cached with their follow counts (auth status reads them there): a follow
   * changed here is forgotten at once in this process, and in the others when the users
   * row's NOTIFY reaches them (drizzle/0025).
   */
  const forgetFollowCounts = (...userIds: number[]) => forgetSessionsOf(app, userIds);

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
        return { username, created: await followCook(tx, me, id) };
      });
      forgetFollowCounts(me.id, id);
      if (created) {
        return reply
          .code(201)
          .send({ detail: formatMessage(request.language, "users.follow.done", { username }) });
      }
      return reply
        .code(200)
        .send({ detail: formatMessage(request.language, "users.follow.already", { username }) });
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
};
