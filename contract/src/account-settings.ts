// The signed-in cook's own account settings (issue 26): the profile, a password change, the
// list of signed-in devices, and the reset of a forgotten password. See
// docs/decisions/0029-accounts-mail-and-password-reset.md.
import { z } from "zod";
import { text } from "./common.js";

const email = text().trim().max(254).pipe(z.email("Enter a valid email address."));
const name = text().trim().max(150, "Ensure this field has no more than 150 characters.");
const password = text().min(1, "This field may not be blank.").max(1024);

// ---------- profile ----------

/** `GET /api/users/me/` and the answer of `PATCH /api/users/me/`. */
export const profile = z.object({
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** ISO 8601. */
  date_joined: z.string(),
});
export type Profile = z.infer<typeof profile>;

/** `PATCH /api/users/me/`: only the fields given change. */
export const updateProfileBody = z.object({
  email: email.optional(),
  first_name: name.optional(),
  last_name: name.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

// ---------- password ----------

/** `POST /api/auth/password/` → 204. */
export const changePasswordBody = z.object({
  old_password: password,
  new_password: password,
  confirm_password: text().max(1024),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** `POST /api/auth/password-reset/` → 202 `{"detail"}`, whether or not an account uses it. */
export const passwordResetBody = z.object({ email });
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** The same words for every address: whether an account uses it is not for the asker to know. */
export const PASSWORD_RESET_SENT =
  "If an account uses that address, we've sent a link to reset its password.";

/** `POST /api/auth/password-reset/confirm/` → 204. */
export const passwordResetConfirmBody = z.object({
  token: text().min(1, "This field may not be blank.").max(200),
  new_password: password,
  confirm_password: text().max(1024),
});
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBody>;

/** The 400 `{"token": [...]}` of a link that is unknown, used or expired. */
export const RESET_LINK_INVALID =
  "This password reset link is invalid or has expired. Please ask for a new one.";

// ---------- signed-in devices ----------

/** One signed-in session of the cook: `GET /api/auth/sessions/`. */
export const signedInSession = z.object({
  /** Not the session's key: only names it for `DELETE /api/auth/sessions/{id}/`. */
  id: z.string(),
  created_on: z.string(),
  last_seen_on: z.string(),
  user_agent: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const signedInSessions = z.array(signedInSession);

/** Any other text than a session id of the cook is a 404. */
export const sessionIdParams = z.object({ id: z.string().max(64) });
