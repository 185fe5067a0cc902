import { z } from "zod";
import { text } from "./common.js";
import { LANGUAGES } from "./languages.js";
import { isReservedUsername } from "./limits.js";

export const csrfResponse = z.object({ csrfToken: z.string() });

export const sessionUser = z.object({
  id: z.number(),
  username: z.string(),
  is_superuser: z.boolean(),
  follower_count: z.number(),
  following_count: z.number(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const authStatus = z.union([
  z.object({ authenticated: z.literal(false) }),
  z.object({ authenticated: z.literal(true), user: sessionUser }),
]);
export type AuthStatus = z.infer<typeof authStatus>;

export const loginBody = z.object({
  username: text().trim().min(1, "This field may not be blank.").max(150),
  password: text().min(1, "This field may not be blank.").max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const USERNAME_PATTERN = /^[\p{L}\p{N}@.+\-_]+$/u;

export const signupBody = z.object({
  username: text()
    .trim()
    .min(1, "This field may not be blank.")
    .max(150, "Ensure this field has no more than 150 characters.")
    .regex(
      USERNAME_PATTERN,
      "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.",
    )
    .refine((username) => !isReservedUsername(username), "This username is reserved."),
  email: text().trim().max(254).pipe(z.email("Enter a valid email address.")),
  first_name: text().trim().max(150).default(""),
  last_name: text().trim().max(150).default(""),
  password: text().min(1, "This field may not be blank.").max(1024),
  confirm_password: text().max(1024),
  accept_tos: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
});
export type SignupBody = z.input<typeof signupBody>;

export const signupResponse = z.object({
  detail: z.string(),
  user: z.object({ id: z.number(), username: z.string(), email: z.string() }),
});

export const termsResponse = z.object({
  version_number: z.number(),
  content: z.string(),
  published_at: z.string(),
  /**
   * The language `content` is written in: the caller's when this version has a translation into
   * it (a convenience; the English text is the binding one), else "en".
   */
  language: z.enum(LANGUAGES),
});
