import { idParams, ingredientAisle, moveIngredientAisleBody } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { notFound, unknownPk } from "../../http/errors.js";
import { nameIn } from "../../ingredients/catalogue-names.js";
import { aisleById, ingredientAisleOf, moveIngredient } from "../aisles.js";

/**
 * Where a cook finds an ingredient in the shop: an aisle is the groceries' notion, served under
 * the ingredient's address (`/api/ingredients/ingredients/{id}/aisle/`, the contract's path).
 */
export const ingredientAisleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/ingredients/:id/aisle/",
    {
      config: { access: "user" },
      schema: {
        params: idParams,
        body: moveIngredientAisleBody,
        response: { 200: ingredientAisle },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const aisleId = request.body.aisle_id;
      return app.db.transaction(async (tx) => {
        const ingredient = await ingredientAisleOf(tx, user.id, request.params.id);
        if (!ingredient) throw notFound();
        if (!(await aisleById(tx, aisleId))) throw unknownPk("aisle_id", aisleId);
        await moveIngredient(tx, user.id, ingredient, aisleId);
        const moved = await ingredientAisleOf(tx, user.id, ingredient.id);
        if (!moved) throw new Error("ingredient vanished inside its transaction");
        // Named in the reader's language (issue 37 §3).
        const language = request.language;
        return {
          id: moved.id,
          name: nameIn("ingredients", moved.name, language),
          aisle: { id: moved.aisle.id, name: nameIn("aisles", moved.aisle.name, language) },
        };
      });
    },
  );
};
