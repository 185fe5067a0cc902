import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

// Issue 34 §7 and §11 on a phone: a cook gives a row a note and marks one optional on the
// recipe form, leaves "to taste" without a quantity, and the recipe page says them all; issue
// 35 §1: the recipe's own notes and where it comes from ("Nonna"), read after the steps.

async function pickIngredient(page: Page, n: number, typed: string, name: string) {
  await page.getByLabel(`Ingredient ${n}`, { exact: true }).fill(typed);
  await page.getByRole("option", { name, exact: true }).click();
}

test.describe("ingredient notes (phone)", () => {
  test.beforeEach(async ({ page }) => {
    // Signed up as the fixture does (its welcome is the laptop bar's), then on a phone.
    await signUp(page, uniqueName("noter"));
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("a note and an optional row on the form read on the page; 'to taste' needs no quantity", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = uniqueName("Onion soup ");
    await page.goto("/recipes/new");
    await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();
    await page.getByLabel("Title").fill(title);
    const editor = page.getByRole("textbox", { name: "Instructions" });
    await editor.click();
    await editor.pressSequentially("Soften the onions.");

    await pickIngredient(page, 1, "onion", "Onion");
    await page.getByLabel("Unit 1", { exact: true }).selectOption({ label: "No unit (a count)" });
    await page.getByLabel("Quantity 1", { exact: true }).fill("2");
    await page.getByLabel("Note for ingredient 1", { exact: true }).fill("diced");

    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await pickIngredient(page, 2, "salt", "Salt");
    await page.getByLabel("Unit 2", { exact: true }).selectOption({ label: "to taste" });
    // "To taste" has no amount: the quantity is not asked for.
    await expect(page.getByLabel("Quantity 2", { exact: true })).toBeDisabled();

    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await pickIngredient(page, 3, "vanilla extract", "Vanilla extract");
    await page.getByLabel("Quantity 3", { exact: true }).fill("1");
    await page.getByLabel("Unit 3", { exact: true }).selectOption({ label: "tsp" });
    const optional = page.getByLabel("Optional (ingredient 3)", { exact: true });
    await optional.check();
    await expect(optional).toBeChecked();

    // The recipe's notes and its source when that is no web page.
    await page.getByLabel("Notes", { exact: true }).fill("Better the next day.\nFreezes well.");
    await page.getByLabel("Source", { exact: true }).fill("Nonna");

    await page.getByRole("button", { name: "Create Recipe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator(".ingredient-list li")).toHaveText([
      "2 onions, diced",
      "Salt to taste",
      "1 tsp Vanilla extract (optional)",
    ]);
    // The notes after the steps, under their heading, and the source under the title.
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes.getByRole("heading", { name: "Notes" })).toBeVisible();
    await expect(notes).toContainText("Better the next day.");
    await expect(notes).toContainText("Freezes well.");
    await expect(page.getByText("Source: Nonna", { exact: true })).toBeVisible();
    const instructions = page.getByRole("region", { name: "Instructions" });
    await expect(instructions.locator(".rich-text")).not.toContainText("Better the next day.");

    // The form shows them again for editing.
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Note for ingredient 1", { exact: true })).toHaveValue("diced");
    await expect(page.getByLabel("Optional (ingredient 3)", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Quantity 2", { exact: true })).toBeDisabled();
    await expect(page.getByLabel("Notes", { exact: true })).toHaveValue(
      "Better the next day.\nFreezes well.",
    );
    await expect(page.getByLabel("Source", { exact: true })).toHaveValue("Nonna");
  });
});
