import { termsResponse } from "@potluck/contract";
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { termsVersions } from "../db/schema.js";
import { HttpError } from "../http/errors.js";

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/latest/",
    { config: { access: "public" }, schema: { response: { 200: termsResponse } } },
    async () => {
      const [latest] = await app.db
        .select()
        .from(termsVersions)
        .orderBy(desc(termsVersions.versionNumber))
        .limit(1);
      if (!latest) throw new HttpError(404, { detail: "No Terms of Service have been published." });
      return {
        version_number: latest.versionNumber,
        content: latest.content,
        published_at: latest.publishedAt.toISOString(),
      };
    },
  );
};
