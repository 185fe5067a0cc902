import {
  commentBody,
  commentListQuery,
  feedComment,
  feedItemsQuery,
  feedPage as feedPageSchema,
  idParams,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commentOnFeedItem, likeFeedItem } from "../actions/react-to-feed-item.js";
import { requireUser } from "../auth/plugin.js";
import { lockComment } from "../db/locks.js";
import { notFound } from "../http/errors.js";
import { decodeCursor, linkOlderPage, toPage } from "../http/pagination.js";
import { authorizeCommentEdit, mayReadItem } from "./policy.js";
import { presentComment, presentFeedItem } from "./presenter.js";
import {
  deleteComment,
  feedCursorOf,
  feedPage,
  isVisibleItem,
  listComments,
  unlike,
  updateComment,
} from "./repository.js";

const likeState = z.object({ like_count: z.number(), is_liked_by_user: z.boolean() });

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/items/",
    {
      config: { access: "user" },
      schema: { querystring: feedItemsQuery, response: { 200: feedPageSchema } },
    },
    async (request) => {
      const me = requireUser(request);
      const { exclude_event_types, cursor, limit } = request.query;
      const rows = await feedPage(app.db, me, { exclude: exclude_event_types, cursor, limit });
      return toPage(request, rows, limit, feedCursorOf, (row) => presentFeedItem(row, app.storage));
    },
  );

  app.post(
    "/items/:id/like/",
    {
      config: { access: "user", noBody: true },
      schema: { params: idParams, response: { 200: likeState, 201: likeState } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      // Answer only after the commit: a client that unlikes at once must find the like.
      const { created, state } = await app.db.transaction(async (tx) => {
        const liked = await likeFeedItem(tx, me, id);
        if (!liked) throw notFound();
        return {
          created: liked.created,
          state: { like_count: liked.likeCount, is_liked_by_user: true },
        };
      });
      return reply.code(created ? 201 : 200).send(state);
    },
  );

  app.delete(
    "/items/:id/like/",
    { config: { access: "user" }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      if (!(await isVisibleItem(app.db, me, id))) throw notFound();
      await unlike(app.db, me.id, id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/items/:id/comments/",
    {
      config: { access: "user" },
      schema: {
        params: idParams,
        querystring: commentListQuery,
        response: { 200: z.array(feedComment) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      const { before, limit } = request.query;
      const cursor = decodeCursor(before, ["micros", "id"]);
      if (!(await isVisibleItem(app.db, me, id))) throw notFound();
      const page = await listComments(app.db, me, id, { limit, before: cursor });
      linkOlderPage(request, reply, page.older);
      return page.rows.map((row) => presentComment(row, me));
    },
  );

  app.post(
    "/items/:id/comments/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: commentBody, response: { 201: feedComment } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      const comment = await app.db.transaction(async (tx) => {
        const comment = await commentOnFeedItem(tx, me, id, request.body.text);
        if (!comment) throw notFound();
        return comment;
      });
      return reply.code(201).send(presentComment(comment, me));
    },
  );

  app.patch(
    "/comments/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: commentBody, response: { 200: feedComment } },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const comment = await app.db.transaction(async (tx) => {
        authorizeCommentEdit(me, await lockComment(tx, id, mayReadItem(me)));
        return updateComment(tx, id, request.body.text);
      });
      return presentComment(comment, me);
    },
  );

  app.delete(
    "/comments/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        authorizeCommentEdit(me, await lockComment(tx, id, mayReadItem(me)));
        await deleteComment(tx, id);
      });
      return reply.code(204).send(null);
    },
  );
};
