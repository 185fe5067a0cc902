import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { t } from "../lib/i18n";

/** Last line of defence: a page that crashed shows this instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t("app.routeError.message");
  return (
    <main className="page container">
      <h1>{t("app.routeError.title")}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">{t("app.routeError.homeLink")}</Link>
      </p>
    </main>
  );
}
