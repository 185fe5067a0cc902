import {
  createIngredientBody,
  ingredientChoice,
  ingredientSearchQuery,
  ingredientSearchResponse,
  parseLinesBody,
  parseLinesResponse,
  unitSchema,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { decodeCursor, toPage } from "../http/pagination.js";
import { consumeAttempts, returnAttempt } from "../http/rate-limit.js";
import { parseIngredientLines } from "./parse-lines.js";
import {
  findOrCreateIngredient,
  ingredientCursor,
  listUnits,
  searchIngredients,
} from "./repository.js";

export const ingredientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/units/",
    { config: { access: "public" }, schema: { response: { 200: z.array(unitSchema) } } },
    async () => listUnits(app.db),
  );

  app.get(
    "/ingredients/",
    {
      config: { access: "public" },
      schema: { querystring: ingredientSearchQuery, response: { 200: ingredientSearchResponse } },
    },
    async (request) => {
      const { search, limit, cursor } = request.query;
      const after = decodeCursor(cursor, ["int", "score", "text", "id"]);
      const rows = await searchIngredients(app.db, search, limit, after);
      return toPage(request, rows, limit, ingredientCursor, (row) => ({
        id: row.id,
        name: row.name,
        counted: row.counted,
      }));
    },
  );

  app.post(
    "/ingredients/",
    {
      config: { access: "user" },
      schema: {
        body: createIngredientBody,
        response: { 200: ingredientChoice, 201: ingredientChoice },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The catalogue is shared: one user may add only so many ingredients to it. Picking
      // one that already exists adds nothing and is given back.
      const key = `ingredient-creates:${user.id}`;
      await consumeAttempts(app.db, reply, [
        { key, limit: app.config.limits.ingredientCreatesPerUser },
      ]);
      // "Brown   sugar" and "Brown sugar" are one ingredient.
      const name = request.body.name.replace(/\s+/g, " ");
      const { ingredient, created } = await findOrCreateIngredient(app.db, name, user.id);
      if (!created) await returnAttempt(app.db, key);
      return reply.code(created ? 201 : 200).send(ingredient);
    },
  );

  app.post(
    "/parse/",
    {
      config: { access: "user" },
      schema: { body: parseLinesBody, response: { 200: parseLinesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      // The lines' language as the caller states it, else the caller's own (issue 37 §3).
      const language = request.body.language ?? request.language;
      return parseIngredientLines(app.db, user.id, request.body.lines, language);
    },
  );
};
