// Issue 34, items 4, 12, 13 and 18, at a phone's 390×844: the planner's ⋯ menu is whole and
// reachable at the foot of a day; the week opens at today; a week sent to a list opens it from
// the message; the list's page says which list it is, has Share and Delete at the top, keeps
// each line's recipes to one line (expandable) and prints only the lines; the timers' dock is
// one line that opens on a tap. (Fill the gaps' message: src/features/planner/gaps.test.ts.)
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { signUpThroughApi, uniqueName } from "./fixtures";

const PHONE = { width: 390, height: 844 };
/** Screenshots for a person to look at, only when asked for (SHOTS_DIR). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

const pad = (value: number) => String(value).padStart(2, "0");
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A new cook, signed up and in through the API, in a phone-sized context of their own. */
async function phoneCook(
  browser: Browser,
): Promise<{ page: Page; csrf: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  const username = uniqueName("phone");
  await signUpThroughApi(page, username);
  const token = async () => (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken;
  return { page, csrf: await token(), close: () => context.close() };
}

/** Whether a person can see and tap `locator` whole: nothing clips or covers its middle or ends. */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) =>
      element.contains(document.elementFromPoint(x, y)),
    );
  });

test("a phone's week: today in view, whole menus, sent to a list that says which it is", async ({
  browser,
}) => {
  const { page, csrf, close } = await phoneCook(browser);
  const post = async (url: string, options: Parameters<Page["request"]["post"]>[1]) => {
    const response = await page.request.post(url, {
      ...options,
      headers: { "X-CSRFToken": csrf },
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };

  // A Saturday, whatever day the journey runs: the week opened at Monday on one (§13).
  const now = new Date();
  const monday = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - ((now.getDay() + 6) % 7),
  );
  const week = Array.from({ length: 7 }, (_, index) =>
    dayOf(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + index)),
  );
  const saturday = week[5] as string;
  await page.clock.setFixedTime(new Date(`${saturday}T12:00:00`));

  // Five recipes with flour in each, planned for Monday to Friday's dinners and one for
  // Saturday's snack (the last meal of the day: its menu opened past the day's foot); one list.
  const tag = uniqueName("");
  const flour = (
    await (await page.request.get("/api/ingredients/ingredients/?search=flour&limit=25")).json()
  ).results.find((found: { name: string }) => found.name === "All-purpose flour");
  const grams = (await (await page.request.get("/api/ingredients/units/")).json()).find(
    (unit: { name: string }) => unit.name === "g",
  );
  const titles = [
    "Shepherd's pie",
    "Lemon drizzle cake",
    "Roast potatoes",
    "Apple crumble",
    "Yorkshire puddings",
  ].map((title) => `${title} ${tag}`);
  const recipeIds: number[] = [];
  for (const title of titles) {
    const recipe = await post("/api/recipes/recipes/", {
      multipart: {
        title,
        content: "<p>Bake.</p>",
        recipe_ingredients: JSON.stringify([
          { ingredient_id: flour.id, quantity: 100, unit_id: grams.id },
        ]),
      },
    });
    recipeIds.push(recipe.id);
  }
  for (const [index, recipeId] of recipeIds.entries()) {
    await post("/api/planner/entries/", {
      data: { date: week[index], slot: "dinner", recipe_id: recipeId, guests: 4 },
    });
  }
  await post("/api/planner/entries/", {
    data: { date: saturday, slot: "snack", recipe_id: recipeIds[1], guests: 2 },
  });
  const listName = `Week of ${tag}`;
  const list = await post("/api/groceries/lists/", { form: { name: listName } });

  // --- §12: a cook's only list opens directly, headed by its name
  await page.goto("/grocery-lists");
  await expect(page).toHaveURL(new RegExp(`/grocery-list/${list.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listName);

  // --- §13: this week opens at today
  await page.goto("/planner");
  const today = page.locator('[aria-current="date"]');
  await expect(today).toContainText("Saturday");
  await expect(today).toBeInViewport({ ratio: 0.5 });
  await shot(page, "planner-opens-at-today");

  // --- §4: the ⋯ menu of the day's last meal is whole, by touch and by keyboard
  const snack = page.locator(`[data-cell="${saturday}|snack"]`);
  const options = snack.getByRole("button", { name: /^Options for / });
  await options.tap();
  const menuItems = ["Move to…", "Change guests", "Delete"].map((name) =>
    page.getByRole("button", { name, exact: true }),
  );
  for (const item of menuItems) {
    await expect(item).toBeInViewport({ ratio: 1 });
    expect(await reachable(item)).toBe(true);
  }
  await shot(page, "planner-menu-below");
  await page.getByRole("button", { name: "Change guests" }).tap();
  const guests = page.getByRole("dialog", { name: /^Guests for / });
  await expect(guests).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(guests).toBeHidden();

  // At the foot of the window it opens upwards, still whole.
  await options.evaluate((button) => button.scrollIntoView({ block: "end" }));
  await options.focus();
  await page.keyboard.press("Enter");
  await expect(options).toHaveAttribute("aria-expanded", "true");
  for (const item of menuItems) {
    await expect(item).toBeInViewport({ ratio: 1 });
    expect(await reachable(item)).toBe(true);
  }
  const menuBottom = (await (menuItems[2] as Locator).boundingBox())?.y ?? 0;
  expect(menuBottom).toBeLessThan((await options.boundingBox())?.y ?? 0);
  await shot(page, "planner-menu-above");
  // Tab goes into it; Escape closes it and gives focus back to ⋯.
  await page.keyboard.press("Tab");
  await expect(menuItems[0] as Locator).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(options).toHaveAttribute("aria-expanded", "false");
  await expect(options).toBeFocused();
  // ... and Delete, out of reach before, deletes.
  await options.tap();
  await (menuItems[2] as Locator).tap();
  await expect(snack.locator(".planner-entry")).toHaveCount(0);

  // --- §13: the week goes to the list, and the message opens it
  await page.getByRole("button", { name: "Add to shopping list" }).tap();
  const send = page.getByRole("dialog", { name: "Add to shopping list" });
  await expect(send.getByRole("heading", { name: "To send: 5 recipes" })).toBeVisible();
  await send.getByRole("button", { name: "Send" }).tap();
  await expect(send.getByRole("status")).toHaveText(`Sent 5 recipes to ${listName}.`);
  await shot(page, "planner-sent");
  await send.getByRole("link", { name: `Open ${listName}` }).tap();
  await expect(page).toHaveURL(new RegExp(`/grocery-list/${list.id}$`));

  // --- §12: the list's page: its name, Share and Delete at the top, one line of recipes
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listName);
  await expect(page.getByRole("heading", { level: 2, name: "Shopping List" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeInViewport();
  await expect(page.getByRole("button", { name: `Delete: ${listName}` })).toBeInViewport();
  const line = page.locator(".shopping-item", { hasText: "All-purpose flour" });
  const recipes = line.locator(".shopping-item-for");
  // The spec's words, all of them, for screen readers and on paper.
  const forAll = `for ${titles.map((title) => `${title} (4 guests)`).join(" & ")}`;
  await expect(line.getByRole("checkbox")).toHaveAccessibleName(
    new RegExp(`All-purpose flour ${forAll.replace(/[()]/g, "\\$&")}$`),
  );
  const oneLine = await recipes.evaluate((element) => element.getBoundingClientRect().height);
  const fontSize = await recipes.evaluate((element) =>
    parseFloat(getComputedStyle(element).fontSize),
  );
  expect(oneLine).toBeLessThan(fontSize * 2);
  await shot(page, "list-top");
  const more = line.getByRole("button", { name: /^All the recipes for .*All-purpose flour$/ });
  await more.tap();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await expect
    .poll(() => recipes.evaluate((element) => element.getBoundingClientRect().height))
    .toBeGreaterThan(fontSize * 2);
  // Showing them is not a tick.
  await expect(line.getByRole("checkbox")).not.toBeChecked();
  await shot(page, "list-line-open");

  // On paper: the lines, none of the forms.
  await page.emulateMedia({ media: "print" });
  await expect(line.getByRole("checkbox")).toBeVisible();
  for (const form of [
    page.getByLabel("New list name"),
    page.getByLabel("Add an item"),
    page.getByRole("heading", { name: "Plan a Recipe" }),
    page.getByRole("heading", { name: "Notes" }),
  ]) {
    await expect(form).toBeHidden();
  }
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/list-print.png`, fullPage: true });
  await close();
});

test("a phone's timer dock is one line, the soonest timer and how many more, and opens on a tap", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  // Two timers running, as cook mode leaves them (its journey is timers.spec.ts).
  await page.addInitScript(() => {
    const now = Date.now();
    localStorage.setItem(
      "potluck:kitchen-timers",
      JSON.stringify([
        {
          id: "rest",
          name: "Let the soup rest",
          length: "10 min",
          state: "running",
          endsAt: now + 600_000,
          leftMs: 600_000,
        },
        {
          id: "simmer",
          name: "Simmer",
          length: "5 min",
          state: "running",
          endsAt: now + 300_000,
          leftMs: 300_000,
        },
      ]),
    );
  });
  await page.goto("/about");
  const dock = page.getByRole("region", { name: "Timers" });
  const summary = dock.getByRole("button", { name: /^Simmer \d:\d\d \+1 more$/ });
  await expect(summary).toBeVisible();
  await expect(summary).toHaveAttribute("aria-expanded", "false");
  await expect(dock.getByRole("button", { name: "Pause Simmer timer" })).toBeHidden();
  expect((await dock.boundingBox())?.height).toBeLessThan(72);
  await shot(page, "timers-folded");

  await summary.tap();
  await expect(summary).toHaveAttribute("aria-expanded", "true");
  await expect(dock.getByRole("listitem")).toHaveCount(2);
  await dock.getByRole("button", { name: "Pause Let the soup rest timer" }).tap();
  await expect(dock.getByRole("listitem").filter({ hasText: "Let the soup rest" })).toContainText(
    "Paused",
  );
  await shot(page, "timers-open");
  // Escape folds it again, focus on the line that opens it.
  await page.keyboard.press("Escape");
  await expect(summary).toHaveAttribute("aria-expanded", "false");
  await expect(summary).toBeFocused();
  await expect(dock.getByRole("list")).toBeHidden();
  await context.close();
});
