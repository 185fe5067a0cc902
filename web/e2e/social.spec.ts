import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  gradientPng,
  publishRecipes,
  shoot,
  signUp,
  uniqueName,
} from "./fixtures";

const card = (page: Page, title: string): Locator => page.getByRole("article", { name: title });

test("B follows A, sees A's recipe and rating in the feed, likes and comments", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("alice");
  const bName = uniqueName("bob");
  const title = `Sorrel omelette ${uniqueName("")}`;
  const imageFile = path.join(mkdtempSync(path.join(os.tmpdir(), "social-image-")), "omelette.png");
  writeFileSync(imageFile, gradientPng());

  await signUp(a, aName);
  await signUp(b, bName);

  // --- B's feed starts empty
  await expect(
    b.getByRole("heading", { level: 1, name: "What's everyone cooking?" }),
  ).toBeVisible();
  await expect(
    b.getByText("No recent activity to display. Follow some users to get started!"),
  ).toBeVisible();
  await expect(b.getByText("0 followers")).toBeVisible();
  await expect(b.getByText("Following 0")).toBeVisible();
  await expectAccessible(b);

  // --- the Manage Following modal: suggestions before typing, Escape, backdrop, focus
  const manage = b.getByRole("button", { name: "Manage Following" });
  await manage.click();
  const dialog = b.getByRole("dialog", { name: "Manage Following" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByText("You are not following anyone yet.")).toBeVisible();
  await expect(dialog.getByText("No one follows you yet.")).toBeVisible();
  const search = dialog.getByLabel("Find people to follow");
  await search.click();
  await expect(b.getByRole("option").first()).toBeVisible(); // suggestions, nothing typed
  await shoot(b, "manage-following-suggestions", { fullPage: false });
  await b.keyboard.press("Escape"); // closes the picker's menu first
  await expect(b.getByRole("option")).toHaveCount(0);
  await b.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(manage).toBeFocused();

  await manage.click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) await b.keyboard.press("Tab");
  expect(await b.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
  await b.mouse.click(5, 5); // the backdrop
  await expect(dialog).toBeHidden();
  await expect(manage).toBeFocused();

  // --- B finds A and follows them
  await manage.click();
  await search.fill(aName.slice(0, -2).toUpperCase());
  await b.getByRole("option", { name: `${aName} (Test)`, exact: true }).click();
  await expectAccessible(b);
  await shoot(b, "manage-following", { fullPage: false });
  await dialog.getByRole("button", { name: `Follow ${aName}` }).click();
  const following = dialog.getByRole("region", { name: "Users You Follow" });
  await expect(following.getByText(aName)).toBeVisible();
  // (The chosen cook also has Block: decision 0032.)
  await expect(
    dialog.locator(".follow-selected").getByRole("button", { name: /follow/i }),
  ).toHaveText("Unfollow");
  await expect(b.getByText("Following 1")).toBeAttached(); // the page behind, without a reload
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(b.getByText("Following 1")).toBeVisible();

  // --- A has a follower now, publishes a recipe through the real form and rates it
  await a.reload();
  await expect(a.getByText("1 follower", { exact: true })).toBeVisible();
  await a.goto("/recipes/new");
  await a.getByLabel("Title").fill(title);
  const editor = a.getByRole("textbox", { name: "Instructions" });
  await editor.click();
  await editor.pressSequentially("Whisk, fold in sorrel, cook gently.");
  await a.getByLabel("Image").setInputFiles(imageFile);
  await a.getByRole("button", { name: "Create Recipe" }).click();
  await expect(a).toHaveURL(/\/recipes\/\d+$/);
  const recipeId = a.url().match(/\/recipes\/(\d+)$/)?.[1];
  await a.getByRole("radio", { name: "4 stars", exact: true }).check();
  await a.getByLabel("Comment (optional)").fill("Best breakfast all week");
  await a.getByRole("button", { name: "Submit Rating" }).click();
  await expect(a.getByText("Thank you! Your rating was saved.")).toBeVisible();
  // an edit of the recipe is not feed-worthy: it stays out of the feed
  await a.goto(`/recipes/${recipeId}/edit`);
  await a.getByRole("textbox", { name: "Instructions" }).pressSequentially(" Serve hot.");
  await a.getByRole("button", { name: "Update Recipe" }).click();
  await expect(a).toHaveURL(new RegExp(`/recipes/${recipeId}$`));

  // --- B's feed: the rating on top, then the recipe
  await b.reload();
  await expect(b.getByRole("article")).toHaveCount(2);
  await expect(b.getByRole("article").locator("h2")).toHaveText(["New Rating", "New Recipe"]);
  await expect(b.getByRole("heading", { name: "Updated Recipe" })).toHaveCount(0);
  const recipeCard = card(b, "New Recipe");
  await expect(recipeCard.getByText(`by ${aName}`)).toBeVisible();
  const recipeLink = recipeCard.getByRole("link", { name: title });
  await expect(recipeLink).toHaveAttribute(
    "href",
    new RegExp(`^/recipe/${recipeId}/sorrel-omelette`),
  );
  await expect(recipeCard.locator("img.feed-recipe-image")).toHaveJSProperty("complete", true);
  expect(
    await recipeCard
      .locator("img.feed-recipe-image")
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  const ratingCard = card(b, "New Rating");
  await expect(ratingCard.getByText(aName)).toBeVisible();
  await expect(ratingCard.getByRole("img", { name: "4.0 out of 5 stars" })).toHaveText("4.0 ★");
  await expect(ratingCard.locator("blockquote")).toHaveText('"Best breakfast all week"');
  await expect(ratingCard.getByRole("link", { name: title })).toBeVisible();

  // --- B likes the recipe: the count moves at once and stays after a reload
  const like = recipeCard.getByRole("button", { name: /^Like/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like).toHaveText(/Like\s*0/);
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveText(/Like\s*1/);
  await b.reload();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveText(/Like\s*1/);

  // --- B comments, edits and deletes the comment
  const toggle = recipeCard.getByRole("button", { name: /^Comments/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(recipeCard.getByText("No comments yet.")).toBeVisible();
  const box = recipeCard.getByPlaceholder("Add a comment...");
  const post = recipeCard.getByRole("button", { name: "Post" });
  await box.fill("   ");
  await expect(post).toBeDisabled();
  await box.fill("Looks delicious!");
  await post.click();
  const comment = recipeCard.locator(".comment");
  await expect(comment.locator(".comment-text")).toHaveText("Looks delicious!");
  await expect(comment.getByText(bName)).toBeVisible();
  await expect(toggle).toHaveText(/Comments\s*1/);
  await expect(box).toHaveValue("");
  await expectAccessible(b);
  await shoot(b, "feed");

  await comment.getByRole("button", { name: "Edit comment" }).click();
  const editBox = recipeCard.getByRole("textbox", { name: "Edit comment" });
  const save = recipeCard.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled(); // unchanged
  await editBox.fill("");
  await expect(save).toBeDisabled(); // empty
  await editBox.fill("Looks amazing!");
  await save.click();
  await expect(comment.locator(".comment-text")).toHaveText("Looks amazing!");
  await expect(comment.getByRole("button", { name: "Edit comment" })).toBeFocused();
  await comment.getByRole("button", { name: "Edit comment" }).click();
  await recipeCard.getByRole("textbox", { name: "Edit comment" }).fill("never mind");
  await recipeCard.getByRole("button", { name: "Cancel" }).click();
  await expect(comment.locator(".comment-text")).toHaveText("Looks amazing!");

  // A sees B's like and comment on their own recipe
  await a.goto("/");
  const aRecipeCard = card(a, "New Recipe");
  await expect(aRecipeCard.getByRole("button", { name: /^Like/ })).toHaveText(/Like\s*1/);
  await aRecipeCard.getByRole("button", { name: /^Comments/ }).click();
  await expect(aRecipeCard.locator(".comment-text")).toHaveText("Looks amazing!");
  // ...but only B may edit or delete it
  await expect(aRecipeCard.getByRole("button", { name: "Edit comment" })).toHaveCount(0);
  await expect(aRecipeCard.getByRole("button", { name: "Delete comment" })).toHaveCount(0);

  await comment.getByRole("button", { name: "Delete comment" }).click();
  await expect(comment).toHaveCount(0);
  await expect(toggle).toHaveText(/Comments\s*0/);
  await b.reload();
  await expect(card(b, "New Recipe").getByRole("button", { name: /^Comments/ })).toHaveText(
    /Comments\s*0/,
  );
  await expect(b.getByText("Following 1")).toBeVisible();

  // --- A deletes the recipe while B still has it on screen: B's like and comment are
  // refused by the server, and the card goes back to how it was with the spec's messages
  await a.goto(`/recipes/${recipeId}`);
  a.once("dialog", (confirm) => confirm.accept());
  await a.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(a).toHaveURL(/\/recipes$/);
  const staleCard = card(b, "New Recipe");
  const staleLike = staleCard.getByRole("button", { name: /^Like/ });
  await staleLike.click(); // unlike: refused (404), so it stays liked
  await expect(staleCard.getByRole("alert")).toHaveText("Could not update like status.");
  await expect(staleLike).toHaveAttribute("aria-pressed", "true");
  await expect(staleLike).toHaveText(/Like\s*1/);
  const staleToggle = staleCard.getByRole("button", { name: /^Comments/ });
  await staleToggle.click();
  await expect(staleCard.getByText("Failed to load comments.")).toBeVisible();
  await staleCard.getByPlaceholder("Add a comment...").fill("Still there?");
  await staleCard.getByRole("button", { name: "Post" }).click();
  await expect(staleCard.getByText("Failed to post comment. Not found.")).toBeVisible();
  await expect(staleToggle).toHaveText(/Comments\s*0/);
  await expect(staleCard.getByPlaceholder("Add a comment...")).toHaveValue("Still there?");
  await b.reload();
  await expect(
    b.getByText("No recent activity to display. Follow some users to get started!"),
  ).toBeVisible();
});

test("the feed loads the next page near the bottom and leaves recipe updates out", async ({
  page,
}) => {
  const cook = uniqueName("prolific");
  await signUp(page, cook);
  const titles = Array.from({ length: 23 }, (_, i) => `Feed dish ${i + 1} ${cook}`);
  const [firstId] = await publishRecipes(page, titles);
  // an update makes an update_recipe item, which the feed does not show
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const update = await page.request.put(`/api/recipes/recipes/${firstId}/`, {
    headers: { "X-CSRFToken": csrfToken },
    multipart: { title: `${titles[0]} (v2)`, content: "<p>Better.</p>", recipe_ingredients: "[]" },
  });
  expect(update.status()).toBe(200);

  await page.goto("/");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText(titles[22] as string);
  await page.mouse.wheel(0, 20_000);
  await expect(cards).toHaveCount(23);
  await expect(page.getByText("Updated Recipe")).toHaveCount(0);
});
