import { useCallback, useEffect, useState } from "react";

export type Theme = "light" | "dark";

/** Where the cook's choice is kept; none stored means "as the system says". */
export const THEME_KEY = "potluck-theme";
/** The browser's bar colour per theme: the brand colour, or the dark surface. */
export const THEME_COLORS: Record<Theme, string> = { light: "#b4532a", dark: "#211b16" };

const darkSystem = () => window.matchMedia("(prefers-color-scheme: dark)");

function storedTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === "light" || stored === "dark" ? stored : null;
  } catch {
    return null;
  }
}

/** The theme to show: the stored choice, else the system's. */
export const readTheme = (): Theme => storedTheme() ?? (darkSystem().matches ? "dark" : "light");

/** Shows `theme`: the palette in styles.css follows html[data-theme], the browser bar the meta. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}

/**
 * The theme shown and a way to choose one, which is remembered on this device. Until the cook
 * chooses, it follows the system's setting, also when that changes while the app is open.
 * (public/theme-init.js already applied it before the first paint.)
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setShown] = useState<Theme>(readTheme);

  useEffect(() => {
    const system = darkSystem();
    const follow = () => {
      if (storedTheme()) return;
      const next = readTheme();
      applyTheme(next);
      setShown(next);
    };
    system.addEventListener("change", follow);
    return () => system.removeEventListener("change", follow);
  }, []);

  const choose = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Not remembered, but still shown for this visit.
    }
    applyTheme(next);
    setShown(next);
  }, []);

  return [theme, choose];
}
