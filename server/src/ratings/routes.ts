import {
  ratingBody,
  ratingIdParams,
  ratingListQuery,
  ratingListResponse,
  ratingSchema,
} from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { ratings } from "../db/schema.js";
import { recordFeedEvent } from "../feed/events.js";
import { badRequest, fieldError, forbidden, notFound } from "../http/errors.js";
import {
  adjustRecipeTotals,
  findRating,
  insertRating,
  lockOwnRating,
  ratingsOfRecipe,
  recipeExists,
  toRating,
} from "./repository.js";

const ALREADY_RATED = "You have already rated this recipe.";
const unknownRecipe = (id: number) =>
  fieldError("recipe", `Invalid pk "${id}" - object does not exist.`);

// The same payload as POST; a rating stays on its recipe, so `recipe` may be left out.
const ratingUpdateBody = ratingBody.extend({ recipe: ratingBody.shape.recipe.optional() });

/** Registered under /api/recipes/ratings by the recipes routes. */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      config: { access: "public" },
      schema: { querystring: ratingListQuery, response: { 200: ratingListResponse } },
    },
    async (request) => {
      const { recipe } = request.query;
      if (!(await recipeExists(app.db, recipe))) throw notFound();
      return (await ratingsOfRecipe(app.db, recipe, request.user?.id)).map(toRating);
    },
  );

  app.post(
    "/",
    { config: { access: "user" }, schema: { body: ratingBody, response: { 201: ratingSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { rating, comment, recipe } = request.body;
      if (!(await recipeExists(app.db, recipe))) throw unknownRecipe(recipe);
      const id = await app.db
        .transaction(async (tx) => {
          const id = await insertRating(tx, {
            recipeId: recipe,
            authorId: user.id,
            rating,
            comment,
          });
          if (id === undefined) throw badRequest(ALREADY_RATED);
          await adjustRecipeTotals(tx, recipe, rating, 1);
          await recordFeedEvent(tx, {
            userId: user.id,
            eventType: "new_rating",
            recipeId: recipe,
            ratingId: id,
          });
          return id;
        })
        .catch((error: unknown) => {
          // The recipe was deleted between the check and the insert.
          if (pgCode(error) === "23503") throw unknownRecipe(recipe);
          throw error;
        });
      const created = await findRating(app.db, id);
      if (!created) throw notFound();
      return reply.code(201).send(toRating(created));
    },
  );

  app.put(
    "/:id/",
    {
      config: { access: "user" },
      schema: { params: ratingIdParams, body: ratingUpdateBody, response: { 200: ratingSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { rating, comment, recipe } = request.body;
      await app.db.transaction(async (tx) => {
        const current = await lockOwnRating(tx, id, user.id);
        if (!current) throw (await findRating(tx, id)) ? forbidden() : notFound();
        if (recipe !== undefined && recipe !== current.recipeId) {
          throw fieldError("recipe", "A rating cannot be moved to another recipe.");
        }
        if (current.rating === rating && current.comment === comment) return;
        await tx
          .update(ratings)
          .set({ rating, comment, updatedAt: sql`now()` })
          .where(eq(ratings.id, id));
        await adjustRecipeTotals(tx, current.recipeId, rating - current.rating, 0);
        await recordFeedEvent(tx, {
          userId: user.id,
          eventType: "update_rating",
          recipeId: current.recipeId,
          ratingId: id,
        });
      });
      const updated = await findRating(app.db, id);
      if (!updated) throw notFound();
      return toRating(updated);
    },
  );

  app.delete(
    "/:id/",
    { config: { access: "user" }, schema: { params: ratingIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      // Its feed items go with it (feed_items.rating_id ON DELETE CASCADE).
      await app.db.transaction(async (tx) => {
        const current = await lockOwnRating(tx, id, user.id);
        if (!current) throw (await findRating(tx, id)) ? forbidden() : notFound();
        await tx.delete(ratings).where(eq(ratings.id, id));
        await adjustRecipeTotals(tx, current.recipeId, -current.rating, -1);
      });
      return reply.code(204).send(null);
    },
  );
};

function pgCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code;
}
