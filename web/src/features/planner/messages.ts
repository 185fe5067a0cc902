import { ApiError, reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";

/**
 * What went wrong, in the server's words: its `detail`, else the first message of a 400's
 * fields (`{"recipe_id": ["..."]}`, `{"non_field_errors": ["..."]}`), else a plain fallback.
 */
export function problemOf(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.body &&
    typeof error.body === "object"
  ) {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === "string") return body.detail;
    for (const messages of Object.values(body)) {
      if (Array.isArray(messages) && typeof messages[0] === "string") return messages[0];
    }
  }
  if (error instanceof ApiError || error instanceof Error) return reasonOf(error);
  return t("planner.problem.tryLater");
}
