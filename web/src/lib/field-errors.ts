import { ApiError } from "./api-error";

/**
 * The server's 400 `{"field": ["message", ...]}` as each field's first message, to show under
 * its input; empty for any other error.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body;
  if (!body || typeof body !== "object") return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body)) {
    if (Array.isArray(messages) && messages.length > 0) errors[field] = String(messages[0]);
  }
  return errors;
}
