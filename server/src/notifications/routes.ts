import {
  markNotificationsReadBody,
  notificationPage,
  notificationSettings,
  notificationsQuery,
  updateNotificationSettingsBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { startEventStream } from "../http/event-stream-hub.js";
import { toPage } from "../http/pagination.js";
import { UnreadCountStreams } from "./live-streams.js";
import { presentNotification } from "./presenter.js";
import {
  markRead,
  notificationCursorOf,
  notificationPage as readNotificationPage,
  settingsOf,
  unreadCount,
  updateSettings,
} from "./repository.js";

/**
 * A cook's notifications (issue 27 §1, decision 0031), registered under /api/notifications:
 * each cook reads and marks only their own. They are made by the actions that cause them
 * (notify.ts), never here.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      config: { access: "user" },
      schema: { querystring: notificationsQuery, response: { 200: notificationPage } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { cursor, limit } = request.query;
      const rows = await readNotificationPage(app.db, me, { cursor, limit });
      const page = toPage(request, rows, limit, notificationCursorOf, presentNotification);
      reply.header("cache-control", "no-store");
      return {
        results: page.results,
        next: page.next,
        unread_count: await unreadCount(app.db, me),
      };
    },
  );

  app.post(
    "/read/",
    {
      config: { access: "user" },
      schema: { body: markNotificationsReadBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await markRead(app.db, me.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  // ---------- the unread count, live ----------

  const streams = new UnreadCountStreams(app.db, app.notifyHub, app.log);
  // Before the server waits for requests in flight: an open stream never finishes by itself.
  app.addHook("preClose", () => streams.close());

  app.get(
    "/events/",
    {
      config: {
        access: "user",
        noJsonResponse: "The unread count as Server-Sent Events (text/event-stream).",
      },
      // A HEAD would hold a stream open with no body to send.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const me = requireUser(request);
      // Listening before the stream opens (and its first count is read), so no change is missed.
      await streams.ready(app.config.database.connectTimeoutMs);
      streams.open({ id: me.id, isSuperuser: me.isSuperuser }, startEventStream(reply));
    },
  );
};

/** The cook's choices per kind, registered under /api/users (as `me/notification-settings/`). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/notification-settings/",
    { config: { access: "user" }, schema: { response: { 200: notificationSettings } } },
    async (request) => settingsOf(app.db, requireUser(request).id),
  );

  app.patch(
    "/me/notification-settings/",
    {
      config: { access: "user" },
      schema: { body: updateNotificationSettingsBody, response: { 200: notificationSettings } },
    },
    async (request) => updateSettings(app.db, requireUser(request).id, request.body),
  );
};
