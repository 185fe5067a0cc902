// The language menu (issue 37 §2): every language in its own name, in the footer of every page
// and as a card in Settings. Choosing one keeps it (cookie, and the account when signed in)
// and reloads the page in it.
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@potluck/contract/languages";
import { useId, useState } from "react";
import { currentLanguage, t } from "../lib/i18n";
import { chooseLanguage } from "../lib/i18n/choose";
import { tRich } from "../lib/i18n/rich";
import { useSession } from "../lib/session";
import "./language-menu.css";

/**
 * A disclosure naming the language in use, opening on the ten languages as buttons. Not a
 * <select>: a closed disclosure shows nothing to assistive technology but its summary, where a
 * select in every page's footer would add ten options and a combobox to every page.
 */
export function LanguageMenu() {
  const { authenticated } = useSession();
  const [switching, setSwitching] = useState(false);
  const current = currentLanguage();
  const choose = (language: Language) => {
    if (language === current) return;
    setSwitching(true);
    void chooseLanguage(language, authenticated);
  };
  return (
    <details className="language-menu">
      <summary>
        {/* One flex item: a flex container drops the space that ends "Sprache: " otherwise. */}
        <span>
          {tRich("app.languageMenu.summary", {
            // Each language is named in itself: not for a browser's translator to rename.
            language: (
              <span lang={current} translate="no">
                {LANGUAGE_NAMES[current]}
              </span>
            ),
          })}
        </span>
      </summary>
      <ul className="language-choices" aria-busy={switching} translate="no">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              aria-current={language === current ? "true" : undefined}
              disabled={switching}
              onClick={() => choose(language)}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          </li>
        ))}
      </ul>
    </details>
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
