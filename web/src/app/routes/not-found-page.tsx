import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle(t("app.notFound.title"));
  return (
    <section className="page">
      <h1>{t("app.notFound.title")}</h1>
      <p>{t("app.notFound.text")}</p>
      <p>
        <Link to="/explore">{t("app.notFound.exploreLink")}</Link>
      </p>
    </section>
  );
}
