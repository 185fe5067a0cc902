// The navigation bar at the widths cooks use: on a laptop its six links, the welcome, Logout
// and the notifications bell stay on one line however long the username; narrower, the links sit behind "Menu".
import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

/** The distinct tops of the navigation's page links: one value when they share a line. */
async function linkRows(page: Page): Promise<number> {
  const links = page.locator(".nav-links a");
  const tops = await links.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  return new Set(tops).size;
}

/** The links whose text takes more than one line. */
async function wrappedLinks(page: Page): Promise<string[]> {
  return page.locator(".nav-links a").evaluateAll((elements) =>
    elements
      .filter((element) => {
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().height > lineHeight * 1.5;
      })
      .map((element) => element.textContent ?? ""),
  );
}

test("the navigation keeps one line on a laptop and folds into a menu on narrow screens", async ({
  page,
}) => {
  const username = uniqueName("a-rather-long-username-for-the-nav");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, username);
  await page.goto("/planner");
  // The signed-in links are drawn once the session is known.
  await expect(page.getByRole("link", { name: "Planner" })).toBeVisible();
  for (const width of [1280, 1024, 920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => linkRows(page), { message: `links on one line at ${width} px` })
      .toBe(1);
    // ...and none broken over two lines of its own ("My Shopping / Lists").
    expect(await wrappedLinks(page), `links wrapped at ${width} px`).toEqual([]);
    const header = await page.locator(".site-header").boundingBox();
    expect(header?.height, `header height at ${width} px`).toBeLessThan(80);
    // The whole name is still what the account button says to a screen reader.
    await expect(page.getByRole("button", { name: `Welcome, ${username}!` })).toBeVisible();
  }
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Planner" })).toBeHidden();
});
