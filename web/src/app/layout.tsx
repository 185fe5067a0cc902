import { Suspense } from "react";
import { Outlet } from "react-router";
import { Loading } from "../components/status";
import { Footer } from "./footer";
import { NavBar } from "./nav-bar";
import { SyncBar } from "./sync-bar";

export function Layout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <SyncBar />
      <main id="main" className="container main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
