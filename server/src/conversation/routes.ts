import { CONVERSATION_LIMIT, conversationParams, conversationResponse } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../http/errors.js";
import { recipeExists } from "../ratings/repository.js";
import { mayReadRecipe } from "../recipes/policy.js";
import { presentConversationEntry } from "./presenter.js";
import { recipeConversation } from "./repository.js";

/** `GET /api/recipes/recipes/{id}/conversation/`: a recipe's reviews and feed comments, one thread. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recipes/:id/conversation/",
    {
      config: { access: "public" },
      schema: { params: conversationParams, response: { 200: conversationResponse } },
    },
    async (request) => {
      const viewer = request.user;
      const { id } = request.params;
      // A recipe the caller may not read does not exist for them (decision 0023).
      if (!(await recipeExists(app.db, id, mayReadRecipe(viewer)))) throw notFound();
      const rows = await recipeConversation(app.db, viewer, id, CONVERSATION_LIMIT);
      return rows.map((row) => presentConversationEntry(row, viewer));
    },
  );
};
