import { expect, test } from "@playwright/test";
import { expectAccessible, PASSWORD, signUpThroughForm, uniqueName } from "./fixtures";

test("a visitor reads the public pages, signs up, logs out and logs back in", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cook, plan and share");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/about.png", fullPage: true });

  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Cookie Policy" }).click();
  await expect(page.getByText("Last updated May 6, 2025")).toBeVisible();
  await expectAccessible(page);

  // a protected page sends the visitor to login, remembering where they were going
  await page.goto("/grocery-lists");
  await expect(page).toHaveURL(/\/login\?next=%2Fgrocery-lists$/);
  await expectAccessible(page);

  const username = uniqueName("cook");
  await page.goto("/signup");
  await expectAccessible(page);
  await page.getByLabel("I agree to the Terms of Service").uncheck();
  await signUpThroughForm(page, username);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "My Recipes" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/feed-signed-in.png", fullPage: true });

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();

  // wrong password: the server's message is shown
  await page.goto("/login?next=/grocery-lists");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials.");
  await page.screenshot({ path: "test-results/screens/login-error.png", fullPage: true });

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/grocery-lists$/);
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
});

// Issue 34 §5: both problems at once, each by its field (no longer one per try).
test("sign-up explains what is wrong before calling the server", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(uniqueName("x"));
  await page.getByLabel("Email").fill("x@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByLabel("I agree to the Terms of Service")).toHaveAccessibleDescription(
    "You must agree to the Terms of Service to sign up.",
  );
  await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription(
    "Passwords do not match.",
  );
  await expect(page).toHaveURL(/\/signup$/);
});

test("the layout works at a phone's width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/about");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("link", { name: "Explore Recipes" }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/about-mobile.png", fullPage: true });
});
