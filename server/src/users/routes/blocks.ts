import { blockedCooks, usernameParams } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { blockCook } from "../../actions/block-cook.js";
import { requireUser } from "../../auth/plugin.js";
import { badRequest, notFound } from "../../http/errors.js";
import { listBlocked, unblock } from "../blocks-repository.js";
import { canBlock } from "../policy.js";
import { findUserByUsername } from "../repository.js";
import { forgetSessionsOf } from "./follows.js";

/** Blocking a cook (decision 0032): the workflow is actions/block-cook.ts. */
export const userBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sessions are cached with their follow counts (auth status reads them there): a follow
   * changed here is forgotten at once in this process, and in the others when the users
   * row's NOTIFY reaches them (drizzle/0025).
   */
  const forgetFollowCounts = (...userIds: number[]) => forgetSessionsOf(app, userIds);

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
};
