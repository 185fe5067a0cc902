import {
  ALREADY_REPORTED,
  adminReportPage,
  adminReportParams,
  adminReport as adminReportSchema,
  adminReportsQuery,
  adminUser,
  adminUserPage,
  adminUsersQuery,
  auditPage,
  auditQuery,
  ONE_REPORT_TARGET,
  REPORT_CONTEXT_AROUND,
  reportBody,
  reportContext,
  reportReceipt,
  resolveReportBody,
  usernameParams,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resolveReport } from "../actions/resolve-report.js";
import { requireUser } from "../auth/plugin.js";
import { badRequest, fieldError, HttpError, notFound, unknownPk } from "../http/errors.js";
import { decodeCursor, toPage } from "../http/pagination.js";
import { consumeAttempts } from "../http/rate-limit.js";
import { removeImage } from "../media/images.js";
import { findUserByUsername } from "../users/repository.js";
import { canDisableCook, canReport } from "./policy.js";
import {
  presentAdminUser,
  presentAuditEntry,
  presentReport,
  presentReportContext,
} from "./presenter.js";
import {
  auditCursorOf,
  commentInContext,
  disableUser,
  enableUser,
  findReport,
  insertReport,
  listAudit,
  listReports,
  listUsers,
  logAction,
  reportableComment,
  reportableRecipe,
  reportableUser,
  reportCursorOf,
  unhide,
  userCursorOf,
} from "./repository.js";

const NOT_HIDDEN = "This report's content is not hidden.";

/** `POST /api/reports/`: any signed-in cook reports what they can see. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      config: { access: "user" },
      schema: { body: reportBody, response: { 201: reportReceipt } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { recipe_id, comment_id, username, reason, text } = request.body;
      const named = [recipe_id, comment_id, username].filter((value) => value !== undefined);
      if (named.length !== 1) throw new HttpError(400, { non_field_errors: [ONE_REPORT_TARGET] });
      await consumeAttempts(app.db, reply, [
        { key: `reports:${me.id}`, limit: app.config.limits.reportsPerUser },
      ]);
      let target: Awaited<ReturnType<typeof reportableRecipe>>;
      if (recipe_id !== undefined) {
        target = await reportableRecipe(app.db, me, recipe_id);
        if (!target) throw unknownPk("recipe_id", recipe_id);
      } else if (comment_id !== undefined) {
        target = await reportableComment(app.db, me, comment_id);
        if (!target) throw unknownPk("comment_id", comment_id);
      } else {
        target = await reportableUser(app.db, username ?? "");
        if (!target) throw fieldError("username", "No cook has this username.");
        if (!canReport(me, target.id)) throw fieldError("username", "You can't report yourself.");
      }
      const row = await insertReport(app.db, me.id, target, reason, text);
      if (!row) throw badRequest(ALREADY_REPORTED);
      return reply.code(201).send({
        id: row.id,
        target_kind: target.kind,
        reason,
        created_on: row.createdAt.toISOString(),
      });
    },
  );
};

/**
 * `/api/admin/…`: superusers only (access "superuser": 404 for everyone else before anything
 * is looked at). Every action and its moderation_log row commit together.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const superuser = { access: "superuser" as const };

  app.get(
    "/reports/",
    {
      config: superuser,
      schema: { querystring: adminReportsQuery, response: { 200: adminReportPage } },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const after = decodeCursor(cursor, ["micros", "id"]);
      const rows = await listReports(app.db, { status, after, limit });
      return toPage(request, rows, limit, reportCursorOf, presentReport);
    },
  );

  // Where a reported comment was said: its feed item and the comments around it (issue 34 §14).
  app.get(
    "/reports/:id/context/",
    {
      config: superuser,
      schema: { params: adminReportParams, response: { 200: reportContext } },
    },
    async (request) => {
      const report = await findReport(app.db, request.params.id);
      if (report?.targetKind !== "comment" || report.targetId === null) throw notFound();
      const context = await commentInContext(app.db, report.targetId, REPORT_CONTEXT_AROUND);
      if (!context) throw notFound();
      return presentReportContext(report.targetId, context);
    },
  );

  app.post(
    "/reports/:id/resolve/",
    {
      config: superuser,
      schema: {
        params: adminReportParams,
        body: resolveReportBody,
        response: { 200: adminReportSchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const { resolved, imageKey, disabledId } = await app.db.transaction(async (tx) => {
        const outcome = await resolveReport(tx, me, id, request.body.action);
        return { ...outcome, resolved: await findReport(tx, id) };
      });
      // The other processes forget the sessions when the NOTIFY of their deletion arrives.
      if (disabledId !== undefined) app.sessions.forgetSessionsOf(disabledId);
      await removeImage(app.storage, imageKey).catch((error: unknown) =>
        request.log.warn({ err: error }, "could not delete a deleted recipe's image"),
      );
      if (!resolved) throw notFound();
      return presentReport(resolved);
    },
  );

  // A moderator's change of mind: the hidden recipe or comment of a report shows again.
  app.post(
    "/reports/:id/unhide/",
    {
      config: { ...superuser, noBody: true },
      schema: { params: adminReportParams, response: { 200: adminReportSchema } },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const shown = await app.db.transaction(async (tx) => {
        const report = await findReport(tx, id);
        if (!report) throw notFound();
        const { targetKind: kind, targetId } = report;
        if (report.resolution !== "hide" || kind === "user" || targetId === null) {
          throw badRequest(NOT_HIDDEN);
        }
        if (!(await unhide(tx, { kind, id: targetId }, me.id))) throw badRequest(NOT_HIDDEN);
        await logAction(tx, {
          moderator: me,
          action: "unhide",
          targetKind: kind,
          targetId,
          targetLabel: report.excerpt,
          reportId: report.id,
        });
        return findReport(tx, id);
      });
      if (!shown) throw notFound();
      return presentReport(shown);
    },
  );

  app.get(
    "/users/",
    {
      config: superuser,
      schema: { querystring: adminUsersQuery, response: { 200: adminUserPage } },
    },
    async (request) => {
      const me = requireUser(request);
      const { search, cursor, limit } = request.query;
      const after = decodeCursor(cursor, ["text"])?.[0];
      const rows = await listUsers(app.db, { search, after, limit });
      return toPage(request, rows, limit, userCursorOf, (row) => presentAdminUser(row, me));
    },
  );

  for (const change of ["disable", "enable"] as const) {
    app.post(
      `/users/:username/${change}/`,
      {
        config: { ...superuser, noBody: true },
        schema: { params: usernameParams, response: { 200: adminUser } },
      },
      async (request) => {
        const me = requireUser(request);
        const disable = change === "disable";
        const changedId = await app.db.transaction(async (tx) => {
          const user = await findUserByUsername(tx, request.params.username);
          if (!user) throw notFound();
          if (disable && !canDisableCook(me, user.id)) {
            throw badRequest("You can't disable yourself.");
          }
          // Nothing to do, nothing logged: it already is.
          if ((user.disabledAt !== null) === disable) return undefined;
          if (disable) await disableUser(tx, user.id);
          else await enableUser(tx, user.id);
          await logAction(tx, {
            moderator: me,
            action: disable ? "disable_user" : "enable_user",
            targetKind: "user",
            targetId: user.id,
            targetLabel: user.username,
          });
          return user.id;
        });
        if (disable && changedId !== undefined) app.sessions.forgetSessionsOf(changedId);
        const [row] = await listUsers(app.db, {
          search: "",
          exact: request.params.username,
          limit: 1,
        });
        if (!row) throw notFound();
        return presentAdminUser(row, me);
      },
    );
  }

  app.get(
    "/audit/",
    { config: superuser, schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => {
      const { cursor, limit } = request.query;
      const after = decodeCursor(cursor, ["micros", "bigId"]);
      const rows = await listAudit(app.db, { after, limit });
      return toPage(request, rows, limit, auditCursorOf, presentAuditEntry);
    },
  );
};
