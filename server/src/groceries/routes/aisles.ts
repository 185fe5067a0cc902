import { aisleOrderBody, aislesResponse, moveTextAisleBody, textAisle } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { HttpError, unknownPk } from "../../http/errors.js";
import { varyByLanguage } from "../../http/vary-by-language.js";
import { nameIn } from "../../ingredients/catalogue-names.js";
import { aisleById, aisleOrderProblems, aislesOf, moveText, setAisleOrder } from "../aisles.js";
import { tidyLine } from "../extra-line.js";

/** Aisles: the cook's own order and placements, for every list they use. */
export const groceryAislesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/aisles/",
    { config: { access: "user" }, schema: { response: { 200: aislesResponse } } },
    async (request, reply) => {
      varyByLanguage(reply);
      return inLanguage(await aislesOf(app.db, requireUser(request).id), request.language);
    },
  );

  app.put(
    "/aisle-order/",
    {
      config: { access: "user" },
      schema: { body: aisleOrderBody, response: { 200: aislesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const ids = request.body.aisle_ids;
      return app.db.transaction(async (tx) => {
        const problems = await aisleOrderProblems(tx, ids);
        if (problems) throw new HttpError(400, { aisle_ids: problems });
        await setAisleOrder(tx, user.id, ids);
        return inLanguage(await aislesOf(tx, user.id), request.language);
      });
    },
  );

  // A free-text line's aisle, by its text: the text variant of the ingredients' own
  // `PUT /api/ingredients/ingredients/{id}/aisle/`.
  app.put(
    "/aisles/text/",
    {
      config: { access: "user" },
      schema: { body: moveTextAisleBody, response: { 200: textAisle } },
    },
    async (request) => {
      const user = requireUser(request);
      const { text, aisle_id: aisleId } = request.body;
      return app.db.transaction(async (tx) => {
        const aisle = await aisleById(tx, aisleId);
        if (!aisle) throw unknownPk("aisle_id", aisleId);
        await moveText(tx, user.id, tidyLine(text), aisleId);
        return { text: tidyLine(text), aisle: inLanguage([aisle], request.language)[0] ?? aisle };
      });
    },
  );
};

/** Aisles named in the reader's language (issue 37 §3). */
function inLanguage(aisles: { id: number; name: string }[], language: Language) {
  return aisles.map((aisle) => ({ id: aisle.id, name: nameIn("aisles", aisle.name, language) }));
}
