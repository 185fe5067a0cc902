import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

// Issue 22 on the recipe form, on a phone and on a laptop: a recipe's own servings (item 4),
// ingredient row errors that say which row (item 6), the title's limit shown and kept (item 8),
// Cancel on a filled-in recipe asks (item 9), and "Add Ingredient" puts the cook in the new
// row's picker (item 13); issue 35 §2: a counted ingredient (Egg) starts at "No unit (a count)",
// any other (Whole milk) asks for a unit.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];
const SPEC_ROW_MESSAGE =
  "Please select a valid ingredient, quantity > 0, and unit for all items, or remove incomplete rows.";
/** Screenshots for the note, tagged "before" or "after" by SHOTS_TAG. */
const SHOTS_DIR = "/tmp/shots";
const SHOTS_TAG = process.env.SHOTS_TAG ?? "after";

async function newRecipe(page: Page, title: string) {
  await page.goto("/recipes/new");
  await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  const editor = page.getByRole("textbox", { name: "Instructions" });
  await editor.click();
  await editor.pressSequentially("Beat the butter, then the eggs.");
}

async function pickIngredient(page: Page, n: number, typed: string, name: string) {
  await page.getByLabel(`Ingredient ${n}`, { exact: true }).fill(typed);
  await page.getByRole("option", { name, exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`recipe form (${viewport.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await signUp(page, uniqueName("former"));
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("servings, a counted ingredient at its count, a row error that says which row", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const title = uniqueName("Lemon drizzle ");
      await newRecipe(page, title);
      const servings = page.getByLabel("Servings", { exact: true });
      await expect(servings).toHaveValue("4");
      await servings.fill("8");
      await expect(page.getByText("Quantities are for 8 servings.")).toBeVisible();

      await pickIngredient(page, 1, "butter", "Unsalted butter");
      await page.getByLabel("Quantity 1", { exact: true }).fill("225");
      await page.getByLabel("Unit 1", { exact: true }).selectOption({ label: "g" });
      // "Add Ingredient" leaves the cook in the new row's picker: typing goes there.
      await page.getByRole("button", { name: "Add Ingredient" }).click();
      const picker2 = page.getByLabel("Ingredient 2", { exact: true });
      await expect(picker2).toBeFocused();
      await page.keyboard.type("egg");
      await page.getByRole("option", { name: "Egg", exact: true }).click();
      // Eggs are counted (the catalogue says so): the unit starts at the count (issue 35 §2).
      const unit2 = page.getByLabel("Unit 2", { exact: true });
      await expect(unit2.locator("option:checked")).toHaveText("No unit (a count)");
      await page.getByLabel("Quantity 2", { exact: true }).fill("4");
      // Milk is not: its unit asks.
      await page.getByRole("button", { name: "Add Ingredient" }).click();
      await page.keyboard.type("whole milk");
      await page.getByRole("option", { name: "Whole milk", exact: true }).click();
      const unit3 = page.getByLabel("Unit 3", { exact: true });
      await expect(unit3.locator("option:checked")).toHaveText("Choose a unit");
      await page.getByLabel("Quantity 3", { exact: true }).fill("100");

      // A row without a unit is refused with the spec's message, and the row says what it lacks.
      await page.getByRole("button", { name: "Create Recipe" }).click();
      await expect(page.getByRole("alert")).toHaveText(SPEC_ROW_MESSAGE);
      const row3 = page.locator(".ingredient-row").nth(2);
      if (viewport.name === "phone") {
        mkdirSync(SHOTS_DIR, { recursive: true });
        await page.screenshot({
          path: `${SHOTS_DIR}/recipe-form-row-error-${SHOTS_TAG}-phone.png`,
        });
      }
      const rowMessage = 'Ingredient 3: choose a unit ("No unit" for a count, such as 3 eggs).';
      await expect(row3.getByText(rowMessage)).toBeVisible();
      await expect(unit3).toHaveAttribute("aria-invalid", "true");
      await expect(unit3).toHaveAccessibleDescription(rowMessage);
      await expect(unit3).toBeFocused();
      for (const fine of ["Unit 1", "Unit 2", "Quantity 3"]) {
        await expect(page.getByLabel(fine, { exact: true })).not.toHaveAttribute(
          "aria-invalid",
          "true",
        );
      }

      await unit3.selectOption({ label: "ml" });
      await expect(row3.getByText(rowMessage)).toHaveCount(0);
      await expect(unit3).not.toHaveAttribute("aria-invalid", "true");
      await page.getByRole("button", { name: "Create Recipe" }).click();

      // The recipe page opens at its 8 servings, with the quantities as written: "4 eggs".
      await expect(page).toHaveURL(/\/recipes\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const guests = page.getByLabel("Guests");
      await expect(guests).toHaveValue("8");
      const lines = page.locator(".ingredient-list li");
      await expect(lines).toHaveText(["225 g Unsalted butter", "4 eggs", "100 ml Whole milk"]);
      await guests.fill("16");
      await expect(lines).toHaveText(["450 g Unsalted butter", "8 eggs", "200 ml Whole milk"]);

      // Editing shows the same servings and quantities.
      await page.getByRole("link", { name: "Edit" }).click();
      await expect(page.getByLabel("Servings", { exact: true })).toHaveValue("8");
      await expect(page.getByLabel("Quantity 1", { exact: true })).toHaveValue("225");
      await expect(page.getByLabel("Quantity 2", { exact: true })).toHaveValue("4");
      await expect(page.getByLabel("Quantity 3", { exact: true })).toHaveValue("100");
    });

    test("a row missing its ingredient and quantity is marked and focused", async ({ page }) => {
      await newRecipe(page, uniqueName("Half rows "));
      await page.getByLabel("Unit 1", { exact: true }).selectOption({ label: "g" });
      await page.getByRole("button", { name: "Create Recipe" }).click();
      await expect(page.getByRole("alert")).toHaveText(SPEC_ROW_MESSAGE);
      const picker = page.getByLabel("Ingredient 1", { exact: true });
      await expect(picker).toBeFocused();
      await expect(picker).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Quantity 1", { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(
        page.getByText("Ingredient 1: choose an ingredient and enter a quantity above 0."),
      ).toBeVisible();
      // Fixing the quantity leaves only the ingredient to say.
      await page.getByLabel("Quantity 1", { exact: true }).fill("100");
      await expect(page.getByText("Ingredient 1: choose an ingredient.")).toBeVisible();
    });

    test("Add Ingredient puts the cook in the new row's picker, by click and by keyboard", async ({
      page,
    }) => {
      await page.goto("/recipes/new");
      const add = page.getByRole("button", { name: "Add Ingredient" });
      await add.click();
      await expect(page.getByLabel("Ingredient 2", { exact: true })).toBeFocused();
      await add.focus();
      await page.keyboard.press("Enter");
      const picker3 = page.getByLabel("Ingredient 3", { exact: true });
      await expect(picker3).toBeFocused();
      await expect(picker3).toBeInViewport();
      await page.keyboard.type("lemo");
      await expect(page.getByRole("option", { name: "Lemon", exact: true })).toBeVisible();
    });

    test("the title shows its limit near it and takes no more", async ({ page }) => {
      await page.goto("/recipes/new");
      const titleField = page.getByLabel("Title");
      await titleField.fill("a".repeat(150));
      await expect(page.locator("#recipe-title-count")).toHaveCount(0);
      await titleField.fill("a".repeat(170));
      await expect(page.locator("#recipe-title-count")).toHaveText("170/200");
      await expect(titleField).toHaveAccessibleDescription(/170\/200/);
      await titleField.press("End");
      await page.keyboard.type("b".repeat(40));
      await expect(titleField).toHaveValue(`${"a".repeat(170)}${"b".repeat(30)}`);
      await expect(page.locator("#recipe-title-count")).toContainText("200/200");
      await expect(page.locator("#recipe-title-count")).toContainText(
        "That's the longest a title can be.",
      );
    });

    test("Cancel on a filled-in new recipe asks first, as leaving by a link does", async ({
      page,
    }) => {
      // An untouched form: Cancel just goes back.
      await page.goto("/recipes/new");
      await expect(page.getByLabel("Title")).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/recipes$/);

      const title = uniqueName("Unsaved stew ");
      await newRecipe(page, title);
      const question = page.getByRole("dialog", { name: "Leave without saving?" });
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(question).toBeVisible();
      // Staying keeps everything typed.
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(question).toHaveCount(0);
      await expect(page).toHaveURL(/\/recipes\/new$/);
      await expect(page.getByLabel("Title")).toHaveValue(title);

      // The same question as a link out of the form.
      await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("link", { name: "Cancel" }).click();
      await question.getByRole("button", { name: "Leave without saving" }).click();
      await expect(page).toHaveURL(/\/recipes$/);
      await expect(page.getByText(title)).toHaveCount(0);
    });
  });
}
