import { replaceStaplesBody, staplesResponse } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { doesNotExist, HttpError } from "../../http/errors.js";
import { named } from "../../ingredients/catalogue-names.js";
import { replaceStaples, staplesOf, unknownIngredients } from "../staples-repository.js";

/** The signed-in cook's staples: what they always have at home. */
export const userStaplesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/staples/",
    { config: { access: "user" }, schema: { response: { 200: staplesResponse } } },
    async (request) =>
      inLanguage(await staplesOf(app.db, requireUser(request).id), request.language),
  );

  app.put(
    "/me/staples/",
    {
      config: { access: "user" },
      schema: { body: replaceStaplesBody, response: { 200: staplesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      // An id given twice is one staple: the body is a set.
      const ids = [...new Set(request.body.ingredient_ids)];
      return app.db.transaction(async (tx) => {
        const unknown = await unknownIngredients(tx, ids);
        if (unknown.length > 0) {
          throw new HttpError(400, {
            ingredient_ids: unknown.slice(0, 10).map((id) => doesNotExist(id)),
          });
        }
        await replaceStaples(tx, user.id, ids);
        return inLanguage(await staplesOf(tx, user.id), request.language);
      });
    },
  );
};

/**
 * The staples named in the reader's language (issue 37 §3), by that name; English as they
 * come (by name).
 */
function inLanguage(staples: { id: number; name: string }[], language: Language) {
  if (language === "en") return staples;
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  return staples
    .map((staple) => named("ingredients", staple, language))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
