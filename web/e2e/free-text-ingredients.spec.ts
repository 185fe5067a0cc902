import { expect, type Page, test } from "@playwright/test";
import { createGroceryList, expectAccessible, signUp, uniqueName } from "./fixtures";

// Issue 25 §1: an ingredient row kept as written. The form's picker keeps what the cook typed
// ("a handful of fresh herbs") with its quantity and unit optional; the recipe page shows it
// as written, its amount scaled by guests; planned onto a list, it is a line of its own "for"
// the recipe. At a phone's 360 px width.

/** Types into row n's picker and keeps the words as written. */
async function keepAsWritten(page: Page, n: number, words: string) {
  await page.getByLabel(`Ingredient ${n}`, { exact: true }).fill(words);
  await page.getByRole("option", { name: `Use “${words}” as written`, exact: true }).click();
}

test("a row kept as written, from the form to the recipe page and a shopping list", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName("herbal"));
  const listName = uniqueName("Market ");
  await createGroceryList(page, listName);
  await page.setViewportSize({ width: 360, height: 780 });

  const title = uniqueName("Green omelette ");
  await page.goto("/recipes/new");
  await page.getByLabel("Title").fill(title);
  const editor = page.getByRole("textbox", { name: "Instructions" });
  await editor.click();
  await editor.pressSequentially("Whisk, fold in the greens, fry.");

  // Row 1: the words alone, no amount. The picker keeps them; nothing else is asked.
  await keepAsWritten(page, 1, "a handful of fresh herbs");
  const row1 = page.locator(".ingredient-row").nth(0);
  await expect(row1.getByText("Kept as written: quantity and unit are optional.")).toBeVisible();
  await expect(page.getByLabel("Unit 1", { exact: true })).toHaveValue("");
  // Row 2: kept as written with an amount, for the recipe's 4 servings.
  await page.getByRole("button", { name: "Add Ingredient" }).click();
  await keepAsWritten(page, 2, "zorblax leaves");
  await page.getByLabel("Quantity 2", { exact: true }).fill("2");
  await page.getByLabel("Unit 2", { exact: true }).selectOption({ label: "cup" });
  // Row 3: from the catalogue, as always.
  await page.getByRole("button", { name: "Add Ingredient" }).click();
  await page.getByLabel("Ingredient 3", { exact: true }).fill("egg");
  await page.getByRole("option", { name: "Egg", exact: true }).click();
  await page.getByLabel("Quantity 3", { exact: true }).fill("4");
  await page.getByLabel("Unit 3", { exact: true }).selectOption({ label: "No unit (a count)" });
  await expectAccessible(page);
  // No sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("button", { name: "Create Recipe" }).click();

  // The recipe page: the words as written, the amount scaled by guests.
  await expect(page).toHaveURL(/\/recipes\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const lines = page.locator(".ingredient-list li");
  await expect(lines).toHaveText(["a handful of fresh herbs", "2 cups zorblax leaves", "4 eggs"]);
  await page.getByLabel("Guests").fill("8");
  await expect(lines).toHaveText(["a handful of fresh herbs", "4 cups zorblax leaves", "8 eggs"]);

  // Editing shows the rows as they were typed.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.locator(".ingredient-row").nth(1)).toContainText("zorblax leaves");
  await expect(page.getByLabel("Quantity 2", { exact: true })).toHaveValue("2");
  await expect(page.getByText("Kept as written: quantity and unit are optional.")).toHaveCount(2);
  await page.getByRole("link", { name: "Cancel" }).click();

  // Planned onto the list for 8 guests: lines of their own, for the recipe.
  await expect(page).toHaveURL(/\/recipes\/\d+$/);
  await page.getByLabel("Guests").fill("8");
  await page.getByRole("button", { name: "Add to shopping list" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to shopping list" });
  await dialog.getByLabel("Shopping list").selectOption({ label: listName });
  await dialog.getByLabel("Guests").fill("8");
  await dialog.getByRole("button", { name: "Add to list" }).click();
  const added = page.getByRole("status").filter({ hasText: "Added for 8 guests to" });
  await added.getByRole("link", { name: listName }).click();
  await expect(page).toHaveURL(/\/grocery-list\/\d+$/);
  const shopping = page.locator(".shopping-item");
  await expect(shopping.filter({ hasText: "zorblax" })).toHaveText(
    `4 cups zorblax leaves for ${title} (8 guests)`,
  );
  await expect(shopping.filter({ hasText: "fresh herbs" })).toHaveText(
    `a handful of fresh herbs for ${title} (8 guests)`,
  );
  await expect(shopping.filter({ hasText: "eggs" })).toHaveText(`8 eggs for ${title} (8 guests)`);
});
