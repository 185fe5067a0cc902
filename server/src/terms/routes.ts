import { termsResponse } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http/errors.js";
import { presentTerms } from "./presenter.js";
import { latestTerms } from "./repository.js";

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/latest/",
    { config: { access: "public" }, schema: { response: { 200: termsResponse } } },
    async () => {
      const latest = await latestTerms(app.db);
      if (!latest) throw new HttpError(404, { detail: "No Terms of Service have been published." });
      return presentTerms(latest);
    },
  );
};
