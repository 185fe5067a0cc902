import { Link, useLocation } from "react-router";
import type { AccountDeletedState } from "../../features/settings/api/delete-account";
import { t } from "../../lib/i18n";
import { tRich } from "../../lib/i18n/rich";
import { useSession } from "../../lib/session";
import { SITE } from "../../lib/site";
import { useDocumentTitle } from "../../lib/use-document-title";

/** What Potluck does, in the reader's language (called at render). */
const features = () => [
  { title: t("app.about.organiseTitle"), text: t("app.about.organiseText") },
  { title: t("app.about.planTitle"), text: t("app.about.planText") },
  { title: t("app.about.shareTitle"), text: t("app.about.shareText") },
  { title: t("app.about.groceriesTitle"), text: t("app.about.groceriesText") },
];

export default function AboutPage() {
  useDocumentTitle(t("app.about.title"));
  const { authenticated } = useSession();
  const accountDeleted =
    (useLocation().state as Partial<AccountDeletedState> | null)?.accountDeleted === true;
  return (
    <div className="about">
      {accountDeleted && !authenticated && (
        <p className="alert alert-success" role="status">
          {t("app.about.accountDeleted")}
        </p>
      )}
      <section className="hero">
        <h1>{t("app.about.heading", { name: SITE.name })}</h1>
        <p className="lead">{t("app.about.lead", { name: SITE.name })}</p>
        <div className="hero-actions">
          <Link to="/explore" className="btn btn-primary">
            {t("app.about.explore")}
          </Link>
          {!authenticated && (
            <Link to="/signup" className="btn btn-outline">
              {t("app.about.signUp")}
            </Link>
          )}
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="visually-hidden">
          {t("app.about.featuresHeading")}
        </h2>
        <ul className="feature-grid">
          {features().map((feature) => (
            <li key={feature.title} className="card feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="card about-note">
        <h2>{t("app.about.noteTitle")}</h2>
        <p>
          {tRich("app.about.noteText", {
            name: SITE.name,
            email: SITE.contactEmail,
            link: (chunks) => <a href={`mailto:${SITE.contactEmail}`}>{chunks}</a>,
          })}
        </p>
      </section>
    </div>
  );
}
