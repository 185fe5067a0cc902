import {
  createIngredientBody,
  idParams,
  ingredientChoice,
  ingredientDetail,
  ingredientSearchQuery,
  ingredientSearchResponse,
  parseLinesBody,
  parseLinesResponse,
  unitSchema,
} from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { notFound } from "../http/errors.js";
import { decodeCursor, toPage } from "../http/pagination.js";
import { consumeAttempts, returnAttempt } from "../http/rate-limit.js";
import { varyByLanguage } from "../http/vary-by-language.js";
import { named, namedUnit } from "./catalogue-names.js";
import { factsOf, foodOf, sourceOf, withSalt } from "./food-data.js";
import { parseIngredientLines } from "./parse-lines.js";
import {
  findIngredient,
  findOrCreateIngredient,
  ingredientCursor,
  listUnits,
  searchIngredients,
} from "./repository.js";

export const ingredientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/units/",
    { config: { access: "public" }, schema: { response: { 200: z.array(unitSchema) } } },
    async (request, reply) => {
      varyByLanguage(reply);
      return unitsIn(await listUnits(app.db), request.language);
    },
  );

  app.get(
    "/ingredients/",
    {
      config: { access: "public" },
      schema: { querystring: ingredientSearchQuery, response: { 200: ingredientSearchResponse } },
    },
    async (request, reply) => {
      const { search, limit, cursor } = request.query;
      const after = decodeCursor(cursor, ["int", "score", "text", "id"]);
      const language = request.language;
      const rows = await searchIngredients(app.db, search, limit, after, language);
      varyByLanguage(reply);
      // Named in the caller's language (issue 37 §3).
      return toPage(request, rows, limit, ingredientCursor, (row) => ({
        ...named("ingredients", { id: row.id, name: row.name }, language),
        counted: row.counted,
      }));
    },
  );

  app.get(
    "/ingredients/:id/",
    {
      config: { access: "public" },
      schema: { params: idParams, response: { 200: ingredientDetail } },
    },
    async (request, reply) => {
      const ingredient = await findIngredient(app.db, request.params.id);
      if (!ingredient) throw notFound();
      const language = request.language;
      varyByLanguage(reply);
      // The food data knows the catalogue by its English names; a cook's own ingredient has none.
      const food = foodOf(ingredient.name);
      const units = food ? await listUnits(app.db) : [];
      const gramsPerUnit = units.flatMap((unit) => {
        const grams = food?.grams_per_unit[unit.name];
        return grams === undefined ? [] : [{ unit: namedUnit(unit, language), grams }];
      });
      return {
        ...named("ingredients", ingredient, language),
        nutrition_per_100g: food ? withSalt(food.nutrition_per_100g) : null,
        grams_per_unit: gramsPerUnit,
        allergens: factsOf(ingredient.name)?.allergens ?? [],
        source: food ? sourceOf(food) : null,
      };
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
      const lines = await parseIngredientLines(app.db, user.id, request.body.lines, language);
      // Named for the reader, whatever language the lines were written in.
      const reader = request.language;
      return lines.map((line) => ({
        ...line,
        unit: line.unit && namedUnit(line.unit, reader),
        ingredient: line.ingredient && named("ingredients", line.ingredient, reader),
        as_written: line.as_written && {
          ...line.as_written,
          unit: line.as_written.unit && namedUnit(line.as_written.unit, reader),
        },
      }));
    },
  );
};

/**
 * The units as a reader of `language` reads them (issue 37 §3): in English as they are (by
 * name); else each named in that language with its forms and English `code`, by that name.
 */
function unitsIn(units: { id: number; name: string }[], language: Language) {
  if (language === "en") return units;
  const collator = new Intl.Collator(language);
  return units
    .map((unit) => namedUnit(unit, language))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
