// Which language a page starts in (main.tsx, before the first render).
import { bestLanguage, DEFAULT_LANGUAGE, isLanguage } from "@potluck/contract/languages";
import { chosenLanguage, type DisplayLanguage, languageCookie, PSEUDO_LANGUAGE } from "./index";

interface BootInputs {
  /** `<html lang>` as the page arrived. */
  servedLang: string | null;
  /** Whether `<html>` arrived with a `dir`: index.html as built has none, the server adds it. */
  servedDir: boolean;
  /** document.cookie */
  cookie: string;
  /** navigator.languages */
  wanted: readonly string[];
}

/**
 * The reader's language, in this order:
 * 1. the pseudo-language when the cookie asks for it (testing; the server knows nothing of it);
 * 2. the `<html lang>` the server wrote, when it is one of the ten: the server already chose
 *    by the account's preference, then the cookie, then Accept-Language. index.html as built
 *    says `lang="en"` with no `dir`, which is not a choice (Vite's dev server, the offline
 *    copy the service worker keeps): a served "en" counts only with the `dir` the server adds;
 * 3. the cookie (a signed-out visitor's choice);
 * 4. the browser's languages' best match;
 * 5. English.
 */
export function bootLanguage({
  servedLang,
  servedDir,
  cookie,
  wanted,
}: BootInputs): DisplayLanguage {
  if (languageCookie(cookie) === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  if (isLanguage(servedLang) && (servedDir || servedLang !== DEFAULT_LANGUAGE)) return servedLang;
  return chosenLanguage(cookie) ?? bestLanguage(wanted) ?? DEFAULT_LANGUAGE;
}

/** bootLanguage for this page. */
export function pageLanguage(): DisplayLanguage {
  const root = document.documentElement;
  return bootLanguage({
    servedLang: root.getAttribute("lang"),
    servedDir: root.hasAttribute("dir"),
    cookie: document.cookie,
    wanted: navigator.languages ?? [],
  });
}
