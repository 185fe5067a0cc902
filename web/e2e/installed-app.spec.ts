import { expect, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

test("the installed app opens on a page of the app, not on 'Page not found'", async ({ page }) => {
  await signUp(page, uniqueName("installed"));
  // What a browser installing the app reads: the manifest the page links to, then its start_url.
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  if (!href) throw new Error("the page links no manifest");
  const manifestUrl = new URL(href, page.url());
  const response = await page.request.get(manifestUrl.href);
  expect(response.status()).toBe(200);
  const manifest = await response.json();
  const start = new URL(manifest.start_url, manifestUrl);
  expect(start.origin).toBe(manifestUrl.origin);

  await page.goto(start.href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Page not found/);
  // Signed in, it is the page itself, not a detour to the login form.
  expect(new URL(page.url()).pathname).toBe(start.pathname);
});
