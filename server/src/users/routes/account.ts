import { deleteAccountBody, WRONG_PASSWORD } from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccount } from "../../actions/delete-account.js";
import { checkPasswordAttempt } from "../../auth/login-attempts.js";
import { clearSessionCookie, requireUser, rotateCsrfSecret } from "../../auth/plugin.js";
import { HttpError } from "../../http/errors.js";
import { clearAttempts, consumeAttempts } from "../../http/rate-limit.js";
import { removeImage } from "../../media/images.js";
import { accountArchiveEntries, exportFileName } from "../export.js";
import { zipStream } from "../zip-stream.js";

/**
 * One export at a time per cook, across processes: a counter of rate_limits held while the
 * archive streams and cleared when it ends. The window only frees a cook whose export's
 * process died before it could clear it.
 */
const EXPORT_TURN = { max: 1, windowSeconds: 600 };
/** Pictures removed from storage at once after an account is deleted. */
const IMAGE_REMOVALS_AT_ONCE = 8;

/** The cook's whole account: take it away (an export), or end it (actions/delete-account.ts). */
export const userAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/export/",
    {
      config: {
        access: "user",
        noJsonResponse:
          "A zip of everything the cook owns: potluck.json, recipes/<id>-<slug>.json (schema.org JSON-LD with Potluck's fields under potluck:recipe) and images/.",
        responseMediaType: "application/zip",
      },
      // A HEAD would read the whole account for a body it throws away.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const turn = `account-export:${user.id}`;
      await consumeAttempts(app.db, reply, [{ key: turn, limit: EXPORT_TURN }]);
      const now = new Date();
      const origin = new URL(`${request.protocol}://${request.host}`).origin;
      const archive = zipStream(accountArchiveEntries(app, user, origin, now));
      archive.once("close", () => {
        clearAttempts(app.db, turn).catch((error: unknown) =>
          request.log.warn({ err: error }, "could not end an account export's turn"),
        );
      });
      archive.once("error", (error) =>
        request.log.error({ err: error }, "an account export failed while streaming"),
      );
      const name = exportFileName(user.username, now);
      // A username may hold letters beyond ASCII: filename* carries it, filename a fallback.
      const asciiName = name.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .type("application/zip")
        .header("cache-control", "no-store")
        .header(
          "content-disposition",
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(archive);
    },
  );

  app.delete(
    "/me/",
    {
      config: { access: "user" },
      schema: { body: deleteAccountBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A wrong password counts as a failed login would: this is no way around those limits.
      const checked = await checkPasswordAttempt(
        app,
        request,
        reply,
        user.username,
        request.body.password,
      );
      if (checked?.id !== user.id) throw new HttpError(400, { password: [WRONG_PASSWORD] });
      const { imageKeys } = await app.db.transaction((tx) => deleteAccount(tx, user.id));
      // Every process forgets the sessions when their rows' NOTIFY arrives; this one now.
      app.sessions.forgetSessionsOf(user.id);
      clearSessionCookie(request, reply);
      rotateCsrfSecret(request, reply);
      // After the commit: a failed removal leaves a file no recipe names, never a recipe
      // without its picture.
      for (let i = 0; i < imageKeys.length; i += IMAGE_REMOVALS_AT_ONCE) {
        await Promise.all(
          imageKeys
            .slice(i, i + IMAGE_REMOVALS_AT_ONCE)
            .map((key) =>
              removeImage(app.storage, key).catch((error: unknown) =>
                request.log.warn({ err: error }, "could not delete a deleted account's image"),
              ),
            ),
        );
      }
      return reply.code(204).send(null);
    },
  );
};
