import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  logIn,
  PASSWORD,
  publishRecipes,
  shoot,
  signUp,
  uniqueName,
} from "./fixtures";

// Issue 27 §3 (decision 0033): B reports A's comment; a superuser opens /admin and hides it;
// B no longer sees it, and A sees "Hidden by a moderator" on it.

async function csrf(page: Page) {
  return (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken as string;
}

/** A superuser, made as an operator makes one: `npm run create-superuser` on the server's data. */
function createSuperuser(username: string): void {
  execFileSync(
    "npm",
    [
      "run",
      "create-superuser",
      "-w",
      "server",
      "--",
      "--username",
      username,
      "--email",
      `${username}@example.com`,
      "--password",
      PASSWORD,
    ],
    {
      cwd: "..",
      stdio: "pipe",
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR ?? "",
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      },
    },
  );
}

test("B reports A's comment, a moderator hides it, B no longer sees it and A sees why", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const m = await (await browser.newContext()).newPage();
  const aName = uniqueName("ana");
  const bName = uniqueName("ben");
  const mName = uniqueName("mod");
  const title = `Plum crumble ${uniqueName("")}`;
  const spam = "Cheap pans at pans.example, click now!";

  // A publishes a recipe and comments under it; B follows A (through the API: not what this
  // journey tests).
  await signUp(a, aName);
  await publishRecipes(a, [title]);
  const aId = (await (await a.request.get("/api/auth/status/")).json()).user.id as number;
  const feed = await (await a.request.get("/api/feed/items/")).json();
  const item = feed.results.find(
    (i: { recipe: { title: string } }) => i.recipe.title === title,
  ) as { id: number };
  const commented = await a.request.post(`/api/feed/items/${item.id}/comments/`, {
    headers: { "X-CSRFToken": await csrf(a) },
    data: { text: spam },
  });
  expect(commented.status()).toBe(201);
  await signUp(b, bName);
  const followed = await b.request.post(`/api/users/${aId}/follow/`, {
    headers: { "X-CSRFToken": await csrf(b) },
  });
  expect(followed.status()).toBe(201);

  // --- B reports A's comment from its ⋯
  await b.goto("/");
  const card = b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  const toggle = card.getByRole("button", { name: /^Comments/ });
  await expect(toggle).toHaveText(/Comments\s*1/);
  await toggle.click();
  const comment = card.locator(".comment").filter({ hasText: spam });
  await comment.getByRole("button", { name: `More about ${aName}'s comment` }).click();
  await comment.getByRole("button", { name: `Report ${aName}'s comment` }).click();
  const dialog = b.getByRole("dialog", { name: `Report ${aName}'s comment` });
  await expect(dialog).toBeVisible();
  // Sending without a reason asks for one.
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Choose a reason.")).toBeVisible();
  await dialog.getByRole("radio", { name: /Spam/ }).check();
  await dialog.getByLabel("Anything a moderator should know? (optional)").fill("Advertising.");
  await expectAccessible(b);
  await shoot(b, "moderation-report-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Thanks, a moderator will look at it.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Done" })).toBeFocused();
  await shoot(b, "moderation-report-sent", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  // A second report of the same comment is refused, and says why.
  await comment.getByRole("button", { name: `Report ${aName}'s comment` }).click();
  await dialog.getByRole("radio", { name: /Abuse/ }).check();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("You have already reported this.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // --- Cooks have no moderation: no menu link, and /admin is not found
  await b.getByRole("button", { name: `Welcome, ${bName}!` }).click();
  await expect(b.getByRole("link", { name: "Moderation" })).toHaveCount(0);
  await b.goto("/admin");
  await expect(b.getByRole("heading", { name: "Page not found" })).toBeVisible();

  // --- The moderator hides it from /admin
  createSuperuser(mName);
  await logIn(m, mName);
  await m.getByRole("button", { name: `Welcome, ${mName}!` }).click();
  await m.getByRole("link", { name: "Moderation" }).click();
  await expect(m).toHaveURL(/\/admin$/);
  await expect(m.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  await expect(m.getByRole("tab", { name: "Reports" })).toHaveAttribute("aria-selected", "true");
  const report = m.locator(".admin-card").filter({ hasText: spam });
  await expect(report).toContainText(`reported by ${bName}`);
  await expect(report).toContainText("Spam");
  await expect(report).toContainText("Advertising.");
  await expect(report.getByRole("link", { name: "on this recipe" })).toHaveAttribute(
    "href",
    /\/recipe\/\d+\//,
  );
  await expectAccessible(m);
  await shoot(m, "moderation-queue");
  await report.getByRole("button", { name: /^Hide: comment/ }).click();
  await expect(report.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(report).toContainText("Only its author and moderators will see it.");
  await shoot(m, "moderation-confirm", { fullPage: false });
  await report.getByRole("button", { name: "Hide", exact: true }).click();
  await expect(report).toHaveCount(0);
  await m.getByRole("button", { name: "Resolved" }).click();
  await expect(m.locator(".admin-card").filter({ hasText: spam })).toContainText(
    `Hidden by ${mName}`,
  );
  await m.getByRole("tab", { name: "Audit log" }).click();
  await expect(m.locator(".admin-card").first()).toContainText(`${mName} hid comment`);
  await shoot(m, "moderation-audit");
  await m.getByRole("tab", { name: "Users" }).click();
  await m.getByLabel("Search cooks").fill(aName);
  await expect(m.locator(".admin-card")).toHaveCount(1);
  await expect(m.getByRole("button", { name: `Disable ${aName}` })).toBeVisible();
  await expectAccessible(m);
  await shoot(m, "moderation-users");

  // --- B no longer sees it
  await b.goto("/");
  const cardAgain = b.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  await expect(cardAgain.getByRole("button", { name: /^Comments/ })).toHaveText(/Comments\s*0/);
  await cardAgain.getByRole("button", { name: /^Comments/ }).click();
  await expect(cardAgain.getByText("No comments yet.")).toBeVisible();
  await expect(b.getByText(spam)).toHaveCount(0);

  // --- A still sees it, "Hidden by a moderator"
  await a.goto("/");
  const own = a.getByRole("article", { name: "New Recipe" }).filter({ hasText: title });
  await own.getByRole("button", { name: /^Comments/ }).click();
  const hidden = own.locator(".comment").filter({ hasText: spam });
  await expect(hidden).toContainText("Hidden by a moderator");
  await hidden.scrollIntoViewIfNeeded();
  await shoot(a, "moderation-hidden-comment", { fullPage: false });

  // --- The recipe, reported from its page, and A's profile has Report too
  await b.goto(`/cooks/${aName}`);
  await expect(b.getByRole("button", { name: `Report ${aName}` })).toBeVisible();
  await b.getByRole("link", { name: title }).first().click();
  await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await b.getByRole("button", { name: "Report", exact: true }).click();
  const recipeDialog = b.getByRole("dialog", { name: "Report this recipe" });
  await recipeDialog.getByRole("radio", { name: /Inappropriate/ }).check();
  await recipeDialog.getByRole("button", { name: "Send" }).click();
  await expect(recipeDialog.getByText("Thanks, a moderator will look at it.")).toBeVisible();
  await recipeDialog.getByRole("button", { name: "Done" }).click();
  const recipeUrl = b.url();

  // The moderator hides it (the queue in dark mode, for a look).
  await m.emulateMedia({ colorScheme: "dark" });
  await m.getByRole("tab", { name: "Reports" }).click();
  await m.getByRole("button", { name: "Open", exact: true }).click();
  const recipeReport = m.locator(".admin-card").filter({ hasText: title });
  await expect(recipeReport.getByRole("link", { name: title })).toBeVisible();
  await shoot(m, "moderation-queue-dark");
  await recipeReport.getByRole("button", { name: /^Hide: recipe/ }).click();
  await recipeReport.getByRole("button", { name: "Hide", exact: true }).click();
  await expect(recipeReport).toHaveCount(0);

  // B: not found; A: on the recipe and in My Recipes, "Hidden by a moderator".
  await b.goto(recipeUrl);
  await expect(b.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await a.goto(recipeUrl);
  await expect(a.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(a.locator(".recipe-detail-header")).toContainText("Hidden by a moderator");
  await shoot(a, "moderation-hidden-recipe", { fullPage: false });
  await a.goto("/recipes");
  await expect(a.locator(".recipe-card").filter({ hasText: title })).toContainText(
    "Hidden by a moderator",
  );

  // --- The moderator changes their mind: the recipe shows again, the report reads dismissed.
  await m.getByRole("button", { name: "Resolved" }).click();
  const resolvedRecipe = m.locator(".admin-card").filter({ hasText: title }).filter({
    hasText: "Hidden by",
  });
  await resolvedRecipe.getByRole("button", { name: /^Show again: recipe/ }).click();
  await resolvedRecipe.getByRole("button", { name: "Show again", exact: true }).click();
  await expect(m.locator(".admin-card").filter({ hasText: title }).first()).toContainText(
    `Dismissed by ${mName}`,
  );
  await b.goto(recipeUrl);
  await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
