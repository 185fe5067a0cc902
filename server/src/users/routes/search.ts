import { userPage, userSearchQuery } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { toPage } from "../../http/pagination.js";
import { presentUserSummary } from "../presenter.js";
import { searchCursorOf, searchUsers, suggestUsers } from "../repository.js";
import { shareCandidates } from "../share-candidates-repository.js";

/** Finding cooks by name, to follow or to share with. */
export const userSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search/",
    {
      config: { access: "user" },
      schema: { querystring: userSearchQuery, response: { 200: userPage } },
    },
    async (request) => {
      const me = requireUser(request);
      const { query, purpose, cursor, limit } = request.query;
      const rows =
        purpose === "share"
          ? await shareCandidates(app.db, me.id, query, cursor, limit)
          : query
            ? await searchUsers(app.db, me.id, query, cursor, limit)
            : await suggestUsers(app.db, me.id, cursor, limit);
      return toPage(request, rows, limit, searchCursorOf, presentUserSummary);
    },
  );
};
