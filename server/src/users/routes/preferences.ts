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
    async (request) => {
      const me = requireUser(request);
      const updated = await updatePreferences(app.db, me.id, request.body);
      // The session carries the cook's language: this process forgets it at once, so the
      // cook's next request is in the new one (the others hear the database's NOTIFY).
      if (request.body.language !== undefined && request.body.language !== me.language) {
        app.sessions.forgetSessionsOf(me.id);
      }
      return updated;
    },
  );
};
