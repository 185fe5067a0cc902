import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, publishRecipes, shoot, signUp, uniqueName } from "./fixtures";

// Issue 27 §2 (decision 0032): B blocks A from A's comment; A's comments leave B's feed, A's
// profile says so, Settings lists A, and Unblock there lets A's comments show again.

async function csrf(page: Page) {
  return (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken as string;
}

test("B blocks A from A's comment, sees it in Settings, and unblocks", async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("ada");
  const bName = uniqueName("bea");
  const title = `Quince tart ${uniqueName("")}`;

  await signUp(b, bName);
  await publishRecipes(b, [title]);
  const bId = (await (await b.request.get("/api/auth/status/")).json()).user.id as number;

  // A follows B and comments on B's new recipe (through the API: not what this journey tests).
  await signUp(a, aName);
  const followed = await a.request.post(`/api/users/${bId}/follow/`, {
    headers: { "X-CSRFToken": await csrf(a) },
  });
  expect(followed.status()).toBe(201);
  const feed = await (await a.request.get("/api/feed/items/")).json();
  const item = feed.results.find(
    (i: { recipe: { title: string } }) => i.recipe.title === title,
  ) as { id: number };
  const commented = await a.request.post(`/api/feed/items/${item.id}/comments/`, {
    headers: { "X-CSRFToken": await csrf(a) },
    data: { text: "You'll regret this tart." },
  });
  expect(commented.status()).toBe(201);

  // --- B sees A's comment under their recipe, and blocks A from it
  await b.goto("/");
  const card = b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  const toggle = card.getByRole("button", { name: /^Comments/ });
  await expect(toggle).toHaveText(/Comments\s*1/);
  await toggle.click();
  const comment = card.locator(".comment").filter({ hasText: "You'll regret this tart." });
  await expect(comment).toBeVisible();
  const more = comment.getByRole("button", { name: `More about ${aName}'s comment` });
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await comment.scrollIntoViewIfNeeded();
  await shoot(b, "blocking-comment-more", { fullPage: false });
  await comment.getByRole("button", { name: `Block ${aName}` }).click();

  const dialog = b.getByRole("dialog", { name: `Block ${aName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("They won't be able to follow you");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(b);
  await shoot(b, "blocking-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: `Block ${aName}` }).click();
  await expect(dialog).toBeHidden();

  // A's comment is gone from B's feed, and from the count.
  await expect(card.getByText("You'll regret this tart.")).toHaveCount(0);
  await expect(card.getByText("No comments yet.")).toBeVisible();
  await expect(toggle).toHaveText(/Comments\s*0/);
  await b.reload();
  await expect(
    b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title }),
  ).toContainText(/Comments\s*0/);

  // --- A's profile: no Follow, "You blocked", Unblock
  await b.goto(`/cooks/${aName}`);
  await expect(b.getByRole("heading", { level: 1, name: aName })).toBeVisible();
  await expect(b.getByText(`You blocked ${aName}.`)).toBeVisible();
  await expect(b.getByRole("button", { name: `Follow ${aName}` })).toHaveCount(0);
  await expect(b.getByRole("button", { name: `Unblock ${aName}` })).toBeVisible();
  await expectAccessible(b);
  await shoot(b, "blocking-profile");

  // A can't follow B back: the server says so, without saying why.
  const refollow = await a.request.post(`/api/users/${bId}/follow/`, {
    headers: { "X-CSRFToken": await csrf(a) },
  });
  expect(refollow.status()).toBe(400);
  expect(await refollow.json()).toEqual({ detail: "You can't follow this cook." });

  // --- Settings lists A; Unblock there
  await b.goto("/settings");
  const blocked = b.getByRole("region", { name: "Blocked cooks" });
  await expect(blocked.getByRole("link", { name: aName })).toBeVisible();
  await blocked.scrollIntoViewIfNeeded();
  await expectAccessible(b);
  await shoot(b, "blocking-settings");
  await blocked.getByRole("button", { name: `Unblock ${aName}` }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();

  // A's comment shows again; the follow the block ended stays ended.
  await b.goto("/");
  const again = b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  await again.getByRole("button", { name: /^Comments/ }).click();
  await expect(again.getByText("You'll regret this tart.")).toBeVisible();
  await b.goto(`/cooks/${bName}`);
  await expect(b.getByText("0 followers")).toBeVisible();
});

test("block and unblock a cook from the follow dialog", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("ari");
  const bName = uniqueName("bo");
  await signUp(a, aName);
  await signUp(b, bName);
  const aId = (await (await a.request.get("/api/auth/status/")).json()).user.id as number;
  const followed = await b.request.post(`/api/users/${aId}/follow/`, {
    headers: { "X-CSRFToken": await csrf(b) },
  });
  expect(followed.status()).toBe(201);

  await b.goto("/");
  await b.getByRole("button", { name: "Manage Following" }).click();
  const dialog = b.getByRole("dialog", { name: "Manage Following" });
  const following = dialog.getByRole("region", { name: "Users You Follow" });
  await expect(following.getByRole("link", { name: new RegExp(aName) })).toBeVisible();
  await shoot(b, "blocking-follow-dialog", { fullPage: false });
  await following.getByRole("button", { name: `Block ${aName}` }).click();
  const confirm = b.getByRole("dialog", { name: `Block ${aName}?` });
  await confirm.getByRole("button", { name: `Block ${aName}` }).click();
  await expect(confirm).toBeHidden();
  // The follow is gone with the block.
  await expect(following.getByText("You are not following anyone yet.")).toBeVisible();

  // Found again by name, A is marked blocked, with Unblock and no Follow.
  await dialog.getByLabel("Find people to follow").fill(aName);
  await b.getByRole("option", { name: new RegExp(`${aName}.*\\(blocked\\)`) }).click();
  await expect(dialog.getByRole("button", { name: `Follow ${aName}` })).toHaveCount(0);
  await dialog.getByRole("button", { name: `Unblock ${aName}` }).click();
  await dialog.getByRole("button", { name: `Follow ${aName}` }).click();
  await expect(following.getByRole("link", { name: new RegExp(aName) })).toBeVisible();
});
