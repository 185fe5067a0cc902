import { ApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";

/** Stars in half steps (0.5–5) to the stored integer 1–10. */
export const starsToRating = (stars: number) => Math.round(stars * 2);

/** A failed rating save: the HTTP status text and the server's detail (or field messages). */
export function ratingErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message ? error.message : t("ratings.error.tryLater");
  }
  let detail = "";
  if (error.body && typeof error.body === "object") {
    const body = error.body as Record<string, unknown>;
    detail =
      typeof body.detail === "string"
        ? body.detail
        : Object.entries(body)
            .map(
              ([field, messages]) =>
                `${field}: ${Array.isArray(messages) ? messages.join(" ") : String(messages)}`,
            )
            .join(" ");
  }
  const status = error.statusText || t("ratings.error.status", { status: error.status });
  return detail ? `${status}: ${detail}` : status;
}
