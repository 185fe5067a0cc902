import { type Browser, expect, type Page, test } from "@playwright/test";
import { shoot, signUpThroughApi, uniqueName } from "./fixtures";

// Issue 37 §3: a German cook and a Japanese cook share one shopping list. Its lines are one set
// of catalogue rows; each cook reads them in their own language (ingredient, unit, plural), and
// a tick made in one language shows in the other.

/** A cook signed up, on a page of their own; `language` becomes their preference later. */
async function cookIn(browser: Browser, baseURL: string, language: "de" | "ja") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const username = uniqueName(language === "de" ? "hanna" : "yuki");
  await signUpThroughApi(page, username);
  const token = async () => (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken;
  /** Chooses the cook's language (the account's preference, as Settings does). */
  const speak = async () => {
    const chosen = await page.request.patch("/api/users/me/preferences/", {
      headers: { "X-CSRFToken": await token() },
      data: { language },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
  };
  return { page, context, username, token, speak };
}

/** The id of a catalogue entry by its English name (the cooks speak English until `speak`). */
async function idOf(page: Page, url: string, name: string): Promise<number> {
  const answer = await (await page.request.get(url)).json();
  const items: { id: number; name: string }[] = Array.isArray(answer) ? answer : answer.results;
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`${name} not found at ${url}`);
  return found.id;
}

test("a German cook and a Japanese cook share a list, each reading it in their own language", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hanna = await cookIn(browser, baseURL as string, "de");
  const yuki = await cookIn(browser, baseURL as string, "ja");

  // Hanna's list, shared with Yuki, with flour by weight and eggs by count.
  const headers = { "X-CSRFToken": await hanna.token() };
  const listName = `Gemeinsam ${uniqueName("")}`;
  const created = await hanna.page.request.post("/api/groceries/lists/", {
    headers,
    form: { name: listName },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()).id as number;
  const shared = await hanna.page.request.post(`/api/groceries/lists/${list}/members/`, {
    headers,
    data: { username: yuki.username },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const flour = await idOf(
    hanna.page,
    "/api/ingredients/ingredients/?search=flour&limit=25",
    "All-purpose flour",
  );
  const egg = await idOf(hanna.page, "/api/ingredients/ingredients/?search=egg&limit=25", "Egg");
  const grams = await idOf(hanna.page, "/api/ingredients/units/", "g");
  const piece = await idOf(hanna.page, "/api/ingredients/units/", "piece");
  for (const [ingredient, quantity, unit] of [
    [flour, "500", grams],
    [egg, "6", piece],
  ]) {
    const planned = await hanna.page.request.post("/api/groceries/planned-extras/", {
      headers,
      form: {
        grocery_list_id: String(list),
        ingredient_id: String(ingredient),
        quantity: String(quantity),
        unit_id: String(unit),
      },
    });
    expect(planned.status(), await planned.text()).toBe(201);
  }

  // Each chooses their language and opens the same list.
  await hanna.speak();
  await yuki.speak();
  await hanna.page.goto(`/grocery-list/${list}`);
  await yuki.page.goto(`/grocery-list/${list}`);
  await expect(hanna.page.locator("html")).toHaveAttribute("lang", "de");
  await expect(yuki.page.locator("html")).toHaveAttribute("lang", "ja");
  for (const [cook, heading] of [
    [hanna, "Einkaufsliste"],
    [yuki, "買い物リスト"],
  ] as const) {
    await expect(cook.page.getByRole("heading", { level: 1, name: listName })).toBeVisible();
    await expect(cook.page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }

  const line = (page: Page, name: string) => page.locator(".shopping-item", { hasText: name });
  await expect(line(hanna.page, "Weizenmehl (Type 405)")).toContainText("500 g");
  await expect(line(hanna.page, "Eier")).toContainText("6");
  await expect(line(yuki.page, "薄力粉")).toContainText("500g"); // Japanese writes no space
  await expect(line(yuki.page, "卵")).toContainText("6");
  // Nobody sees the other's language, nor the English the rows are kept in.
  await expect(hanna.page.locator(".shopping-item")).toHaveCount(2);
  await expect(yuki.page.locator(".shopping-item")).toHaveCount(2);
  for (const text of ["薄力粉", "All-purpose flour", "Egg"]) {
    await expect(hanna.page.locator(".shopping-item", { hasText: text })).toHaveCount(0);
  }
  for (const text of ["Weizenmehl", "Eier", "All-purpose flour"]) {
    await expect(yuki.page.locator(".shopping-item", { hasText: text })).toHaveCount(0);
  }

  // Yuki ticks the eggs; Hanna sees them ticked without reloading.
  await line(yuki.page, "卵").getByRole("checkbox").check();
  await expect(line(yuki.page, "卵").getByRole("checkbox")).toBeChecked();
  await expect(line(hanna.page, "Eier").getByRole("checkbox")).toBeChecked();
  await shoot(hanna.page, "shared-list-german");
  await shoot(yuki.page, "shared-list-japanese");

  await hanna.context.close();
  await yuki.context.close();
});
