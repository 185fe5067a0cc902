import { t } from "../../lib/i18n";

/** The fields of the sign-up form, in the order they appear (the first problem gets focus). */
export const SIGNUP_FIELDS = [
  "username",
  "email",
  "first_name",
  "last_name",
  "password",
  "confirm_password",
  "accept_tos",
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export interface SignupValues {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
  accept_tos: boolean;
}

/** Shown under the password before the first try: what the server will ask of it. */
export const passwordRules = (): string => t("auth.signup.passwordRules");

// The spec's texts (section 5), then the server's own words for what it would refuse
// (server/src/auth/passwords.ts, the contract's signupBody), so a cook learns them all at once
// instead of one per try.
const PASSWORD_MIN = 8;

/**
 * Everything the form can tell before calling the server, every field at once: a missing
 * required field, an address without "@", a password the server would refuse for its length
 * or for being all digits, a confirmation that differs, the terms not accepted. What only the
 * server knows (a taken username, a common password) comes back from it.
 */
export function signupProblems(values: SignupValues): Partial<Record<SignupField, string>> {
  const problems: Partial<Record<SignupField, string>> = {};
  if (values.username.trim() === "") problems.username = t("auth.signup.blank");
  const email = values.email.trim();
  if (email === "") problems.email = t("auth.signup.blank");
  else if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.email = t("auth.signup.badEmail");
  if (values.password === "") problems.password = t("auth.signup.blank");
  else if (values.password.length < PASSWORD_MIN)
    problems.password = t("auth.signup.passwordTooShort", { min: PASSWORD_MIN });
  else if (/^\d+$/.test(values.password)) problems.password = t("auth.signup.passwordNumeric");
  if (values.password !== values.confirm_password)
    problems.confirm_password = t("auth.signup.passwordMismatch");
  if (!values.accept_tos) problems.accept_tos = t("auth.signup.terms");
  return problems;
}

/** The first field, in the form's order, that has a problem. */
export const firstProblemField = (
  problems: Partial<Record<SignupField, string>>,
): SignupField | undefined => SIGNUP_FIELDS.find((field) => problems[field] !== undefined);
