// Sets the theme before the first paint, so a dark page never flashes light. A classic script
// loaded from <head> rather than inline: the server's Content-Security-Policy allows only our
// own script files. Mirrors readTheme/applyTheme in src/lib/theme.ts (a unit test checks the
// key and colours match).
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem("potluck-theme");
  } catch {
    // Storage blocked (private mode, settings): follow the system.
  }
  const dark =
    stored === "dark" ||
    (stored !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", dark ? "#211b16" : "#b4532a");
})();
