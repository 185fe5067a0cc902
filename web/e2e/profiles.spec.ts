import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, publishRecipes, signUp, uniqueName } from "./fixtures";

// Issue 27 §1c: a cook's name leads to their profile; follow them there and see their recipes;
// a recipe's Reviews. ("Show more ratings" needs more than ten raters: the server tests walk
// the ratings page by page with a small page size instead, older-pages.test.ts.)

const SHOTS = "/tmp/w/shots";

async function shootAt(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function csrf(page: Page) {
  return (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken as string;
}

test("open a cook from a recipe card, follow them, see their recipes and reviews", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("ana");
  const bName = uniqueName("ben");
  const title = `Plum galette ${uniqueName("")}`;
  await signUp(a, aName);
  const [recipeId] = await publishRecipes(a, [title]);
  // A private recipe: not counted nor listed for anyone else.
  const hidden = await a.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": await csrf(a) },
    multipart: {
      title: `Secret stew ${uniqueName("")}`,
      content: "<p>Shh.</p>",
      recipe_ingredients: "[]",
      visibility: "private",
    },
  });
  expect(hidden.status(), await hidden.text()).toBe(201);

  await signUp(b, bName);
  await b.goto(`/explore?search=${encodeURIComponent(title)}`);
  const card = b.getByRole("article").filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: aName }).click();

  // --- the profile
  await expect(b).toHaveURL(new RegExp(`/cooks/${aName}$`));
  await expect(b.getByRole("heading", { level: 1, name: aName })).toBeVisible();
  await expect(b.getByText("Test", { exact: true })).toBeVisible(); // the first name
  await expect(b.getByText("1 recipe", { exact: true })).toBeVisible();
  await expect(b.getByText("0 followers")).toBeVisible();
  await expect(b.getByRole("article")).toHaveCount(1);
  await expect(b.getByRole("article").filter({ hasText: title })).toBeVisible();
  await expect(b.getByText("Secret stew")).toHaveCount(0);

  await b.getByRole("button", { name: `Follow ${aName}` }).click();
  await expect(b.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();
  await expect(b.getByText("1 follower", { exact: true })).toBeVisible();
  await expectAccessible(b);
  await shootAt(b, "profile");

  // The follow is saved: a reload still says Unfollow.
  await b.reload();
  await expect(b.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();

  // --- the recipe's Reviews: B's own review, then A's, each linked to its cook
  const rate = async (page: Page, rating: number, comment: string) => {
    const response = await page.request.post("/api/recipes/ratings/", {
      headers: { "X-CSRFToken": await csrf(page) },
      data: { rating, comment, recipe: recipeId },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await rate(b, 9, "Crisp pastry, lovely plums.");
  await rate(a, 8, "My grandmother's, more or less.");
  await b
    .getByRole("article")
    .filter({ hasText: title })
    .getByRole("link", { name: /Read More/ })
    .click();
  const reviews = b.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByRole("listitem")).toHaveCount(2);
  // A's rating is newer, but the reader's own comes first.
  await expect(reviews.getByRole("listitem").first()).toContainText("(your review)");
  await expect(reviews.getByRole("listitem").first()).toContainText("Crisp pastry, lovely plums.");
  await expect(reviews.getByRole("listitem").nth(1)).toContainText("My grandmother's");
  await expect(reviews.getByRole("img", { name: "4.5 out of 5 stars" })).toBeVisible();
  await expect(reviews.getByRole("button", { name: "Show more ratings" })).toHaveCount(0);
  await expectAccessible(b);
  await reviews.scrollIntoViewIfNeeded();
  await shootAt(b, "reviews");

  // The author's name on the recipe page leads to the profile too.
  await reviews.getByRole("link", { name: aName }).click();
  await expect(b.getByRole("heading", { level: 1, name: aName })).toBeVisible();
});
