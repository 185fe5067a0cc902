import { expect, type Page, test } from "@playwright/test";
import { shoot, signUp, uniqueName } from "./fixtures";

// Issue 34 §6 and §19, as a cook sees them: amounts a cook can buy and measure on the shopping
// list of a phone, and the recipe page's back link, date and visibility.
const PHONE = { width: 390, height: 844 };

interface Named {
  id: number;
  name: string;
}

/** The signed-in cook's CSRF token, for the API calls that set a journey up. */
async function csrf(page: Page): Promise<Record<string, string>> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  return { "X-CSRFToken": csrfToken };
}

/** Publishes a recipe for 4 through the API, quantities given for the 4; returns its id. */
async function publishRecipe(
  page: Page,
  title: string,
  ingredients: [name: string, forFour: number, unit: string][],
): Promise<number> {
  const units: Named[] = await (await page.request.get("/api/ingredients/units/")).json();
  const rows = [];
  for (const [name, forFour, unit] of ingredients) {
    const search = `/api/ingredients/ingredients/?search=${encodeURIComponent(name)}&limit=25`;
    const { results }: { results: Named[] } = await (await page.request.get(search)).json();
    rows.push({
      ingredient_id: results.find((ingredient) => ingredient.name === name)?.id,
      quantity: forFour / 4, // stored per serving
      unit_id: units.find((u) => u.name === unit)?.id,
    });
  }
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: await csrf(page),
    multipart: {
      title,
      content: "<p>Chop, fry and simmer.</p>",
      recipe_ingredients: JSON.stringify(rows),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

test("on a phone, the shopping list shows amounts a cook can buy and measure", async ({ page }) => {
  const username = uniqueName("amounts");
  await signUp(page, username);
  await page.setViewportSize(PHONE);
  const title = `Tomato soup ${username}`;
  // The amounts: "2⅔ onions", "333.33 ml vegetable stock", "6.33 tbsp olive oil",
  // "0.67 kg tomato".
  const recipeId = await publishRecipe(page, title, [
    ["Onion", 8 / 3, "piece"],
    ["Vegetable stock", 333.33, "ml"],
    ["Olive oil", 6.33, "tbsp"],
    ["Tomato", 0.67, "kg"],
  ]);
  const headers = await csrf(page);
  const list = await page.request.post("/api/groceries/lists/", {
    headers,
    data: { name: `Soup week ${username}` },
  });
  expect(list.status(), await list.text()).toBe(201);
  const listId: number = (await list.json()).id;
  const planned = await page.request.post("/api/groceries/planned-recipes/", {
    headers,
    form: { grocery_list_id: String(listId), recipe_id: String(recipeId), guests: "4" },
  });
  expect(planned.status(), await planned.text()).toBe(201);

  await page.goto(`/grocery-list/${listId}`);
  const line = (name: string) => page.locator(".shopping-item-what").filter({ hasText: name });
  // Onions are bought whole, with what the soup needs beside them.
  await expect(line("onions")).toHaveText("3 onions (2⅔ needed)");
  await expect(line("Vegetable stock")).toHaveText("333 ml Vegetable stock");
  await expect(line("Olive oil")).toHaveText("6⅓ tbsp Olive oil");
  await expect(line("Tomato")).toHaveText("670 g Tomato");
  await shoot(page, "usable-amounts-list", { fullPage: false });

  // The recipe page shows what the soup needs: the onions as the recipe has them.
  await page.goto(`/recipes/${recipeId}`);
  await expect(page.locator(".ingredient-list li")).toHaveText([
    "2⅔ onions",
    "333 ml Vegetable stock",
    "6⅓ tbsp Olive oil",
    "670 g Tomato",
  ]);
});

test("the recipe page goes back where the cook came from, and tells its author it is public", async ({
  page,
}) => {
  const username = uniqueName("backlink");
  await signUp(page, username);
  await page.setViewportSize(PHONE);
  const title = `Lentil stew ${username}`;
  const recipeId = await publishRecipe(page, title, [["Onion", 2, "piece"]]);

  // From My Recipes, and after an edit of the recipe, the link still leads back there.
  await page.goto("/recipes");
  await page.getByRole("link", { name: `View ${title}` }).click();
  const back = page.locator(".back-link a");
  await expect(back).toHaveText("← Back to My Recipes");
  await expect(page.locator(".recipe-detail-meta .visibility-badge")).toHaveText("Public");
  // One date format everywhere: "28 Nov 2026".
  await expect(page.locator(".recipe-detail-meta")).toContainText(
    /Created \d{1,2} [A-Z][a-z]{2,3} \d{4}/,
  );
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByRole("button", { name: "Update Recipe" }).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${recipeId}$`));
  await expect(back).toHaveText("← Back to My Recipes");
  await back.click();
  await expect(page.getByRole("heading", { name: "All Recipes" })).toBeVisible();

  // From the cook's own page: back to it, by its name.
  await page.goto(`/cooks/${username}`);
  await page.getByRole("link", { name: title }).first().click();
  await expect(back).toHaveText(`← Back to ${username}`);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/cooks/${username}$`));

  // Opened from nowhere (a link from elsewhere): the spec's default, Explore.
  await page.goto(`/recipes/${recipeId}`);
  await expect(back).toHaveText("← Back to Explore");
});
