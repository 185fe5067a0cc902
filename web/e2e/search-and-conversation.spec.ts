import { expect, type Page, test } from "@playwright/test";
import { publishRecipes, signUp, uniqueName } from "./fixtures";

// Issue 34 §9 and §17: what a cook sees of typo correction ("Did you mean") and of a recipe's
// one conversation (a feed comment on the recipe page, a review in the feed).

const csrf = async (page: Page) =>
  (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken as string;

/** Letters only, unlike uniqueName: a word the search lexicon keeps whole. */
const uniqueWord = () =>
  `quib${Array.from({ length: 5 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("")}`;

test("a misspelt search offers 'Did you mean', and the link runs the corrected words", async ({
  page,
}) => {
  const word = uniqueWord();
  const title = `Smoky ${word} soup`;
  await signUp(page, uniqueName("tess"));
  await publishRecipes(page, [title]);
  // One letter left out of each word.
  const typo = `${word.slice(0, 4)}${word.slice(5)} soop`;
  await page.goto(`/explore?search=${encodeURIComponent(typo)}`);
  const suggestion = page.getByRole("link", { name: `${word} soup`, exact: true });
  await expect(page.getByText("Did you mean")).toBeVisible();
  await expect(suggestion).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await suggestion.click();
  await expect(page.getByLabel("Search recipes")).toHaveValue(`${word} soup`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Did you mean")).toHaveCount(0);
});

test("a feed comment shows on the recipe page, and a review in the feed", async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("rosa");
  const bName = uniqueName("ben");
  const title = `Bean stew ${uniqueName("")}`;
  await signUp(a, aName);
  const [recipeId] = await publishRecipes(a, [title]);
  const aId = (await (await a.request.get("/api/auth/status/")).json()).user.id as number;
  await signUp(b, bName);
  const followed = await b.request.post(`/api/users/${aId}/follow/`, {
    headers: { "X-CSRFToken": await csrf(b) },
  });
  expect(followed.status()).toBe(201);

  // B comments under A's new recipe in the feed.
  await b.goto("/");
  const card = b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  await card.getByRole("button", { name: /^Comments/ }).click();
  await card.getByPlaceholder("Add a comment...").fill("Made it twice this week!");
  await card.getByRole("button", { name: "Post" }).click();
  await expect(card.getByRole("button", { name: /^Comments/ })).toHaveText(/Comments\s*1/);

  // A sees it on the recipe page, under the recipe's feed comments.
  await a.goto(`/recipes/${recipeId}`);
  const comments = a.getByRole("region", { name: "Comments from the feed" });
  await expect(comments.getByText("Made it twice this week!")).toBeVisible();
  await expect(comments).toContainText(`on ${aName}'s new recipe`);

  // B reviews the recipe; A's feed card shows the review in the thread.
  const rated = await b.request.post("/api/recipes/ratings/", {
    headers: { "X-CSRFToken": await csrf(b) },
    data: { rating: 9, comment: "Even better the next day.", recipe: recipeId },
  });
  expect(rated.status()).toBe(201);
  await a.goto("/");
  const own = a.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  await own.getByRole("button", { name: /^Comments/ }).click();
  await expect(own.getByText("Made it twice this week!")).toBeVisible();
  await expect(own.getByText("Even better the next day.")).toBeVisible();
  await expect(own.getByRole("img", { name: "4.5 out of 5 stars" })).toBeVisible();
});
