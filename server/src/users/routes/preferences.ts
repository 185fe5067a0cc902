import { preferences, updatePreferencesBody } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { preferencesOf, updatePreferences } from "../account-repository.js";

/** The signed-in cook's preferences. */
export const userPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/preferences/",
    { config: { access: "user" }, schema: { response: { 200: preferences } } },
    async (request) => preferencesOf(app.db, requireUser(request).id),
  );

  app.patch(
    "/me/preferences/",
    {
      config: { access: "user" },
      schema: { body: updatePreferencesBody, response: { 200: preferences } },
    },
    async (request) => updatePreferences(app.db, requireUser(request).id, request.body),
  );
};
