import { ApiError } from "../../lib/api-client";
import { t } from "../../lib/i18n";

/** The server's words for a blank name (a 400 on `name`), checked before sending. */
export const blankName = () => t("collections.name.blank");

/** The first message of a 400's `name` field errors, if that is what the server said. */
export function nameErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { name?: unknown } | null;
  const first = Array.isArray(body?.name) ? body.name[0] : undefined;
  return typeof first === "string" ? first : null;
}

/** "1 recipe", "3 recipes". */
export const recipeCountText = (count: number) => t("collections.recipeCount", { count });
