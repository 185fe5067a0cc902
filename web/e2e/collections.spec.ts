import { expect, test } from "@playwright/test";
import { expectAccessible, publishRecipes, signUp, uniqueName } from "./fixtures";

// Issue 23 §3 and §5: save a recipe to a new collection from its page, find it in the
// collection (My Recipes › Collections), take it out again; on a phone and on a laptop.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];

for (const viewport of VIEWPORTS) {
  test(`save a recipe to a new collection, see it there, remove it (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Someone else's recipe, saved by a second cook.
    const title = `Lentil soup ${uniqueName("")}`;
    await signUp(page, uniqueName("author"));
    const [recipeId] = await publishRecipes(page, [title]);
    await page.context().clearCookies();
    await signUp(page, uniqueName("saver"));
    // The sign-up's welcome is in the laptop's header: the phone's size from here on.
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const collection = `Winter ${uniqueName("")}`;

    await page.goto(`/recipes/${recipeId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Save to collections" });
    await expect(dialog.getByText("No collections yet")).toBeVisible();
    // A blank name is refused in the server's words, under the field.
    await dialog.getByRole("button", { name: "Create and save" }).click();
    await expect(dialog.getByText("This field may not be blank.")).toBeVisible();
    await dialog.getByLabel("New collection").fill(collection);
    await dialog.getByRole("button", { name: "Create and save" }).click();
    const box = dialog.getByRole("checkbox", { name: new RegExp(collection) });
    await expect(box).toBeChecked();
    await expect(dialog.getByText("(1 recipe)")).toBeVisible();
    // The same name again, in another case: the server's message.
    await dialog.getByLabel("New collection").fill(collection.toUpperCase());
    await dialog.getByRole("button", { name: "Create and save" }).click();
    await expect(dialog.getByText("You already have a collection with this name.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("button", { name: "Saved", exact: true })).toBeVisible();

    // My Recipes › Collections lists it with its count; it opens as a grid with the recipe.
    await page.goto("/recipes");
    await page.getByRole("link", { name: "Collections" }).click();
    await expect(page).toHaveURL(/\/recipes\/collections$/);
    const row = page.locator(".collection-row", { hasText: collection });
    await expect(row.getByText("1 recipe")).toBeVisible();
    await expectAccessible(page);
    await row.getByRole("link", { name: collection }).click();
    await expect(page.getByRole("heading", { name: collection })).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expectAccessible(page);

    // Take it out: the grid empties, the count drops, the recipe's panel is unticked.
    await page.getByRole("button", { name: `Remove ${title} from this collection` }).click();
    await expect(page.getByText("No recipes here yet.")).toBeVisible();
    await page.getByRole("link", { name: "All collections" }).click();
    await expect(row.getByText("0 recipes")).toBeVisible();
    await page.goto(`/recipes/${recipeId}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByRole("checkbox", { name: new RegExp(collection) })).not.toBeChecked();
    // Ticking puts it back.
    await dialog.getByRole("checkbox", { name: new RegExp(collection) }).check();
    await expect(dialog.getByText("(1 recipe)")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();

    // Rename, then delete after the question; the recipe stays.
    await page.goto("/recipes/collections");
    await page.getByRole("button", { name: `Rename ${collection}` }).click();
    await page.getByLabel(`Rename ${collection}`).fill(`${collection} soups`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const renamed = page.locator(".collection-row", { hasText: `${collection} soups` });
    await expect(renamed.getByText("1 recipe")).toBeVisible();
    await renamed.getByRole("button", { name: `Delete ${collection} soups` }).click();
    await renamed.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("No collections yet.")).toBeVisible();
    await page.goto(`/recipes/${recipeId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  });
}
