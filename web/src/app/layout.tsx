import { Suspense, useRef } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Loading } from "../components/status";
import { TimerDock } from "../features/timers/components/timer-dock";
import { t } from "../lib/i18n";
import { useFocusOnNavigation } from "../lib/use-focus-on-navigation";
import { Footer } from "./footer";
import { NavBar } from "./nav-bar";
import { SyncBar } from "./sync-bar";

export function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t("app.layout.skipToContent")}
      </a>
      <NavBar />
      <SyncBar />
      <main id="main" ref={main} className="container main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* Timers started in cook mode stay in view, and ring, on every page. */}
      <TimerDock />
      {/* New pages start at the top; Back and Forward return to where the cook was. The lists'
          pages stay in the query cache, so a list is as tall as it was when it is restored. */}
      <ScrollRestoration />
    </div>
  );
}
