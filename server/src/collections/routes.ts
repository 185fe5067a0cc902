import {
  COLLECTION_NAME_TAKEN,
  collectionIdParams,
  collectionRecipeParams,
  collectionSchema,
  collectionsResponse,
  createCollectionBody,
  updateCollectionBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { fieldError, notFound } from "../http/errors.js";
import { canReadRecipe } from "../recipes/policy.js";
import { recipeForPolicy } from "../recipes/repository.js";
import { presentCollection } from "./presenter.js";
import {
  addRecipe,
  collectionsOf,
  createCollection,
  deleteCollection,
  findCollection,
  ownsCollection,
  removeRecipe,
  renameCollection,
} from "./repository.js";

const noContent = { 204: z.null() };
const nameTaken = () => fieldError("name", COLLECTION_NAME_TAKEN);

/**
 * A cook's collections of recipes, under /api/recipes/collections/: private to their owner
 * (policy.ts), so anyone else gets 404 on every route, exactly as for one that does not exist.
 * What a collection shows and counts follows the recipes' read rule for its owner; its
 * recipes are listed by `GET /api/recipes/recipes/?collection={id}`.
 */
export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/collections/",
    { config: { access: "user" }, schema: { response: { 200: collectionsResponse } } },
    async (request) => {
      const user = requireUser(request);
      return (await collectionsOf(app.db, user)).map(presentCollection);
    },
  );

  app.post(
    "/collections/",
    {
      config: { access: "user" },
      schema: { body: createCollectionBody, response: { 201: collectionSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await createCollection(app.db, user.id, request.body.name);
      if (!created) throw nameTaken();
      return reply.code(201).send(presentCollection(created));
    },
  );

  app.patch(
    "/collections/:id/",
    {
      config: { access: "user" },
      schema: {
        params: collectionIdParams,
        body: updateCollectionBody,
        response: { 200: collectionSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { name } = request.body;
      if (name !== undefined) {
        const outcome = await renameCollection(app.db, user.id, id, name);
        if (outcome === "missing") throw notFound();
        if (outcome === "taken") throw nameTaken();
      }
      const collection = await findCollection(app.db, user, id);
      if (!collection) throw notFound();
      return presentCollection(collection);
    },
  );

  app.delete(
    "/collections/:id/",
    {
      config: { access: "user" },
      schema: { params: collectionIdParams, response: noContent },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await deleteCollection(app.db, user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/collections/:id/recipes/:recipe_id/",
    {
      config: { access: "user", noBody: true },
      schema: { params: collectionRecipeParams, response: noContent },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id, recipe_id: recipeId } = request.params;
      if (!(await ownsCollection(app.db, user.id, id))) throw notFound();
      // A recipe the cook may not read is answered as one that does not exist.
      const recipe = await recipeForPolicy(app.db, recipeId, user);
      if (!recipe || !canReadRecipe(user, recipe, recipe)) throw notFound();
      if (!(await addRecipe(app.db, id, recipeId))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/collections/:id/recipes/:recipe_id/",
    {
      config: { access: "user" },
      schema: { params: collectionRecipeParams, response: noContent },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id, recipe_id: recipeId } = request.params;
      // 204 whether or not the recipe was in it (or exists, or is readable): the answer is the
      // same in every case, so it tells nothing about the recipe.
      if (!(await ownsCollection(app.db, user.id, id))) throw notFound();
      await removeRecipe(app.db, id, recipeId);
      return reply.code(204).send(null);
    },
  );
};
