import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { t } from "../lib/i18n";
import { useSession } from "../lib/session";
import { useTheme } from "../lib/theme";

/**
 * 'Welcome, {username}!' opens the cook's own menu (Moderation for superusers, Dark mode;
 * Settings sits beside it in the navigation). A disclosure, not an ARIA
 * menu: a list of links that Tab walks through; Escape closes it and gives focus back.
 */
export function AccountMenu({
  username,
  onNavigate,
}: {
  username: string;
  /** Told when one of its links is followed (the phone menu closes). */
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Superusers moderate: the auth status says who is one.
  const isSuperuser = useSession().user?.is_superuser === true;
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    // A click or focus anywhere else closes it, as menus do.
    const closeOutside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="welcome account-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t("app.accountMenu.welcome", { username })}
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id={menuId} className="account-menu-list" hidden={!open}>
        {isSuperuser && (
          <li>
            <NavLink
              to="/admin"
              onClick={() => {
                // Closed at once: a form with unsaved changes may hold the page and ask first.
                setOpen(false);
                onNavigate();
              }}
            >
              {t("app.accountMenu.moderation")}
            </NavLink>
          </li>
        )}
        <li>
          <DarkModeSwitch />
        </li>
      </ul>
    </div>
  );
}

/** Dark or light, remembered on this device; until first switched, the system's choice. */
function DarkModeSwitch() {
  const [theme, setTheme] = useTheme();
  const dark = theme === "dark";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className="theme-switch"
      onClick={() => setTheme(dark ? "light" : "dark")}
    >
      {/* The label beside the track, as settings switches read: words first, then the switch. */}
      <span className="theme-switch-label">{t("app.accountMenu.darkMode")}</span>

      <span aria-hidden="true" className="theme-switch-track" />
    </button>
  );
}
