import { expect, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

// Issue 37 §2: the language menu, in the footer of every page and in Settings, lists each
// language in its own name; choosing one keeps it (a cookie for a year, and the account's
// preference when signed in) and the page comes back in it.

test("a visitor chooses German in the footer and the pages stay German", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  const menu = page.getByRole("contentinfo").locator("details.language-menu");
  await expect(menu.locator("summary")).toHaveText("Language: English");
  await menu.locator("summary").click();
  const choices = menu.getByRole("button");
  // Each language in its own name, the one in use marked.
  await expect(choices).toHaveText([
    "English",
    "Deutsch",
    "Français",
    "Español",
    "Italiano",
    "Nederlands",
    "Português (Brasil)",
    "Polski",
    "日本語",
    "العربية",
  ]);
  await expect(menu.getByRole("button", { name: "English" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await menu.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("contentinfo").locator("details.language-menu summary")).toHaveText(
    "Sprache: Deutsch",
  );
  const cookie = (await context.cookies()).find((c) => c.name === "potluck_lang");
  expect(cookie?.value).toBe("de");
  expect(cookie?.sameSite).toBe("Lax");
  // About a year.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);

  // Another page, the same language.
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("a cook chooses Arabic in Settings: the account keeps it, the page turns right to left", async ({
  page,
}) => {
  await signUp(page, uniqueName("lingo"));
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Language" });
  await card.locator("summary").click();
  const saved = page.waitForRequest(
    (request) =>
      request.method() === "PATCH" && request.url().endsWith("/api/users/me/preferences/"),
  );
  await card.getByRole("button", { name: "العربية" }).click();
  expect((await saved).postDataJSON()).toEqual({ language: "ar" });
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("region", { name: "اللغة" })).toBeVisible();
  // The account keeps it: the server answers in it, whatever this device's cookie says.
  const preferences = await (await page.request.get("/api/users/me/preferences/")).json();
  expect(preferences.language).toBe("ar");
});
