import { expect, type Page, test } from "@playwright/test";
import { createGroceryList, expectAccessible, shoot, signUp, uniqueName } from "./fixtures";

/**
 * Holds the chunks matching `patterns` (the heavy parts a page loads after it is usable) until
 * the returned release is called, as a slow phone network would.
 */
async function holdChunks(page: Page, patterns: string[]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const pattern of patterns) {
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
  }
  return release;
}

test("the recipe form is usable before its editor and pickers arrive, and loses nothing", async ({
  page,
}) => {
  const username = uniqueName("light");
  await signUp(page, username);
  const release = await holdChunks(page, [
    "**/assets/rich-text-editor-*.js",
    "**/assets/async-picker-select-*.js",
  ]);
  await page.goto("/recipes/new");
  await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();

  // The page works: the title takes text. The editor's place says it is loading, takes no
  // text (it is no textbox) and has the editor's toolbar, disabled.
  await page.getByLabel("Title").fill("Slow-network soup");
  const placeholder = page.getByRole("group", { name: "Instructions" });
  await expect(placeholder).toContainText("Loading editor…");
  await expect(page.getByRole("textbox", { name: "Instructions" })).toHaveCount(0);
  await expect(
    page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }),
  ).toBeDisabled();
  await expect(page.getByLabel("Ingredient 1", { exact: true })).toBeDisabled();
  const placeholderBox = await placeholder.boundingBox();
  await expectAccessible(page);
  await shoot(page, "recipe-form-loading-editor", { fullPage: false });

  release();
  const editor = page.getByRole("textbox", { name: "Instructions" });
  await editor.click();
  await editor.pressSequentially("Simmer gently.");
  // The editor took the placeholder's place without moving the page (within a pixel or two).
  const editorBox = await page.locator(".rich-text-editor").boundingBox();
  expect(Math.abs((editorBox?.height ?? 0) - (placeholderBox?.height ?? 0))).toBeLessThan(3);
  await expect(page.getByLabel("Title")).toHaveValue("Slow-network soup");
  await expect(editor).toHaveText("Simmer gently.");
  await expect(page.getByLabel("Ingredient 1", { exact: true })).toBeEnabled();
});

test("the grocery list is usable before its notes editor and pickers arrive", async ({ page }) => {
  const username = uniqueName("light");
  await signUp(page, username);
  const listUrl = await createGroceryList(page, "Slow network");

  const release = await holdChunks(page, [
    "**/assets/notes-editor-*.js",
    "**/assets/list-picker-select-*.js",
    "**/assets/plan-picker-select-*.js",
  ]);
  await page.goto(listUrl);
  const notesPlaceholder = page.getByRole("group", { name: "Notes" });
  await expect(notesPlaceholder).toContainText("Loading editor…");
  await expect(page.getByRole("textbox", { name: "Notes" })).toHaveCount(0);
  // The chosen list is named while its picker loads.
  await expect(page.getByLabel("Your lists")).toHaveValue("Slow network");
  await expect(page.getByLabel("Extra", { exact: true })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, "grocery-list-loading-editor", { fullPage: false });

  release();
  const notes = page.getByRole("textbox", { name: "Notes" });
  await notes.click();
  await notes.pressSequentially("Bring bags");
  await expect(page.getByRole("status").filter({ hasText: "Saved!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Notes" })).toHaveText("Bring bags");
});

test("on a phone, the notes editor and pickers under a long list load when scrolled to", async ({
  page,
}) => {
  await signUp(page, uniqueName("below"));
  const listUrl = await createGroceryList(page, "Big shop");
  const listId = Number(listUrl.split("/").pop());

  // A week's shop: 30 lines, several screens of a phone.
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const units = await (await page.request.get("/api/ingredients/units/")).json();
  const ingredients = (
    await (await page.request.get("/api/ingredients/ingredients/?search=on&limit=30")).json()
  ).results as { id: number }[];
  expect(ingredients.length).toBe(30);
  for (const ingredient of ingredients) {
    const response = await page.request.post("/api/groceries/planned-extras/", {
      headers: { "X-CSRFToken": csrfToken },
      data: {
        grocery_list_id: listId,
        ingredient_id: ingredient.id,
        quantity: 2,
        unit_id: units[0].id,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.setViewportSize({ width: 375, height: 740 });
  const chunks: string[] = [];
  page.on("request", (request) => {
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    const chunk = /^(rich-text-editor|notes-editor|list-picker-select|plan-picker-select)-/.exec(
      file,
    );
    if (chunk?.[1]) chunks.push(chunk[1]);
  });
  await page.goto(listUrl);
  await expect(page.getByRole("checkbox")).toHaveCount(31); // 30 lines and "Keep screen on"
  await page.waitForLoadState("networkidle");
  // What a phone shows first needs none of them.
  expect(chunks).toEqual([]);
  await expect(page.getByRole("group", { name: "Notes" })).toContainText("Loading editor…");

  // Scrolling down to the notes brings their editor, and it works.
  await page.getByRole("heading", { name: "Notes" }).scrollIntoViewIfNeeded();
  const notes = page.getByRole("textbox", { name: "Notes" });
  await notes.click();
  await notes.pressSequentially("Bags");
  await expect(page.getByRole("status").filter({ hasText: "Saved!" })).toBeVisible();
  expect(chunks).toContain("notes-editor");
  // So do the planning pickers on the way.
  await expect(page.getByLabel("Extra", { exact: true })).toBeEnabled();
});
