import {
  createPlannedExtraBody,
  createPlannedRecipeBody,
  groceryListFilter,
  idParams,
  plannedExtra,
  plannedExtrasResponse,
  plannedRecipe,
  plannedRecipesResponse,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/plugin.js";
import {
  holdRecipe,
  lockList,
  lockListOfPlannedExtra,
  lockListOfPlannedRecipe,
} from "../../db/locks.js";
import { doesNotExist, fieldError, HttpError, notFound } from "../../http/errors.js";
import { varyByLanguage } from "../../http/vary-by-language.js";
import { canActOnRecipe, planningFacts } from "../../recipes/policy.js";
import { readExtraLine } from "../extra-line.js";
import { mayUseList, roleOn } from "../policy.js";
import { presentPlannedExtra, presentPlannedRecipe } from "../presenter.js";
import { plansChanged } from "../recompute.js";
import {
  deletePlannedExtra,
  deletePlannedRecipe,
  ingredientAndUnitExist,
  insertPlannedExtra,
  insertPlannedRecipe,
  plannedExtraById,
  plannedExtraIdByClientKey,
  plannedExtrasOf,
  plannedRecipeById,
  plannedRecipesOf,
} from "../repository.js";

const noContent = { 204: z.null() };

/**
 * A list's planned recipes and extras. Every change to a list's plans recomputes its shopping
 * items in the same transaction (recompute.ts), under the list's lock (db/locks.ts).
 */
export const groceryPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/planned-recipes/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: plannedRecipesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      return (await plannedRecipesOf(app.db, listId)).map(presentPlannedRecipe);
    },
  );

  app.post(
    "/planned-recipes/",
    {
      config: { access: "user" },
      schema: { body: createPlannedRecipeBody, response: { 201: plannedRecipe } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const planned = await app.db.transaction(async (tx) => {
        // Recipe first, then the list: the lock order of db/locks.ts.
        const recipe = await holdRecipe(tx, body.recipe_id, planningFacts(user));
        if (!(await lockList(tx, body.grocery_list_id, mayUseList(user.id)))) throw notFound();
        // Planning needs a right of one's own to the recipe: a list's read-only grant does
        // not carry it onto other lists (recipes/policy.ts).
        if (!recipe || !canActOnRecipe(user, recipe, recipe)) {
          throw fieldError("recipe_id", doesNotExist(body.recipe_id));
        }
        const { id } = await insertPlannedRecipe(tx, {
          groceryListId: body.grocery_list_id,
          recipeId: body.recipe_id,
          guests: body.guests,
          plannedOn: body.planned_on ?? null,
        });
        await plansChanged(tx, body.grocery_list_id, user.username);
        const created = await plannedRecipeById(tx, id);
        if (!created) throw new Error("planned recipe vanished inside its transaction");
        return presentPlannedRecipe(created);
      });
      return reply.code(201).send(planned);
    },
  );

  app.delete(
    "/planned-recipes/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const listId = await lockListOfPlannedRecipe(tx, request.params.id, mayUseList(user.id));
        if (listId === undefined || !(await deletePlannedRecipe(tx, request.params.id, listId))) {
          throw notFound();
        }
        await plansChanged(tx, listId, user.username);
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/planned-extras/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: plannedExtrasResponse } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      varyByLanguage(reply);
      return (await plannedExtrasOf(app.db, listId)).map((row) =>
        presentPlannedExtra(row, request.language),
      );
    },
  );

  app.post(
    "/planned-extras/",
    {
      config: { access: "user" },
      schema: { body: createPlannedExtraBody, response: { 201: plannedExtra } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      // A typed line is read before the list is locked: the catalogue lookup takes a moment.
      const extra =
        body.text === undefined
          ? undefined
          : await readExtraLine(app.db, user.id, body.text, request.language);
      const planned = await app.db.transaction(async (tx) => {
        if (!(await lockList(tx, body.grocery_list_id, mayUseList(user.id)))) throw notFound();
        const plannedOn = body.planned_on ?? null;
        const groceryListId = body.grocery_list_id;
        const clientKey = body.client_key;
        // Sent again (its answer lost): the list is locked, so the first add is there or not.
        const earlier =
          clientKey === undefined
            ? undefined
            : await plannedExtraIdByClientKey(tx, groceryListId, clientKey);
        if (earlier !== undefined) {
          const found = await plannedExtraById(tx, earlier);
          if (!found) throw new Error("planned extra vanished inside its transaction");
          return presentPlannedExtra(found, request.language);
        }
        let id: number;
        if (extra) {
          ({ id } = await insertPlannedExtra(tx, {
            groceryListId,
            plannedOn,
            clientKey,
            ...extra,
          }));
        } else {
          // The schema requires all three without a text.
          const { ingredient_id: ingredientId, unit_id: unitId, quantity } = body;
          if (ingredientId === undefined || unitId === undefined || quantity === undefined) {
            throw new Error("a catalogue extra without its ingredient, unit or quantity");
          }
          const exists = await ingredientAndUnitExist(tx, ingredientId, unitId);
          if (!exists.ingredient || !exists.unit) {
            throw new HttpError(400, {
              ...(exists.ingredient ? {} : { ingredient_id: [doesNotExist(ingredientId)] }),
              ...(exists.unit ? {} : { unit_id: [doesNotExist(unitId)] }),
            });
          }
          ({ id } = await insertPlannedExtra(tx, {
            groceryListId,
            plannedOn,
            clientKey,
            ingredientId,
            unitId,
            quantity,
          }));
        }
        await plansChanged(tx, body.grocery_list_id, user.username);
        const created = await plannedExtraById(tx, id);
        if (!created) throw new Error("planned extra vanished inside its transaction");
        return presentPlannedExtra(created, request.language);
      });
      return reply.code(201).send(planned);
    },
  );

  app.delete(
    "/planned-extras/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const listId = await lockListOfPlannedExtra(tx, request.params.id, mayUseList(user.id));
        if (listId === undefined || !(await deletePlannedExtra(tx, request.params.id, listId))) {
          throw notFound();
        }
        await plansChanged(tx, listId, user.username);
      });
      return reply.code(204).send(null);
    },
  );
};
