import { Link } from "react-router";
import { LanguageMenu } from "../components/language-menu";
import { t } from "../lib/i18n";
import { SITE } from "../lib/site";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav aria-label={t("app.footer.label")}>
          <ul className="footer-links">
            <li>
              <Link to="/">{t("app.footer.home")}</Link>
            </li>
            <li>
              <Link to="/about">{t("app.footer.about")}</Link>
            </li>
            <li>
              <Link to="/terms-of-service">{t("app.footer.terms")}</Link>
            </li>
            <li>
              <Link to="/cookie-policy">{t("app.footer.cookiePolicy")}</Link>
            </li>
          </ul>
        </nav>
        <LanguageMenu />
        <p className="copyright">
          {t("app.footer.copyright", {
            year: String(new Date().getFullYear()),
            name: SITE.name,
          })}
        </p>
      </div>
    </footer>
  );
}
