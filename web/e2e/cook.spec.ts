import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, gradientPng, shoot, signUp, uniqueName } from "./fixtures";

const STEPS = ["Whisk the eggs with the milk.", "Fold in the flour.", "Bake for 20 minutes."];

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken;
}

async function idOf(page: Page, url: string, name: string): Promise<number> {
  const body = await (await page.request.get(url)).json();
  const list: { id: number; name: string }[] = Array.isArray(body) ? body : body.results;
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`${name} not found at ${url}`);
  return found.id;
}

/** A recipe with numbered steps, two ingredients (for 4: 400 g flour, 2 eggs) and a picture. */
async function publishCookableRecipe(page: Page, title: string): Promise<number> {
  const flour = await idOf(
    page,
    "/api/ingredients/ingredients/?search=flour&limit=25",
    "All-purpose flour",
  );
  const egg = await idOf(page, "/api/ingredients/ingredients/?search=egg&limit=25", "Egg");
  const grams = await idOf(page, "/api/ingredients/units/", "g");
  const piece = await idOf(page, "/api/ingredients/units/", "piece");
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": await csrf(page) },
    multipart: {
      title,
      content: `<h2>Batter</h2><ol>${STEPS.map((step) => `<li><p>${step}</p></li>`).join("")}</ol>`,
      recipe_ingredients: JSON.stringify([
        { ingredient_id: flour, quantity: 100, unit_id: grams },
        { ingredient_id: egg, quantity: 0.5, unit_id: piece },
      ]),
      image: { name: "dish.png", mimeType: "image/png", buffer: gradientPng() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

test("a cook follows a recipe step by step in cook mode, then prints it", async ({ page }) => {
  test.setTimeout(120_000);
  // Count what cook mode asks of the Screen Wake Lock API, and let the test hide the page.
  await page.addInitScript(() => {
    const log = { requests: 0, releases: 0, visible: true };
    Object.assign(window, { wakeLog: log });
    Object.defineProperty(document, "visibilityState", {
      get: () => (log.visible ? "visible" : "hidden"),
    });
    Object.defineProperty(navigator, "wakeLock", {
      value: {
        request: async () => {
          log.requests++;
          const listeners: (() => void)[] = [];
          const sentinel = {
            released: false,
            addEventListener: (_: string, listener: () => void) => listeners.push(listener),
            release: async () => {
              if (sentinel.released) return;
              sentinel.released = true;
              log.releases++;
              for (const listener of listeners) listener();
            },
          };
          return sentinel;
        },
      },
    });
  });
  const wakeLog = () =>
    page.evaluate(
      () => (window as unknown as { wakeLog: { requests: number; releases: number } }).wakeLog,
    );

  const title = `Cook-along pancakes ${uniqueName("")}`;
  await signUp(page, uniqueName("cook"));
  const id = await publishCookableRecipe(page, title);
  await page.goto(`/recipes/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The first load leaves focus where the browser puts it.
  await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused();

  // Guests: the list is no longer a live region; one polite status speaks once it settles.
  await expect(page.locator(".ingredient-list")).not.toHaveAttribute("aria-live", /.*/);
  await page.getByLabel("Guests").fill("8");
  await expect(page.locator(".ingredient-list li")).toHaveText([
    "800 g All-purpose flour",
    "4 eggs",
  ]);
  await expect(
    page.getByRole("status").filter({ hasText: "Quantities now for 8 guests." }),
  ).toHaveCount(1);

  // --- cook mode: a dialog with the first step, focus on Next
  const opener = page.getByRole("button", { name: "Cook mode" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Step 1 of 3")).toBeVisible();
  await expect(dialog.locator(".cook-step-text")).toHaveText(STEPS[0] ?? "");
  await expect(dialog.getByText("· Batter")).toBeVisible();
  const next = dialog.getByRole("button", { name: "Next step" });
  const previous = dialog.getByRole("button", { name: "Previous step" });
  await expect(next).toBeFocused();
  await expect(previous).toBeDisabled();
  expect((await wakeLog()).requests).toBe(1);
  await expect(dialog.getByText("The screen stays on while cook mode is open.")).toBeVisible();

  // the ingredients scaled as on the page, each with a tick box
  const flour = dialog.getByRole("checkbox", { name: "800 g All-purpose flour" });
  await expect(dialog.getByRole("heading", { name: "Ingredients for 8 guests" })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "4 eggs" })).not.toBeChecked();
  await flour.check();
  await expect(flour).toBeChecked();
  await expectAccessible(page);
  await shoot(page, "cook-mode", { fullPage: false });

  // keyboard: arrows move (from the tick box too), and stop at the ends
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByText("Step 2 of 3")).toBeVisible();
  await expect(dialog.locator(".cook-step-text")).toHaveText(STEPS[1] ?? "");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByText("Step 3 of 3")).toBeVisible();
  await expect(next).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByText("Step 2 of 3")).toBeVisible();
  await previous.click();
  await expect(dialog.getByText("Step 1 of 3")).toBeVisible();

  // a swipe to the left goes forward
  const box = await dialog.locator(".cook-step-text").boundingBox();
  if (!box) throw new Error("no step on screen");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(dialog.getByText("Step 2 of 3")).toBeVisible();

  // the browser drops the lock when the page is hidden; cook mode asks again once it is back
  await page.evaluate(async () => {
    const log = (window as unknown as { wakeLog: { visible: boolean } }).wakeLog;
    log.visible = false;
    document.dispatchEvent(new Event("visibilitychange"));
    log.visible = true;
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(async () => (await wakeLog()).requests).toBe(1); // still held: not asked twice

  // Esc leaves, lets the screen sleep, and gives focus back to the button
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect((await wakeLog()).releases).toBe(1);
  await expect(flour).toHaveCount(0);

  // --- print: the recipe only, with the guests' quantities
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("button", { name: "Cook mode" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Submit Rating" })).toBeHidden();
  await expect(page.locator(".recipe-rating")).toBeHidden();
  await expect(page.getByLabel("Guests")).toBeHidden();
  // Under the ingredients (the nutrition table's column says it too).
  await expect(
    page.locator(".recipe-ingredients").getByText("For 8 guests", { exact: true }),
  ).toBeVisible();
  await expect(page.locator(".ingredient-list li")).toHaveText([
    "800 g All-purpose flour",
    "4 eggs",
  ]);
  const picture = await page.getByRole("img", { name: title }).boundingBox();
  expect(picture?.width ?? 0).toBeLessThan(250);
  await shoot(page, "recipe-print");
  await page.emulateMedia({ media: "screen" });
});

test("dark mode follows the system, can be switched in the menu and is remembered", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const themeColor = () => page.locator('meta[name="theme-color"]').getAttribute("content");
  const title = `Midnight soup ${uniqueName("")}`;
  await signUp(page, uniqueName("owl"));
  const id = await publishCookableRecipe(page, title);
  const listName = `Night market ${uniqueName("")}`;
  const list = await page.request.post("/api/groceries/lists/", {
    headers: { "X-CSRFToken": await csrf(page) },
    form: { name: listName },
  });
  const listId = (await list.json()).id;

  /** Every page named in issue 13, checked with axe in the theme shown now. */
  const checkPages = async (suffix: string) => {
    await page.goto(`/recipes/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Rating" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `recipe-detail-${suffix}`);
    await page.getByRole("button", { name: "Cook mode" }).click();
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `cook-mode-${suffix}`, { fullPage: false });
    await page.keyboard.press("Escape");
    await page.goto("/");
    await page
      .locator(".feed-card")
      .filter({ hasText: title })
      .getByRole("button", { name: /^Comments/ })
      .click();
    await expect(page.getByText("No comments yet.")).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `feed-${suffix}`);
    await page.goto("/explore");
    await expect(page.locator(".recipe-grid > li").first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `explore-${suffix}`);
    await page.goto(`/grocery-list/${listId}`);
    await expect(page.getByRole("heading", { name: "Shopping List", exact: true })).toBeVisible();
    await expect(page.getByText("Loading notes...")).toBeHidden();
    await expectAccessible(page);
    await shoot(page, `grocery-list-${suffix}`);
    await page.goto("/recipes/new");
    await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();
    await page.getByLabel("Ingredient 1", { exact: true }).fill("fl");
    // The ingredient picker's suggestions (the language select has options too, not shown).
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expectAccessible(page);
    await shoot(page, `recipe-form-${suffix}`);
  };

  // --- the system's setting decides while nothing is chosen
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/recipes/${id}`);
  expect(await theme()).toBe("dark");
  expect(await themeColor()).toBe("#211b16");
  await checkPages("dark");

  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  expect(await theme()).toBe("light");
  expect(await themeColor()).toBe("#b4532a");
  await checkPages("light");

  // --- the switch in the username menu, remembered after a reload
  const openMenu = () => page.getByRole("button", { name: /^Welcome, / }).click();
  await openMenu();
  const toggle = page.getByRole("switch", { name: "Dark mode" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  expect(await theme()).toBe("dark");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(22, 18, 15)");
  await page.reload();
  expect(await theme()).toBe("dark");
  await openMenu();
  await expect(page.getByRole("switch", { name: "Dark mode" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await shoot(page, "dark-mode-switched", { fullPage: false });
  // ... and it outranks the system's setting until switched back
  await page.getByRole("switch", { name: "Dark mode" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await theme()).toBe("light");
});

test("the recipe form asks before losing changes and says what it still needs", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueName("draft"));
  await page.goto("/recipes/new");
  const submit = page.getByRole("button", { name: "Create Recipe" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    "Add a title and instructions to save this recipe.",
  );
  await page.getByLabel("Title").fill("Half-typed stew");
  await expect(page.getByText("Add instructions to save this recipe.")).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Instructions" });
  await editor.click();
  await editor.pressSequentially("Simmer");
  await expect(submit).toBeEnabled();
  await expect(page.getByText(/to save this recipe\./)).toHaveCount(0);

  // a picture over the server's limit is refused before any upload
  await page.getByLabel("Image").setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(11 * 1024 * 1024, 1),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "That picture is 11 MB; it can be at most 10 MB. Please choose a smaller one.",
  );
  await expect(page.getByRole("img", { name: "Preview of the recipe" })).toHaveCount(0);

  // leaving through the app asks; staying keeps every word
  await page.getByRole("link", { name: "Explore Recipes" }).click();
  const question = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await shoot(page, "recipe-form-leave", { fullPage: false });
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/recipes\/new$/);
  await expect(page.getByLabel("Title")).toHaveValue("Half-typed stew");

  // closing the tab gets the browser's own question
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  await expect(page.getByLabel("Title")).toHaveValue("Half-typed stew");

  // leaving on purpose goes; focus lands on the new page's heading
  await page.getByRole("link", { name: "Explore Recipes" }).click();
  await question.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest Recipes" })).toBeFocused();
});

test("Explore says it is searching; a comment posted early keeps the others", async ({ page }) => {
  test.setTimeout(90_000);
  const cook = uniqueName("talk");
  await signUp(page, cook);
  const title = `Gossip cake ${uniqueName("")}`;
  await publishCookableRecipe(page, title);

  // --- Explore: the old results stay, marked as being replaced
  await page.goto("/explore");
  await expect(page.locator(".recipe-grid > li").first()).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/recipes/recipes/?search=*", async (route) => {
    await held;
    await route.continue().catch(() => {}); // the app may have given up on it meanwhile
  });
  await page.getByLabel("Search recipes").fill("Gossip cake");
  const searching = page.getByRole("status").filter({ hasText: "Searching for “Gossip cake”..." });
  await expect(searching).toBeVisible();
  await expect(page.locator("[aria-busy=true] .recipe-grid")).toBeVisible();
  release();
  await expect(searching).toHaveCount(0);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.unroute("**/api/recipes/recipes/?search=*");

  // --- the feed: an earlier comment, then one posted while the comments still load
  const feed = await (await page.request.get("/api/feed/items/")).json();
  const item = feed.results.find(
    (entry: { recipe: { title: string } }) => entry.recipe.title === title,
  );
  await page.request.post(`/api/feed/items/${item.id}/comments/`, {
    headers: { "X-CSRFToken": await csrf(page) },
    data: { text: "First!" },
  });
  let releaseComments = () => {};
  const commentsHeld = new Promise<void>((resolve) => {
    releaseComments = resolve;
  });
  let firstLoad = true;
  await page.route(`**/api/feed/items/${item.id}/comments/`, async (route) => {
    if (route.request().method() === "GET" && firstLoad) {
      firstLoad = false;
      await commentsHeld;
    }
    await route.continue().catch(() => {}); // the app may have given up on it meanwhile
  });
  await page.goto("/");
  const card = page.locator(".feed-card").filter({ hasText: title });
  await card.getByRole("button", { name: /^Comments/ }).click();
  await expect(card.getByText("Loading comments...")).toBeVisible();
  await card.getByPlaceholder("Add a comment...").fill("Second, before the first loaded");
  await card.getByRole("button", { name: "Post" }).click();
  await expect(card.locator(".comment-text")).toContainText(["Second, before the first loaded"]);
  releaseComments();
  await expect(card.locator(".comment-text")).toHaveText([
    "First!",
    "Second, before the first loaded",
  ]);
  await page.reload();
  await card.getByRole("button", { name: /^Comments/ }).click();
  await expect(card.locator(".comment-text")).toHaveText([
    "First!",
    "Second, before the first loaded",
  ]);
});
