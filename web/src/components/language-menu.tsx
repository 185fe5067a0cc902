// The language menu (issue 37 §2): every language in its own name, in the footer of every page
// and as a card in Settings. Choosing one keeps it (cookie, and the account when signed in)
// and reloads the page in it.
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@potluck/contract/languages";
import { useId, useState } from "react";
import { currentLanguage, t } from "../lib/i18n";
import { chooseLanguage } from "../lib/i18n/choose";
import { useSession } from "../lib/session";
import "./language-menu.css";

/** A labelled list of the ten languages, the current one chosen. */
export function LanguageMenu({ label }: { label?: string }) {
  const id = useId();
  const { authenticated } = useSession();
  const [switching, setSwitching] = useState(false);
  const choose = (language: Language) => {
    setSwitching(true);
    void chooseLanguage(language, authenticated);
  };
  return (
    <div className="language-menu">
      <label htmlFor={id}>{label ?? t("app.languageMenu.label")}</label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={switching}
        aria-busy={switching}
        onChange={(event) => choose(event.target.value as Language)}
        // Each language is named in itself: not for a browser's translator to rename.
        translate="no"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Settings' card of the same menu. */
export function LanguageCard() {
  const headingId = useId();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("app.languageMenu.cardTitle")}</h2>
      <p className="muted small">{t("app.languageMenu.cardHint")}</p>
      <LanguageMenu />
    </section>
  );
}
