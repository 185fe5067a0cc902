import { t } from "../../lib/i18n";
import { tRich } from "../../lib/i18n/rich";
import { SITE } from "../../lib/site";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function CookiePolicyPage() {
  useDocumentTitle(t("app.cookiePolicy.title"));
  return (
    <article className="page prose">
      <h1>{t("app.cookiePolicy.title")}</h1>
      <p className="muted">{t("app.cookiePolicy.lastUpdated")}</p>
      <p>{t("app.cookiePolicy.intro", { name: SITE.name })}</p>
      <p>{t("app.cookiePolicy.languageUpdate")}</p>
      <table className="table">
        <caption className="visually-hidden">{t("app.cookiePolicy.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("app.cookiePolicy.cookieColumn")}</th>
            <th scope="col">{t("app.cookiePolicy.purposeColumn")}</th>
            <th scope="col">{t("app.cookiePolicy.typeColumn")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t("app.cookiePolicy.sessionCookie")}</td>
            <td>{t("app.cookiePolicy.sessionPurpose")}</td>
            <td>{t("app.cookiePolicy.strictlyNecessary")}</td>
          </tr>
          <tr>
            <td>{t("app.cookiePolicy.csrfCookie")}</td>
            <td>{t("app.cookiePolicy.csrfPurpose")}</td>
            <td>{t("app.cookiePolicy.strictlyNecessary")}</td>
          </tr>
          <tr>
            <td>{t("app.cookiePolicy.languageCookie")}</td>
            <td>{t("app.cookiePolicy.languagePurpose")}</td>
            <td>{t("app.cookiePolicy.preference")}</td>
          </tr>
        </tbody>
      </table>
      <p>
        {tRich("app.cookiePolicy.questions", {
          email: SITE.contactEmail,
          link: (chunks) => <a href={`mailto:${SITE.contactEmail}`}>{chunks}</a>,
        })}
      </p>
    </article>
  );
}
