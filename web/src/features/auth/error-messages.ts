import { ApiError } from "../../lib/api-error";

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
      if (first) return `${first.field}: ${first.message}`;
    }
    if (typeof body === "string" && body) return body;
    return "Invalid credentials. Please try again.";
  }
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred during login.";
}

/** "confirm_password" → "Confirm Password". */
const humanize = (field: string) =>
  field
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** Signup: the server's detail, else the first field error as 'Field Name: message'. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const record = error.body as Record<string, unknown>;
    if (typeof record.detail === "string") return record.detail;
    const first = firstFieldError(record);
    if (first) return `${humanize(first.field)}: ${first.message}`;
  }
  return "Signup failed. Please try again.";
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
      errors[field] = `${humanize(field)}: ${String(messages[0])}`;
    }
  }
  return errors;
}
