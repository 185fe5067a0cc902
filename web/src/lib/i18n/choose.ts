// Choosing a language (the language menu): remembered on this device and, signed in, on the
// account; then the page reloads in it (`t` reads one catalogue, loaded before the first render).
import { LANGUAGE_COOKIE, type Language } from "@potluck/contract/languages";
import { api } from "../api-client";
import { forgetCachedAnswers } from "../offline/cache-names";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that keeps a visitor's choice for a year (the server reads it too). */
export function languageCookieText(language: Language): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * Makes `language` the reader's: the cookie, the account's preference when signed in (the
 * server answers in it from then on, on every device), then a reload. A preference that could
 * not be saved still leaves the cookie, which this device goes by.
 */
export async function chooseLanguage(
  language: Language,
  signedIn: boolean,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads as well.
  document.cookie = languageCookieText(language);
  if (signedIn) {
    try {
      await api("/api/users/me/preferences/", { method: "PATCH", json: { language } });
    } catch {
      // The cookie holds the choice on this device; the account keeps its own.
    }
  }
  // The answers kept for offline use name food and errors in the old language.
  await forgetCachedAnswers().catch(() => {});
  reload();
}
