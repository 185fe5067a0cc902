import { idParams } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { notFound } from "../../http/errors.js";
import { startEventStream } from "../../http/event-stream-hub.js";
import { streamStart } from "../list-events.js";
import { ListEventStreams } from "../live-streams.js";
import { roleOn } from "../policy.js";

/** A list's live updates, as Server-Sent Events. */
export const groceryEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new ListEventStreams(app.db, app.notifyHub, app.log);
  // Before the server waits for requests in flight: an open stream never finishes by itself.
  app.addHook("preClose", () => streams.close());

  app.get(
    "/lists/:id/events/",
    {
      config: {
        access: "user",
        noJsonResponse: "The list's changes as Server-Sent Events (text/event-stream).",
      },
      // A HEAD would hold a stream open with no body to send.
      exposeHeadRoute: false,
      schema: { params: idParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = request.params.id;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      // Listening before the start is read, so no change falls between the two.
      await streams.ready(app.config.database.connectTimeoutMs);
      const lastEventId = request.headers["last-event-id"];
      const start = await streamStart(
        app.db,
        listId,
        typeof lastEventId === "string" ? lastEventId.trim() : undefined,
      );
      // `id:` even with nothing to send, so a reconnect asks for what came after this point.
      const res = startEventStream(
        reply,
        `${start.reset ? "event: reset\ndata: {}\n" : ""}id: ${start.afterId}\n`,
      );
      streams.open(listId, user.id, start.afterId, res);
    },
  );
};
