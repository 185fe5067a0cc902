import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_COLORS, THEME_KEY } from "./theme";

describe("public/theme-init.js", () => {
  // It runs before the app's code exists, so it repeats the key and the colours.
  const script = readFileSync(new URL("../../public/theme-init.js", import.meta.url), "utf8");

  it("reads the choice from the same key as the app", () => {
    expect(script).toContain(`localStorage.getItem("${THEME_KEY}")`);
  });

  it("gives the browser bar the same colours as the app", () => {
    expect(script).toContain(`dark ? "${THEME_COLORS.dark}" : "${THEME_COLORS.light}"`);
  });
});
