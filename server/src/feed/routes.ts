import {
  commentBody,
  feedComment,
  feedItemsQuery,
  feedPage as feedPageSchema,
  idParams,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import type { Tx } from "../db/client.js";
import { forbidden, notFound } from "../http/errors.js";
import { toPage } from "../http/pagination.js";
import { imageUrls } from "../media/images.js";
import {
  addComment,
  type CommentRow,
  deleteComment,
  type FeedRow,
  feedCursorOf,
  feedPage,
  findCommentForWrite,
  isVisibleItem,
  like,
  likeCount,
  listComments,
  unlike,
  updateComment,
} from "./repository.js";

const likeState = z.object({ like_count: z.number(), is_liked_by_user: z.boolean() });

/**
 * Comments are written by their author or a superuser. Someone else gets 403 when they can
 * see the item in their feed, and 404 when they cannot (its existence stays hidden).
 */
async function authorizeCommentWrite(
  tx: Tx,
  me: { id: number; isSuperuser: boolean },
  commentId: number,
): Promise<void> {
  const comment = await findCommentForWrite(tx, me.id, commentId);
  if (!comment) throw notFound();
  if (comment.user_id === me.id || me.isSuperuser) return;
  if (!comment.item_visible) throw notFound();
  throw forbidden();
}

const serializeComment = (row: CommentRow) => ({
  id: row.id,
  text: row.text,
  user_username: row.user_username,
  created_at: row.created_at,
});

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const serializeItem = (row: FeedRow) => ({
    id: row.id,
    event_type: row.event_type,
    user_username: row.user_username,
    created_on: row.created_on,
    recipe: {
      id: row.recipe_id,
      slug: row.recipe_slug,
      title: row.recipe_title,
      // Feed cards show the smaller card version of the image.
      image: imageUrls(app.storage, row.recipe_image_key).image_card,
    },
    rating:
      row.rating === null
        ? null
        : {
            rating: row.rating,
            comment: row.rating_comment ?? "",
            author_username: row.rating_author ?? "",
          },
    like_count: row.like_count,
    is_liked_by_user: row.is_liked_by_user,
    comment_count: row.comment_count,
  });

  app.get(
    "/items/",
    {
      config: { access: "user" },
      schema: { querystring: feedItemsQuery, response: { 200: feedPageSchema } },
    },
    async (request) => {
      const me = requireUser(request);
      const { exclude_event_types, cursor, limit } = request.query;
      const rows = await feedPage(app.db, me.id, { exclude: exclude_event_types, cursor, limit });
      return toPage(request, rows, limit, feedCursorOf, serializeItem);
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
        if (!(await isVisibleItem(tx, me.id, id))) throw notFound();
        const created = await like(tx, me.id, id);
        return { created, state: { like_count: await likeCount(tx, id), is_liked_by_user: true } };
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
      if (!(await isVisibleItem(app.db, me.id, id))) throw notFound();
      await unlike(app.db, me.id, id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/items/:id/comments/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 200: z.array(feedComment) } },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      if (!(await isVisibleItem(app.db, me.id, id))) throw notFound();
      return (await listComments(app.db, id)).map(serializeComment);
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
        if (!(await isVisibleItem(tx, me.id, id))) throw notFound();
        return addComment(tx, me.id, id, request.body.text);
      });
      return reply.code(201).send(serializeComment(comment));
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
        await authorizeCommentWrite(tx, me, id);
        return updateComment(tx, id, request.body.text);
      });
      return serializeComment(comment);
    },
  );

  app.delete(
    "/comments/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        await authorizeCommentWrite(tx, me, id);
        await deleteComment(tx, id);
      });
      return reply.code(204).send(null);
    },
  );
};
