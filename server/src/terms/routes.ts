import { termsResponse } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http/errors.js";
import { varyByLanguage } from "../http/vary-by-language.js";
import { presentTerms } from "./presenter.js";
import { latestTerms } from "./repository.js";

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/latest/",
    { config: { access: "public" }, schema: { response: { 200: termsResponse } } },
    async (request, reply) => {
      const latest = await latestTerms(app.db);
      if (!latest) throw new HttpError(404, { detail: "No Terms of Service have been published." });
      // Translated versions are served in the caller's language: no shared cache may mix them.
      varyByLanguage(reply);
      return presentTerms(latest, request.language);
    },
  );
};
