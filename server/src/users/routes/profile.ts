import { cookProfile, profile, updateProfileBody, usernameParams } from "@potluck/contract";
import { DEFAULT_LANGUAGE } from "@potluck/contract/languages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { isUniqueViolation } from "../../auth/repository.js";
import { HttpError, notFound } from "../../http/errors.js";
import { emailChangedMail } from "../../mail/messages.js";
import { sendMailSoon } from "../../mail/send-soon.js";
import { mayReadRecipe } from "../../recipes/policy.js";
import { emailTakenByOther, findProfile, updateProfile } from "../account-repository.js";
import { presentCookProfile, presentProfile } from "../presenter.js";
import { findCookProfile } from "../repository.js";

/** As at signup (auth/routes.ts): one account per address. */
const EMAIL_TAKEN = "A user with that email already exists.";

/**
 * A cook's profile as others see it, and the signed-in cook's own (issue 26 §2). The static
 * paths beside `/:username/` (me/, search/, followers/, following/, cooks-to-follow/) answer
 * first: those names are reserved (RESERVED_USERNAMES).
 */
export const userProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:username/",
    {
      config: { access: "user" },
      schema: { params: usernameParams, response: { 200: cookProfile } },
    },
    async (request) => {
      const me = requireUser(request);
      const row = await findCookProfile(
        app.db,
        me.id,
        request.params.username,
        mayReadRecipe(me),
        me.isSuperuser,
      );
      if (!row) throw notFound();
      return presentCookProfile(row, me);
    },
  );

  app.get(
    "/me/",
    { config: { access: "user" }, schema: { response: { 200: profile } } },
    async (request, reply) => {
      const row = await findProfile(app.db, requireUser(request).id);
      if (!row) throw notFound();
      reply.header("cache-control", "no-store");
      return presentProfile(row);
    },
  );

  app.patch(
    "/me/",
    {
      config: { access: "user" },
      schema: { body: updateProfileBody, response: { 200: profile } },
    },
    async (request) => {
      const user = requireUser(request);
      const { email, first_name, last_name } = request.body;
      const { before, after } = await app.db
        .transaction(async (tx) => {
          const before = await findProfile(tx, user.id);
          if (!before) throw notFound();
          if (email !== undefined && (await emailTakenByOther(tx, user.id, email))) {
            throw new HttpError(400, { email: [EMAIL_TAKEN] });
          }
          await updateProfile(tx, user.id, {
            ...(email !== undefined ? { email } : {}),
            ...(first_name !== undefined ? { firstName: first_name } : {}),
            ...(last_name !== undefined ? { lastName: last_name } : {}),
          });
          return { before, after: await findProfile(tx, user.id) };
        })
        .catch((error: unknown) => {
          // Two accounts racing for one address: the unique index decides, still a 400.
          if (isUniqueViolation(error, "users_email_lower_key")) {
            throw new HttpError(400, { email: [EMAIL_TAKEN] });
          }
          throw error;
        });
      if (!after) throw notFound();
      if (before.email.toLowerCase() !== after.email.toLowerCase()) {
        // To the old address: if someone else changed it, the owner still reads that one.
        await sendMailSoon(
          app,
          request.log,
          emailChangedMail(
            before.email,
            user.language ?? DEFAULT_LANGUAGE,
            after.username,
            app.config.mail.publicUrl,
            new Date(),
          ),
        );
      }
      return presentProfile(after);
    },
  );
};
