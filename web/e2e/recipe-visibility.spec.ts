import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { publishRecipes, signUp, uniqueName } from "./fixtures";

// Issue 23, "Browser journeys": make a recipe private and show that a follower and a stranger
// can't find it; Followers lets the follower in; Settings' default visibility. Each cook in a
// browser context of their own, on a phone and on a laptop.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = process.env.SCREENS_DIR ?? "test-results/screens";

type Viewport = { width: number; height: number };

/** A cook signed up in their own context (at laptop width, where the welcome text shows). */
async function newCook(browser: Browser, prefix: string, viewport: Viewport) {
  const page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  const username = uniqueName(prefix);
  await signUp(page, username);
  await page.setViewportSize(viewport);
  return { page, username };
}

/** The cook of `page` follows `username`, through the API. */
async function follow(page: Page, username: string) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const found = await (await page.request.get(`/api/users/search/?query=${username}`)).json();
  const response = await page.request.post(`/api/users/${found.results[0].id}/follow/`, {
    headers: { "X-CSRFToken": csrfToken },
  });
  expect(response.status()).toBe(201);
}

const cards = (page: Page) => page.locator(".recipe-grid > li");

const HINTS = {
  public: "Everyone can see it, signed in or not.",
  followers: "You and the cooks who follow you.",
  private: "Only you, and the cooks you share a list or planner it is on with.",
} as const;
type Visibility = keyof typeof HINTS;

// The form's Visibility field: three radio buttons, each with its line saying who sees it.
const visibilityField = (page: Page) => page.getByRole("group", { name: "Visibility" });

async function chooseVisibility(page: Page, label: "Public" | "Followers" | "Only me") {
  const field = visibilityField(page);
  await expect(field).toBeVisible();
  await field.getByRole("radio", { name: new RegExp(`^${label} `) }).check();
}

/** The field shows `value` chosen, and the one line saying who sees the recipe. */
async function expectVisibility(page: Page, value: Visibility) {
  const field = visibilityField(page);
  await expect(field).toBeVisible();
  await expect(field.locator(`input[type="radio"][value="${value}"]`)).toBeChecked();
  await expect(field.locator("input:checked").locator("xpath=..")).toContainText(HINTS[value]);
  await expect(field.getByText(HINTS[value])).toBeVisible();
}

/** Explore, unsearched and searched by the title: the recipe is (not) there. */
async function expectOnExplore(page: Page, title: string, present: boolean) {
  await page.goto("/explore");
  await expect(page.getByRole("heading", { name: "Latest Recipes" })).toBeVisible();
  await expect(cards(page).first()).toBeVisible(); // A's public recipe at least
  // Newest first: a recipe made seconds ago would be among the first cards.
  await expect(cards(page).filter({ hasText: title })).toHaveCount(present ? 1 : 0);
  await page.getByLabel("Search recipes").fill(title);
  if (present) {
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(title);
  } else {
    await expect(page.getByText("No recipes found.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    // nor a "did you mean" that names it
    await expect(page.getByText(title)).toHaveCount(0);
  }
}

/** Opening the recipe's address: the app's not-found page, as for a recipe that never was. */
async function expectNotFound(page: Page, id: string) {
  await page.goto(`/recipes/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("There is nothing at this address.")).toBeVisible();
  await page.goto("/recipes/99999999");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
}

/** B's feed: A's public recipe, and nothing about the hidden one. */
async function expectFeed(page: Page, shown: string, hidden: string) {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "What's everyone cooking?" }),
  ).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").getByRole("link", { name: shown })).toBeVisible();
  await expect(page.getByText(hidden)).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test(`a private recipe stays hidden from a follower and a stranger (${viewport.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const phone = viewport.name === "phone";
    if (phone) mkdirSync(SHOTS, { recursive: true });
    const size = { width: viewport.width, height: viewport.height };
    const a = await newCook(browser, "author", size);
    const b = await newCook(browser, "follower", size);
    const c = await newCook(browser, "stranger", size);
    const anon = await (await browser.newContext({ viewport: size })).newPage();
    await follow(b.page, a.username);
    const title = `Grandma's secret borscht ${uniqueName("")}`;
    // A public recipe of A's, so Explore is never empty: the private one is missing from a list.
    const pilaf = `Weeknight pilaf ${uniqueName("")}`;
    await publishRecipes(a.page, [pilaf]);

    // --- A creates the recipe through the real form, Only me
    await a.page.goto("/recipes/new");
    await a.page.getByLabel("Title").fill(title);
    const editor = a.page.getByRole("textbox", { name: "Instructions" });
    await editor.click();
    await editor.pressSequentially("Simmer the beets for an hour.");
    await expectVisibility(a.page, "public"); // the default's default
    await chooseVisibility(a.page, "Only me");
    await expectVisibility(a.page, "private");
    if (phone) {
      await a.page.locator(".recipe-visibility").scrollIntoViewIfNeeded();
      await a.page.screenshot({ path: `${SHOTS}/visibility-form-phone.png` });
      await a.page
        .locator(".recipe-visibility")
        .screenshot({ path: `${SHOTS}/visibility-field-phone.png` });
    }
    await a.page.getByRole("button", { name: "Create Recipe" }).click();
    await expect(a.page).toHaveURL(/\/recipes\/\d+$/);
    const id = a.page.url().match(/\/recipes\/(\d+)$/)?.[1] as string;
    await expect(a.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const badge = a.page.locator(".recipe-detail-meta .visibility-badge");
    await expect(badge).toHaveText("Only me");
    await expect(badge).toBeVisible();
    if (phone) await a.page.screenshot({ path: `${SHOTS}/visibility-badge-private-phone.png` });
    // A finds it where their own recipes are, and by searching Explore
    await expectOnExplore(a.page, title, true);

    // --- B (a follower), C (a stranger) and a signed-out visitor can't find it
    for (const page of [b.page, c.page, anon]) await expectOnExplore(page, title, false);
    await expectFeed(b.page, pilaf, title);
    await expectNotFound(b.page, id);
    await expectNotFound(c.page, id);
    // Signed out, a recipe's page asks to log in first, as for any recipe; the API says 404.
    await anon.goto(`/recipes/${id}`);
    await expect(anon).toHaveURL(new RegExp(`/login\\?next=%2Frecipes%2F${id}$`));
    expect((await anon.request.get(`/api/recipes/recipes/${id}/`)).status()).toBe(404);

    // --- A lets followers in
    await a.page.goto(`/recipes/${id}/edit`);
    await expectVisibility(a.page, "private");
    await chooseVisibility(a.page, "Followers");
    await expectVisibility(a.page, "followers");
    await a.page.getByRole("button", { name: "Update Recipe" }).click();
    await expect(a.page).toHaveURL(new RegExp(`/recipes/${id}$`));
    await expect(badge).toHaveText("Followers only");
    if (phone) await a.page.screenshot({ path: `${SHOTS}/visibility-badge-followers-phone.png` });

    // B finds it on Explore, by search, opens it; no badge for a reader
    await expectOnExplore(b.page, title, true);
    await cards(b.page)
      .first()
      .getByRole("link", { name: /Read More/ })
      .click();
    await expect(b.page).toHaveURL(new RegExp(`/recipe/${id}/`));
    await expect(b.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(b.page.getByText(`By ${a.username}`)).toBeVisible();
    await expect(b.page.locator(".visibility-badge")).toHaveCount(0);
    await b.page.goto(`/recipes/${id}`);
    await expect(b.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // C and the visitor still don't
    for (const page of [c.page, anon]) await expectOnExplore(page, title, false);
    await expectNotFound(c.page, id);
    expect((await anon.request.get(`/api/recipes/recipes/${id}/`)).status()).toBe(404);

    // --- A's default for new recipes: Followers, and a new recipe starts with it
    await a.page.goto("/settings");
    const defaults = a.page.getByRole("group", { name: /^Default visibility for new recipes/ });
    await expect(defaults.getByRole("radio", { name: /^Public/ })).toBeChecked();
    await defaults.getByRole("radio", { name: /^Followers/ }).check();
    await expect(a.page.getByText("Saved.")).toBeVisible();
    if (phone) {
      await defaults.scrollIntoViewIfNeeded();
      await a.page.screenshot({ path: `${SHOTS}/visibility-settings-phone.png` });
    }
    await a.page.reload();
    await expect(defaults.getByRole("radio", { name: /^Followers/ })).toBeChecked();
    await a.page.goto("/recipes/new");
    await expectVisibility(a.page, "followers");
  });
}
