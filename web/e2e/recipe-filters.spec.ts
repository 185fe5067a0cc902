import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screensDir, screensWanted, signUp, uniqueName } from "./fixtures";

// Issue 23 §5: Explore's filter bar keeps its state in the URL. A link with filters opens the
// filtered list, a change in the bar is a new URL, Back returns to the filters and results
// before, and an impossible combination says which filters to loosen; on a phone (the bar
// behind "Filters (N)") and on a laptop.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];

interface Published {
  title: string;
  tags: string[];
  prep: number;
  cook: number;
}

async function publish(page: Page, recipes: Published[]): Promise<void> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  for (const recipe of recipes) {
    const response = await page.request.post("/api/recipes/recipes/", {
      headers: { "X-CSRFToken": csrfToken },
      multipart: {
        title: recipe.title,
        content: "<p>Mix and cook.</p>",
        recipe_ingredients: "[]",
        tags: JSON.stringify(recipe.tags),
        prep_minutes: String(recipe.prep),
        cook_minutes: String(recipe.cook),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Publishes a recipe of catalogue ingredients (grams per serving), tagged `tag`, through the API. */
async function publishWith(
  page: Page,
  title: string,
  tag: string,
  rows: [name: string, grams: number][],
): Promise<void> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const units: { id: number; name: string }[] = await (
    await page.request.get("/api/ingredients/units/")
  ).json();
  const grams = units.find((unit) => unit.name === "g")?.id;
  const recipeRows = [];
  for (const [name, quantity] of rows) {
    const search = `/api/ingredients/ingredients/?search=${encodeURIComponent(name)}&limit=25`;
    const { results }: { results: { id: number; name: string }[] } = await (
      await page.request.get(search)
    ).json();
    const ingredient = results.find((one) => one.name === name);
    expect(ingredient, `${name} in the catalogue`).toBeDefined();
    recipeRows.push({ ingredient_id: ingredient?.id, quantity, unit_id: grams });
  }
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": csrfToken },
    multipart: {
      title,
      content: "<p>Cook the rice, stir the rest through.</p>",
      recipe_ingredients: JSON.stringify(recipeRows),
      tags: JSON.stringify([tag]),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

// Issue 38: the bar filters by diet and by allergens to avoid, from the catalogue's facts of
// each recipe's ingredients; on a phone, in English and right to left in Arabic.
test("filter explore by diet and an allergen to avoid on a phone, in English and Arabic", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `rice${uniqueName("")}`;
  const peanutRice = `Peanut rice ${tag}`;
  const butterRice = `Butter rice ${tag}`;
  await signUp(page, uniqueName("diets"));
  // Vegan, with peanuts; vegetarian (not vegan), with milk.
  await publishWith(page, peanutRice, tag, [
    ["Peanut", 30],
    ["White rice", 80],
  ]);
  await publishWith(page, butterRice, tag, [
    ["Butter", 15],
    ["White rice", 80],
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.locator(".recipe-grid:not([aria-hidden]) > li");
  const card = (title: string) => cards.filter({ hasText: title });

  await page.goto(`/explore?tag=${tag}`);
  await expect(card(peanutRice)).toBeVisible();
  await expect(card(butterRice)).toBeVisible();
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: "Filters (1)" }).click();

  // --- a diet: only the vegan recipe
  const diet = page.getByRole("button", { name: "Diet Any diet" });
  await expect(diet).toHaveAttribute("aria-expanded", "false");
  await diet.click();
  // The box follows the URL (the bar is controlled by it): click, then see it ticked.
  const vegan = page.getByRole("checkbox", { name: "Vegan" });
  await vegan.click();
  await expect(vegan).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${tag}&diet=vegan$`));
  await expect(card(butterRice)).toBeHidden();
  await expect(card(peanutRice)).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Diet 1 chosen" })).toBeVisible();

  // --- an allergen to avoid as well: neither, and the empty list names both
  await page.getByRole("button", { name: "Avoid allergens None" }).click();
  const peanuts = page.getByRole("checkbox", { name: "Peanuts" });
  await peanuts.click();
  await expect(peanuts).toBeChecked();
  await expect(page).toHaveURL(/&diet=vegan&without_allergen=peanuts$/);
  await expect(
    page.getByText(
      `No recipes match these filters. Try removing: tag “${tag}”, vegan, without peanuts.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters (3)" })).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.scroll, "no sideways scroll at 390 px").toBeLessThanOrEqual(widths.window);
  if (screensWanted) {
    // From the top, so the sticky header is not painted over the bar; then the same on a laptop.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screensDir}/filters-diets-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${screensDir}/filters-diets-laptop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await expectAccessible(page);

  // --- taking the diet out by its chip: the recipe without peanuts, not the one with them
  await page.getByRole("button", { name: "Remove diet Vegan" }).click();
  await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${tag}&without_allergen=peanuts$`));
  await expect(card(butterRice)).toBeVisible();
  await expect(card(peanutRice)).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(vegan).not.toBeChecked();

  // --- the same link in Arabic: right to left, the bar folded, nothing wider than the phone
  const arabic = JSON.parse(
    readFileSync(new URL("../src/lib/i18n/messages/ar.json", import.meta.url), "utf8"),
  ) as Record<string, string>;
  await context.addCookies([{ name: "potluck_lang", value: "ar", url: baseURL as string }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(card(butterRice)).toBeVisible();
  await expect(cards).toHaveCount(1);
  await page.locator(".filter-bar > .disclosure-toggle").click();
  await page
    .getByRole("button", { name: new RegExp(`^${arabic["recipeFilters.bar.allergens"]}`) })
    .click();
  await expect(page.getByRole("checkbox", { name: arabic["food.allergen.peanuts"] })).toBeChecked();
  const rtlWidths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(rtlWidths.scroll, "no sideways scroll in Arabic").toBeLessThanOrEqual(rtlWidths.window);
  if (screensWanted) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screensDir}/filters-diets-phone-ar.png`, fullPage: true });
  }
});

for (const viewport of VIEWPORTS) {
  test(`filter explore by tag and time from the URL, change, go back, loosen (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const run = uniqueName("");
    const green = `green${run}`;
    const hearty = `hearty${run}`;
    const salad = `Quick salad ${run}`;
    const stew = `Slow stew ${run}`;
    const pie = `Hearty pie ${run}`;
    await signUp(page, uniqueName("filters"));
    await publish(page, [
      { title: salad, tags: [green, "Lunch"], prep: 10, cook: 5 },
      { title: stew, tags: [green], prep: 20, cook: 100 },
      { title: pie, tags: [hearty], prep: 10, cook: 10 },
    ]);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const cards = page.locator(".recipe-grid:not([aria-hidden]) > li");
    const card = (title: string) => cards.filter({ hasText: title });

    // --- a shared link: tag and time from the URL
    await page.goto(`/explore?tag=${green}&max_minutes=30`);
    await expect(page.getByRole("heading", { name: "Latest Recipes" })).toBeVisible();
    await expect(card(salad)).toBeVisible();
    await expect(cards).toHaveCount(1);

    const toggle = page.getByRole("button", { name: "Filters (2)" });
    if (viewport.name === "phone") {
      // Folded on a phone: one 44 px button says how many filters are on.
      await expect(toggle).toBeVisible();
      const box = await toggle.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await expect(page.getByLabel("Max time")).toBeHidden();
      await toggle.click();
    } else {
      await expect(toggle).toBeHidden();
      mkdirSync("/tmp/shots", { recursive: true });
      await page.screenshot({ path: "/tmp/shots/filters-laptop.png", fullPage: true });
    }
    const maxTime = page.getByLabel("Max time");
    await expect(maxTime).toBeVisible();
    await expect(maxTime).toHaveValue("30");
    await expect(page.getByRole("listitem").filter({ hasText: green })).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove tag ${green}` })).toBeVisible();
    if (viewport.name === "phone") {
      for (const target of [
        page.getByRole("button", { name: `Remove tag ${green}` }),
        page.getByRole("button", { name: "Clear filters" }),
        maxTime,
      ]) {
        const box = await target.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
      }
      mkdirSync("/tmp/shots", { recursive: true });
      await page.getByLabel("Tags").click();
      await expect(page.getByRole("option", { name: /^lunch \(\d+\)$/ })).toBeVisible();
      await page.screenshot({ path: "/tmp/shots/filters-phone-open-tags.png" });
      await page.keyboard.press("Escape");
      await page.screenshot({ path: "/tmp/shots/filters-phone-open.png", fullPage: true });
    }
    await expectAccessible(page);

    // --- a change in the bar is a new URL and a new list
    await maxTime.selectOption({ label: "Any time" });
    await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${green}$`));
    await expect(card(stew)).toBeVisible();
    await expect(card(salad)).toBeVisible();
    await expect(cards).toHaveCount(2);

    // --- Back: the filters and results before
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${green}&max_minutes=30$`));
    await expect(page.getByLabel("Max time")).toHaveValue("30");
    await expect(card(stew)).toBeHidden();
    await expect(cards).toHaveCount(1);

    // --- a second tag from the suggestions: nothing has both
    const tags = page.getByLabel("Tags");
    await tags.fill(hearty.slice(0, 8));
    await page.getByRole("option", { name: `${hearty} (1)` }).click();
    await expect(page).toHaveURL(
      new RegExp(`/explore\\?tag=${green}&tag=${hearty}&max_minutes=30$`),
    );
    await expect(
      page.getByText(
        `No recipes match these filters. Try removing: tag “${green}”, tag “${hearty}”, under 30 minutes.`,
      ),
    ).toBeVisible();
    if (viewport.name === "phone") {
      await page.screenshot({ path: "/tmp/shots/filters-phone-no-matches.png", fullPage: true });
    }
    await expectAccessible(page);

    // --- removing one filter from the message brings recipes back
    await page.getByRole("button", { name: `Remove tag “${green}”` }).click();
    await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${hearty}&max_minutes=30$`));
    await expect(card(pie)).toBeVisible();
    await expect(cards).toHaveCount(1);

    // --- ingredients: without one the pie lacks keeps it; with one it lacks, nothing
    await page.getByLabel("Without ingredients").fill("egg");
    await page.getByRole("option", { name: "Egg", exact: true }).click();
    await expect(page).toHaveURL(/max_minutes=30&exclude_ingredient=\d+$/);
    await expect(
      page.getByRole("button", { name: "Remove excluded ingredient Egg" }),
    ).toBeVisible();
    await expect(card(pie)).toBeVisible();
    await page.getByLabel("With ingredients").fill("flour");
    await page.getByRole("option", { name: "All-purpose flour", exact: true }).click();
    await expect(page).toHaveURL(/max_minutes=30&ingredient=\d+&exclude_ingredient=\d+$/);
    await expect(
      page.getByText(/Try removing: .*, with All-purpose flour, without Egg\./),
    ).toBeVisible();
    await page.getByRole("button", { name: "Remove with All-purpose flour" }).click();
    await expect(card(pie)).toBeVisible();

    // --- Clear filters: every recipe again (ours among them), a URL without filters
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear filters" })).toBeHidden();

    // --- the search is in the URL too, once typing pauses; Back empties the box again
    await page.getByLabel("Search recipes").fill(salad);
    await expect(page).toHaveURL(/\/explore\?search=Quick\+salad\+/);
    await expect(card(salad)).toBeVisible();
    await expect(cards).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByLabel("Search recipes")).toHaveValue("");

    // --- My Recipes filters by visibility too: all three are public
    await page.goto("/recipes");
    await expect(cards).toHaveCount(3);
    if (viewport.name === "phone") await page.getByRole("button", { name: "Filters (0)" }).click();
    await page.getByLabel("Visibility").selectOption({ label: "Only me" });
    await expect(page).toHaveURL(/\/recipes\?visibility=private$/);
    await expect(
      page.getByText("No recipes match these filters. Try removing: only me."),
    ).toBeVisible();
    await page.getByLabel("Visibility").selectOption({ label: "Public" });
    await expect(cards).toHaveCount(3);
    await page.goBack();
    await expect(page.getByLabel("Visibility")).toHaveValue("private");
    await page.getByRole("button", { name: "Remove only me" }).click();
    await expect(page).toHaveURL(/\/recipes$/);
    await expect(cards).toHaveCount(3);
  });
}
