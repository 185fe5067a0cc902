import { ApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";

const firstFieldError = (body: Record<string, unknown>) => {
  for (const [field, messages] of Object.entries(body)) {
    if (Array.isArray(messages) && messages.length > 0)
      return { field, message: String(messages[0]) };
  }
  return undefined;
};

/**
 * The spec's login error order: detail; else non_field_errors joined with spaces; else the
 * first field's name and its first message; else the response as text.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === "object") {
      const record = body as Record<string, unknown>;
      if (typeof record.detail === "string") return record.detail;
      if (Array.isArray(record.non_field_errors)) return record.non_field_errors.join(" ");
      const first = firstFieldError(record);
      if (first)
        return t("auth.errors.fieldMessage", { field: first.field, message: first.message });
    }
    if (typeof body === "string" && body) return body;
    return t("auth.errors.invalidCredentials");
  }
  if (error instanceof Error && error.message) return error.message;
  return t("auth.errors.loginUnexpected");
}

/** "confirm_password" → "Confirm Password": the sign-up form's fields by name, else in words. */
function humanize(field: string): string {
  switch (field) {
    case "username":
      return t("auth.fields.username");
    case "email":
      return t("auth.fields.email");
    case "first_name":
      return t("auth.fields.firstName");
    case "last_name":
      return t("auth.fields.lastName");
    case "password":
      return t("auth.fields.password");
    case "confirm_password":
      return t("auth.fields.confirmPassword");
    case "accept_tos":
      return t("auth.fields.acceptTos");
    default:
      return field
        .split("_")
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(" ");
  }
}

/** Signup: the server's detail, else the first field error as 'Field Name: message'. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const record = error.body as Record<string, unknown>;
    if (typeof record.detail === "string") return record.detail;
    const first = firstFieldError(record);
    if (first) {
      return t("auth.errors.fieldMessage", {
        field: humanize(first.field),
        message: first.message,
      });
    }
  }
  return t("auth.errors.signupFailed");
}

/**
 * Signup: every field the server refused, each as the spec's 'Field Name: message' (its first
 * message), keyed by field, to show beside that field.
 */
export function signupFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== "object") return errors;
  for (const [field, messages] of Object.entries(error.body as Record<string, unknown>)) {
    if (Array.isArray(messages) && messages.length > 0) {
      errors[field] = t("auth.errors.fieldMessage", {
        field: humanize(field),
        message: String(messages[0]),
      });
    }
  }
  return errors;
}
