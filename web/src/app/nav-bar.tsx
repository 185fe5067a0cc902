import { useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useLogout } from "../features/auth/api/logout";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { t } from "../lib/i18n";
import { useSession } from "../lib/session";
import { SITE } from "../lib/site";
import { AccountMenu } from "./account-menu";
import { forgetDeviceData } from "./forget-device-data";

export function NavBar() {
  const { isLoading, authenticated, user } = useSession();
  const logout = useLogout(forgetDeviceData);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Close the mobile menu after navigating.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  // A link of the open phone menu closes it at once, not only once the page changes: a form
  // with unsaved changes holds the page and asks first, and after Cancel the cook is back on
  // the form, not under the menu. Focus goes to Menu, so the question gives it back there.
  const onNavigate = () => {
    if (!menuOpen) return;
    setMenuOpen(false);
    toggle.current?.focus();
  };

  return (
    <header className="site-header">
      <nav className="container nav" aria-label={t("app.nav.mainLabel")}>
        <Link to="/" className="brand">
          <span aria-hidden="true" className="brand-mark">
            ◉
          </span>
          {SITE.name}
        </Link>
        {isLoading ? (
          <span className="nav-loading" role="status">
            {t("app.nav.loading")}
          </span>
        ) : (
          <>
            <button
              ref={toggle}
              type="button"
              className="nav-toggle btn btn-secondary btn-small"
              aria-expanded={menuOpen}
              aria-controls="nav-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t("app.nav.menu")}
            </button>
            <div id="nav-menu" className={menuOpen ? "nav-menu open" : "nav-menu"}>
              <ul className="nav-links">
                <li>
                  <NavLink to="/explore" onClick={onNavigate}>
                    {t("app.nav.explore")}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/about" onClick={onNavigate}>
                    {t("app.nav.about")}
                  </NavLink>
                </li>
                {authenticated && (
                  <>
                    <li>
                      <NavLink to="/planner" onClick={onNavigate}>
                        {t("app.nav.planner")}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/grocery-lists" onClick={onNavigate}>
                        {t("app.nav.shoppingLists")}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/recipes" end onClick={onNavigate}>
                        {t("app.nav.myRecipes")}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/" end onClick={onNavigate}>
                        {t("app.nav.feed")}
                      </NavLink>
                    </li>
                  </>
                )}
              </ul>
              <div className="nav-account">
                {authenticated && user ? (
                  <>
                    <AccountMenu username={user.username} onNavigate={onNavigate} />
                    {/* In sight, not under the welcome's menu, where nobody found it. */}
                    <NavLink to="/settings" className="nav-account-link" onClick={onNavigate}>
                      {t("app.nav.settings")}
                    </NavLink>
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      onClick={() => logout.mutate()}
                      disabled={logout.isPending}
                    >
                      {t("app.nav.logout")}
                    </button>
                  </>
                ) : (
                  <>
                    <NavLink to="/login" className="btn btn-ghost btn-small">
                      {t("app.nav.login")}
                    </NavLink>
                    <NavLink to="/signup" className="btn btn-primary btn-small">
                      {t("app.nav.signUp")}
                    </NavLink>
                  </>
                )}
              </div>
            </div>
            {/* After the menu, so on phones it stays on the bar beside Menu. */}
            {authenticated && <NotificationBell />}
          </>
        )}
      </nav>
    </header>
  );
}

/** Dark mode on or off for this device; until switched, it follows the system's setting. */
