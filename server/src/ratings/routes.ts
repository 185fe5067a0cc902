import {
  ratingBody,
  ratingIdParams,
  ratingListQuery,
  ratingListResponse,
  ratingSchema,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changeRating, rateRecipe } from "../actions/rate-recipe.js";
import { requireUser } from "../auth/plugin.js";
import { lockOwnRating } from "../db/locks.js";
import { fieldError, notFound, unknownPk } from "../http/errors.js";
import { decodeCursor, linkOlderPage } from "../http/pagination.js";
import { mayReadRecipe } from "../recipes/policy.js";
import { authorizeRatingEdit, mayRateRecipe } from "./policy.js";
import { presentRating } from "./presenter.js";
import {
  adjustRecipeTotals,
  deleteRating,
  findRating,
  ratingsOfRecipe,
  recipeExists,
} from "./repository.js";

// The same payload as POST; a rating stays on its recipe, so `recipe` may be left out.
const ratingUpdateBody = ratingBody.extend({ recipe: ratingBody.shape.recipe.optional() });

/** Registered under /api/recipes/ratings (app.ts). */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      config: { access: "public" },
      schema: { querystring: ratingListQuery, response: { 200: ratingListResponse } },
    },
    async (request, reply) => {
      const { recipe, before, limit } = request.query;
      const cursor = decodeCursor(before, ["micros", "id"]);
      if (!(await recipeExists(app.db, recipe, mayReadRecipe(request.user)))) throw notFound();
      const page = await ratingsOfRecipe(app.db, recipe, request.user?.id, {
        limit,
        before: cursor,
        superuser: request.user?.isSuperuser,
      });
      linkOlderPage(request, reply, page.older);
      return page.rows.map((row) => presentRating(row, request.user));
    },
  );

  app.post(
    "/",
    { config: { access: "user" }, schema: { body: ratingBody, response: { 201: ratingSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { rating, comment, recipe } = request.body;
      // Rating needs a right of one's own to the recipe (a list's grant is read only), and no
      // block between the rater and its author.
      if (!(await recipeExists(app.db, recipe, mayRateRecipe(user)))) {
        throw unknownPk("recipe", recipe);
      }
      const id = await app.db
        .transaction((tx) => rateRecipe(tx, user, recipe, { rating, comment }))
        .catch((error: unknown) => {
          // The recipe was deleted between the check and the insert.
          if (pgCode(error) === "23503") throw unknownPk("recipe", recipe);
          throw error;
        });
      const created = await findRating(app.db, id);
      if (!created) throw notFound();
      return reply.code(201).send(presentRating(created, user));
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
        authorizeRatingEdit(user, await findRating(tx, id));
        const current = await lockOwnRating(tx, id, user.id);
        if (!current) throw notFound(); // deleted since it was read
        // A rating of a recipe its author may no longer read is answered as if it were gone.
        // So is one of a recipe whose author a block stands between (decision 0032).
        if (!(await recipeExists(tx, current.recipeId, mayRateRecipe(user)))) throw notFound();
        if (recipe !== undefined && recipe !== current.recipeId) {
          throw fieldError("recipe", "A rating cannot be moved to another recipe.");
        }
        await changeRating(tx, user, id, current, { rating, comment });
      });
      const updated = await findRating(app.db, id);
      if (!updated) throw notFound();
      return presentRating(updated, user);
    },
  );

  app.delete(
    "/:id/",
    { config: { access: "user" }, schema: { params: ratingIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        authorizeRatingEdit(user, await findRating(tx, id));
        const current = await lockOwnRating(tx, id, user.id);
        if (!current) throw notFound(); // deleted since it was read
        await deleteRating(tx, id);
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
