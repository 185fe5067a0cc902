import { expect, type Page, test } from "@playwright/test";
import { publishRecipes, signUp, uniqueName } from "./fixtures";

// Issue 22, item 1: a new page starts at the top; Back returns to where the cook was, also on
// the infinite-scroll Explore list. On a phone and on a laptop.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The page's h1 reads `text` and is inside the viewport, near its top. */
async function expectTitleInView(page: Page, text: string) {
  const heading = page.getByRole("heading", { level: 1, name: text });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport({ ratio: 1 });
  expect(await scrollY(page)).toBe(0);
}

for (const viewport of VIEWPORTS) {
  test(`pages open at the top and Back returns to the place (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const username = uniqueName("scroller");
    const prefix = uniqueName("Scroll stew ");
    // The sign-up helper looks for the welcome text, which a phone keeps behind the menu.
    await signUp(page, username);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Three pages' worth (20 a page), newest first: scrolling loads the second page.
    const titles = Array.from({ length: 45 }, (_, i) => `${prefix} ${i + 1}`);
    await publishRecipes(page, titles);

    await page.goto("/explore");
    await expect(page.getByRole("heading", { name: "Latest Recipes" })).toBeVisible();
    const cards = page.getByRole("link", { name: /^Read More: / });
    await expect(cards.first()).toBeVisible();
    // Down to the end of the first page, which loads the second.
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    // Somewhere in the middle of the second page.
    const target = cards.nth(27);
    await target.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(1000);
    const label = (await target.getAttribute("aria-label")) ?? "";
    const title = label.replace(/^Read More: /, "");

    await target.click();
    await expect(page).toHaveURL(/\/recipe\/\d+\//);
    await expectTitleInView(page, title);

    await page.goBack();
    await expect(page.getByRole("heading", { name: "Latest Recipes" })).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(before);
    await expect(page.getByRole("link", { name: label })).toBeInViewport();

    // Explore opened by a link from a scrolled page shows its heading and search box.
    await page.goto("/recipes");
    await expect(page.getByRole("heading", { name: "All Recipes" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^View / }).first()).toBeVisible();
    // Wheel until the cards (which load in pages) make the page tall enough to be far down.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2000);
        return scrollY(page);
      })
      .toBeGreaterThan(500);
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("link", { name: "Explore Recipes" }).click();
    await expect(page.getByRole("heading", { name: "Latest Recipes" })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);

    // Creating a recipe from a scrolled form opens it at its title.
    await page.goto("/recipes/new");
    const newTitle = uniqueName("Top of the page ");
    await page.getByLabel("Title").fill(newTitle);
    const editor = page.getByRole("textbox", { name: "Instructions" });
    await editor.click();
    await editor.pressSequentially("Stir.");
    for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Add Ingredient" }).click();
    const create = page.getByRole("button", { name: "Create Recipe" });
    await create.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    await create.click();
    await expect(page).toHaveURL(/\/recipes\/\d+$/);
    await expectTitleInView(page, newTitle);
  });
}
