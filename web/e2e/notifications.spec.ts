// Notifications (issue 27 §1): B follows A and comments on A's recipe; A, with the page open
// and never reloading, sees the bell's count change, opens the comment from the list, marks
// everything read, and turns new followers off in the app, after which a new follow tells A
// nothing while a comment still does.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, publishRecipes, shoot, signUp, uniqueName } from "./fixtures";

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications(, \d+ unread)?$/ });

async function commentOnNewRecipe(page: Page, text: string): Promise<void> {
  await page.goto("/");
  const card = page.getByRole("article", { name: "New Recipe" });
  await card.getByRole("button", { name: /^Comments/ }).click();
  await card.getByPlaceholder("Add a comment...").fill(text);
  await card.getByRole("button", { name: "Post" }).click();
  await expect(card.locator(".comment-text").filter({ hasText: text })).toBeVisible();
}

test("A hears of B's follow and comment live, opens the comment and chooses what to hear", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("ana");
  const bName = uniqueName("ben");
  const title = `Lasagne ${uniqueName("")}`;

  await signUp(a, aName);
  await publishRecipes(a, [title]);
  await a.goto("/recipes");
  await expect(bell(a)).toHaveAccessibleName("Notifications");
  // The bell is a 44×44 target.
  const box = await bell(a).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);

  // --- B follows A and comments on A's recipe; A's page never reloads
  await signUp(b, bName);
  await b.goto(`/cooks/${aName}`);
  await b.getByRole("button", { name: `Follow ${aName}` }).click();
  await expect(b.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();
  await expect(bell(a)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(a.locator(".notification-badge")).toHaveText("1");

  await commentOnNewRecipe(b, "Looks delicious!");
  await expect(bell(a)).toHaveAccessibleName("Notifications, 2 unread");

  // --- the list: newest first, both unread
  await bell(a).click();
  await expect(a).toHaveURL(/\/notifications$/);
  await expect(a.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const items = a.locator(".notification-list li");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`${bName} commented on ${title}`);
  await expect(items.nth(1)).toContainText(`${bName} followed you`);
  await expect(items.nth(0)).toContainText("just now");
  await expect(a.getByRole("link", { name: `Unread: ${bName} followed you` })).toHaveAttribute(
    "href",
    `/cooks/${bName}`,
  );
  await expect(a.getByText("2 unread")).toBeVisible();
  await expectAccessible(a);
  await shoot(a, "notifications");

  // --- opening the comment lands on the feed item, its comments open, and reads it
  await a.getByRole("link", { name: `Unread: ${bName} commented on ${title}` }).click();
  await expect(a).toHaveURL(/\/\?item=\d+$/);
  const card = a.getByRole("article", { name: "New Recipe" });
  await expect(card.getByRole("button", { name: /^Comments/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(card.locator(".comment-text")).toHaveText("Looks delicious!");
  await expect(card).toBeInViewport();
  await expect(bell(a)).toHaveAccessibleName("Notifications, 1 unread");

  // --- back on the list: the comment is read, the follow is not; mark all as read
  await bell(a).click();
  await expect(a.getByRole("link", { name: `${bName} commented on ${title}` })).toBeVisible();
  await expect(a.getByRole("link", { name: `Unread: ${bName} followed you` })).toBeVisible();
  await a.getByRole("button", { name: "Mark all as read" }).click();
  await expect(a.getByText("All caught up.")).toBeVisible();
  await expect(bell(a)).toHaveAccessibleName("Notifications");
  await expect(a.locator(".notification-badge")).toHaveCount(0);
  await expect(a.getByRole("link", { name: /^Unread: / })).toHaveCount(0);
  await expect(a.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  // Read is kept by the server, not just on this page.
  await a.reload();
  await expect(a.getByText("All caught up.")).toBeVisible();
  await expect(a.locator(".notification-list li")).toHaveCount(2);

  // --- settings: new followers no longer in the app
  // The page's own Settings link (the navigation has one too since issue 34 §16).
  await a.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
  await expect(a).toHaveURL(/\/settings#notifications$/);
  const followers = a.getByRole("group", { name: "New followers" });
  await expect(followers.getByLabel("In the app")).toBeChecked();
  await expect(followers.getByLabel("By email")).not.toBeChecked();
  // A click, then the box's state: the save runs a moment after the click (uncheck() reads
  // the state at once, which a busy machine has not drawn yet).
  await followers.getByLabel("In the app").click();
  await expect(followers.getByLabel("In the app")).not.toBeChecked();
  await expect(a.getByText("Saved: New followers won't show in the app.")).toBeVisible();
  await expectAccessible(a);
  await a.reload();
  await expect(
    a.getByRole("group", { name: "New followers" }).getByLabel("In the app"),
  ).not.toBeChecked();
  await expect(a.getByRole("group", { name: "Comments" }).getByLabel("In the app")).toBeChecked();
  // A kind comes by email only while it shows in the app (the digest lists what the app shows).
  await expect(
    a.getByRole("group", { name: "New followers" }).getByLabel("By email"),
  ).toBeDisabled();
  const likes = a.getByRole("group", { name: "Likes" });
  await likes.getByLabel("By email").click();
  await expect(likes.getByLabel("By email")).toBeChecked();
  await expect(a.getByText("Saved: Likes will come by email.")).toBeVisible();
  await likes.getByLabel("In the app").click();
  await expect(likes.getByLabel("In the app")).not.toBeChecked();
  await expect(likes.getByLabel("By email")).not.toBeChecked();
  await expect(likes.getByLabel("By email")).toBeDisabled();

  // --- B unfollows and follows again: nothing for A; B's next comment still reaches A
  await b.goto(`/cooks/${aName}`);
  await b.getByRole("button", { name: `Unfollow ${aName}` }).click();
  await b.getByRole("button", { name: `Follow ${aName}` }).click();
  await expect(b.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();
  await commentOnNewRecipe(b, "Made it again tonight");
  await expect(bell(a)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(a).click();
  await expect(a.locator(".notification-list li")).toHaveCount(3);
  await expect(a.locator(".notification-list li").first()).toContainText(
    `${bName} commented on ${title}`,
  );
  await expect(a.getByText(`${bName} followed you`)).toHaveCount(1);

  // --- on a phone: the bell stays on the bar beside Menu, every control a 44×44 target
  await a.setViewportSize({ width: 375, height: 740 });
  await expect(a.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(bell(a)).toBeVisible();
  const small = await a.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main a[href], main button, .notification-bell")]
      .map((element) => ({
        name: element.textContent?.trim(),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
  await expectAccessible(a);
});
