import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  gradientPng,
  PASSWORD,
  publishRecipes,
  signUp,
  uniqueName,
} from "./fixtures";

// Issue 25 §3 and §4 as a cook meets them in Settings: download everything as a zip, then
// delete the account with the password; signed out on the home page, and the account is gone.

const SHOTS = process.env.SCREENS_DIR ?? "test-results/screens";

test("a cook downloads their data, deletes their account and cannot log in again", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const username = uniqueName("leaving");
  await signUp(page, username);
  const [recipeId] = await publishRecipes(page, ["Farewell focaccia"], gradientPng());

  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Your account" });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/settings-account.png`, fullPage: true });

  // Download my data: a real link; the browser saves a zip holding the recipe and its picture.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^potluck-export-${username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
  // Entry names are stored as they are in a zip's headers.
  const names = zip.toString("latin1");
  expect(names).toContain("potluck.json");
  expect(names).toContain(`recipes/${recipeId}-farewell-focaccia.json`);
  expect(names).toContain(`images/${recipeId}-farewell-focaccia.webp`);

  // Delete account, on a phone: the dialog says what goes and offers the download first.
  await page.setViewportSize({ width: 360, height: 740 });
  await card.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  for (const loss of [
    "your recipes and their pictures",
    "your ratings, comments and likes",
    "who you follow and who follows you",
    "your collections",
    "the shopping lists you own",
    "your planner",
  ]) {
    await expect(dialog.getByText(loss)).toBeVisible();
  }
  await expect(dialog.getByRole("link", { name: "Download my data" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/delete-account-phone.png` });

  // Cancel keeps everything.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole("button", { name: "Delete account…" }).click();

  // A wrong password is said under the field, and nothing happens.
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That is not your password.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await dialog.getByLabel("Your password").fill(PASSWORD);
  const deleteButton = dialog.getByRole("button", { name: "Delete my account" });
  const box = await deleteButton.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await deleteButton.click();

  // Signed out, on the home page, told it is done.
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Your account has been deleted. Thank you for cooking with us.",
  );
  await expect(page.getByRole("link", { name: "Sign Up", exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/account-deleted-phone.png` });
  expect((await page.request.get("/api/auth/status/")).ok()).toBe(true);
  expect(await (await page.request.get("/api/auth/status/")).json()).toEqual({
    authenticated: false,
  });
  expect((await page.request.get(`/api/recipes/recipes/${recipeId}/`)).status()).toBe(404);

  // Logging in again fails: the account is no more.
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials.");
  await context.close();
});
