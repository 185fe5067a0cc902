import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, PASSWORD, shoot, uniqueName } from "./fixtures";

// Issue 37: a visitor on a phone switches to German and walks the product in it: signs up, writes
// a recipe with ingredients found by their German names, plans it and shops for it. Every text
// the journey reads or clicks is German; the catalogue's ingredients and units come back in German
// whatever language they were chosen in. (The texts are written out here rather than read from
// de.json, so that a message that lost its translation fails the journey.)

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The options of the open ingredient picker, as a German cook reads them. */
const option = (page: Page, name: string) => page.getByRole("option", { name, exact: true });

test("a phone in German: sign up, a recipe, the planner and a list", async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueName("koch");
  const tag = uniqueName("");

  // --- the language menu in the footer, on the first page a visitor sees
  await page.goto("/about");
  const menu = page.getByRole("contentinfo").locator("details.language-menu");
  await menu.locator("summary", { hasText: "Language: English" }).click();
  await menu.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  // As drawn (innerText), not only as written: a flex box once swallowed the space.
  await expect.poll(() => menu.locator("summary").innerText()).toBe("Sprache: Deutsch");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Kochen, planen und teilen mit Potluck",
  );

  // --- sign up through the German form
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Registrieren" })).toBeVisible();
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("E-Mail").fill(`${username}@example.com`);
  await page.getByLabel("Vorname").fill("Greta");
  await page.getByLabel("Nachname").fill("Berger");
  await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Passwort bestätigen").fill(PASSWORD);
  await page.getByLabel("Ich stimme den Nutzungsbedingungen zu").check();
  await shoot(page, "german-signup");
  await page.getByRole("button", { name: "Registrieren" }).click();
  // Signed in, on the feed.
  await expect(page.getByRole("heading", { name: "Was kochen die anderen gerade?" })).toBeVisible();
  await page.getByRole("button", { name: "Menü" }).click();
  await expect(page.getByText(`Willkommen, ${username}!`)).toBeVisible();
  await page.getByRole("button", { name: "Menü" }).click();
  // The account keeps the language the visitor chose before it existed.
  const preferences = await (await page.request.get("/api/users/me/preferences/")).json();
  expect(preferences.language).toBe("de");

  // --- a recipe, its ingredients found by their German names
  const title = `Apfelpfannkuchen ${tag}`;
  await page.goto("/recipes/new");
  await expect(page.getByRole("heading", { name: "Neues Rezept erstellen" })).toBeVisible();
  await page.getByLabel("Titel").fill(title);
  // Written in the cook's language unless they say otherwise.
  await expect(page.getByLabel("Sprache des Rezepts").locator("option:checked")).toHaveText(
    "Deutsch",
  );
  const editor = page.getByRole("textbox", { name: "Zubereitung" });
  await editor.click();
  await editor.pressSequentially("Mehl, Eier und Milch glatt rühren und in Butter ausbacken.");
  await page.getByLabel("Zutat 1", { exact: true }).fill("Mehl");
  await option(page, "Weizenmehl (Type 405)").click();
  await page.getByLabel("Menge 1", { exact: true }).fill("250");
  await page.getByLabel("Einheit 1", { exact: true }).selectOption({ label: "g" });
  await page.getByRole("button", { name: "Zutat hinzufügen" }).click();
  await page.keyboard.type("Ei");
  await option(page, "Ei").click();
  // Eggs are counted: the unit starts at the count.
  await expect(page.getByLabel("Einheit 2", { exact: true }).locator("option:checked")).toHaveText(
    "Keine Einheit (Stückzahl)",
  );
  await page.getByLabel("Menge 2", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Zutat hinzufügen" }).click();
  await page.keyboard.type("Vollmilch");
  await option(page, "Vollmilch").click();
  await page.getByLabel("Menge 3", { exact: true }).fill("2");
  await page.getByLabel("Einheit 3", { exact: true }).selectOption({ label: "EL" });
  await page.getByRole("button", { name: "Rezept erstellen" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toHaveAttribute("lang", "de");
  const ingredients = page.locator(".ingredient-list li");
  await expect(ingredients).toHaveCount(3);
  await expect(ingredients.filter({ hasText: "Weizenmehl (Type 405)" })).toContainText("250 g");
  await expect(ingredients.filter({ hasText: "Eier" })).toContainText("3");
  await expect(ingredients.filter({ hasText: "Vollmilch" })).toContainText("2 EL");
  await expectAccessible(page);
  await shoot(page, "german-recipe");

  // --- Explore, filtered to German recipes: the bar names the languages in German
  await page.goto(`/explore?search=${encodeURIComponent(title)}`);
  await page.getByText("Filter (0)").click();
  await page.getByLabel("Sprache", { exact: true }).selectOption({ label: "Deutsch" });
  await expect(page).toHaveURL(/language=de/);
  await expect(page.getByText("Filter (1)")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // --- the planner: from the recipe's page, then the week, which starts on Monday
  await page.getByRole("button", { name: "Zum Wochenplan" }).click();
  const plan = page.getByRole("dialog", { name: "Zum Wochenplan" });
  await expect(plan).toBeVisible();
  await plan.getByLabel("Gäste").fill("2");
  await plan.getByRole("button", { name: "Zum Wochenplan" }).click();
  await expect(plan).toBeHidden();
  await page.getByRole("link", { name: "Wochenplan öffnen" }).click();
  await expect(page).toHaveURL(/\/planner/);
  const meal = page.locator(".planner-entry", { hasText: title });
  await expect(meal).toBeVisible();
  await expect(meal).toContainText("2 Gäste");
  await expect(page.locator(".planner-day .planner-weekday").first()).toHaveText("Montag");
  await expectAccessible(page);
  await shoot(page, "german-planner");

  // --- a shopping list: the recipe planned onto it, its lines in German, one ticked
  await page.goto("/grocery-lists");
  await page.getByLabel("Name der neuen Liste").fill(`Wocheneinkauf ${tag}`);
  await page.getByRole("button", { name: "Neue Liste anlegen" }).click();
  await expect(page).toHaveURL(/\/grocery-list\/\d+$/);
  await expect(page.getByRole("heading", { name: "Einkaufsliste", exact: true })).toBeVisible();
  // The recipe picker's box (the extras' picker further down loads apart).
  const recipePicker = page
    .getByRole("region", { name: "Rezepte", exact: true })
    .locator(".plan-picker__control");
  await expect(async () => {
    await recipePicker.tap();
    await expect(option(page, title)).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await option(page, title).tap();
  await page.getByLabel("Gäste", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Rezept planen" }).click();
  const lines = page.locator(".shopping-item");
  // For 4 guests, as written: 250 g flour, 3 eggs, 2 tablespoons of milk.
  const flour = lines.filter({ hasText: "Weizenmehl (Type 405)" });
  await expect(flour).toContainText("250 g");
  await expect(lines.filter({ hasText: "Eier" })).toContainText("3");
  await expect(lines.filter({ hasText: "Vollmilch" })).toContainText("2 EL");
  // The tick is kept once the server has it: reloaded before, the page would cut it off.
  const tickSaved = page.waitForResponse(
    (response) => response.request().method() === "PATCH" && response.ok(),
  );
  await flour.getByRole("checkbox").check();
  await expect(flour.getByRole("checkbox")).toBeChecked();
  await tickSaved;
  await page.reload();
  await expect(
    page.locator(".shopping-item", { hasText: "Weizenmehl (Type 405)" }).getByRole("checkbox"),
  ).toBeChecked();
  await expectAccessible(page);
  await shoot(page, "german-list");
});
