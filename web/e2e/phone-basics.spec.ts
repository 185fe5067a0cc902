// Issue 22, items 10, 13 and 15, at a phone's 390×844 (and the laptop's 1366×768 where the
// behaviour is not about size): a blank list name says what is wrong; every control is a
// 44×44 tap target with a visible keyboard focus ring; an empty feed offers a first recipe and
// cooks to follow.
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createGroceryList, publishRecipes, signUp, uniqueName } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const shotsDir = process.env.SHOTS_DIR ?? "/tmp/shots";
mkdirSync(shotsDir, { recursive: true });
async function shot(page: Page, name: string) {
  // From the top, so the sticky header is not painted over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** A fresh cook signed up in a new context of the given size. */
async function newCook(
  browser: import("@playwright/test").Browser,
  prefix: string,
  viewport = PHONE,
) {
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  const username = uniqueName(prefix);
  // Signed up at laptop width, where the navigation shows "Welcome, {username}!".
  await page.setViewportSize(LAPTOP);
  await signUp(page, username);
  await page.setViewportSize(viewport);
  return { context, page, username };
}

/** The cook of `page` follows `username`, through the API. */
async function follow(page: Page, username: string) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const found = await (await page.request.get(`/api/users/search/?query=${username}`)).json();
  const response = await page.request.post(`/api/users/${found.results[0].id}/follow/`, {
    headers: { "X-CSRFToken": csrfToken },
  });
  expect(response.status()).toBe(201);
}

// ---------- 10: a list name of only spaces ----------

for (const [size, viewport] of Object.entries({ phone: PHONE, laptop: LAPTOP })) {
  test(`a blank list name says what is wrong (${size})`, async ({ browser }) => {
    const { context, page } = await newCook(browser, "blank", viewport);
    await page.goto("/grocery-lists");
    const name = page.getByLabel("New list name");
    await name.fill("   ");
    const create = page.getByRole("button", { name: "Create New List" });
    await (viewport === PHONE ? create.tap() : create.click());
    await expect(page.getByText("This field may not be blank.")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(page).toHaveURL(/\/grocery-lists$/);
    // Typing a name clears the message, and the list is created.
    await name.fill("Weekend");
    await expect(page.getByText("This field may not be blank.")).toHaveCount(0);
    await page.getByRole("button", { name: "Create New List" }).click();
    await expect(page).toHaveURL(/\/grocery-list\/\d+$/);
    await context.close();
  });
}

// ---------- 15: an empty feed ----------

test("an empty feed offers a first recipe and cooks to follow, most followed first", async ({
  browser,
}) => {
  // A popular cook (two followers) with two recipes, and a less followed one (one follower).
  const star = await newCook(browser, "star");
  const [, starLatest] = await publishRecipes(star.page, [
    `${star.username} old soup`,
    `${star.username} new pie`,
  ]);
  const known = await newCook(browser, "known");
  await publishRecipes(known.page, [`${known.username} salad`]);
  // Two fans follow the star; one of them also follows the lesser-known cook.
  const first = await newCook(browser, "fan");
  const second = await newCook(browser, "fan");
  await follow(first.page, star.username);
  await follow(second.page, star.username);
  await follow(second.page, known.username);
  for (const fan of [first, second]) await fan.context.close();

  const cook = await newCook(browser, "newbie");
  const { page } = cook;
  await expect(
    page.getByText("No recent activity to display. Follow some users to get started!"),
  ).toBeVisible();
  await shot(page, "15-empty-feed-phone");
  const write = page.getByRole("link", { name: "Write your first recipe" });
  await expect(write).toBeVisible();

  const suggestions = page.getByRole("region", { name: "Cooks to follow" });
  await expect(suggestions).toBeVisible();
  const starCard = suggestions.getByRole("listitem").filter({ hasText: star.username });
  // Their latest recipe, linked.
  await expect(starCard.getByRole("link", { name: `${star.username} new pie` })).toHaveAttribute(
    "href",
    new RegExp(`/recipe/${starLatest}/`),
  );
  await expect(starCard).toContainText("Followed by 2 cooks");
  // Most followed first: the star is listed before the lesser-known cook.
  const names = await suggestions.getByRole("listitem").allInnerTexts();
  const starAt = names.findIndex((text) => text.includes(star.username));
  const knownAt = names.findIndex((text) => text.includes(known.username));
  expect(starAt).toBeGreaterThanOrEqual(0);
  expect(knownAt).toBeGreaterThan(starAt);

  // Following from the feed: the button turns to Unfollow, the counts and the feed follow.
  await starCard.getByRole("button", { name: `Follow ${star.username}` }).tap();
  await expect(starCard.getByRole("button", { name: `Unfollow ${star.username}` })).toBeVisible();
  await expect(page.getByText("Following 1")).toBeVisible();
  await expect(
    page.locator(".feed-list").getByRole("link", { name: `${star.username} new pie` }),
  ).toBeVisible();
  // The suggestions stay while the feed fills, so the cook can follow more.
  await expect(suggestions).toBeVisible();
  await shot(page, "15-feed-after-follow-phone");

  await write.tap();
  await expect(page).toHaveURL(/\/recipes\/new$/);
  for (const c of [star, known, cook]) await c.context.close();
});

// ---------- 13: tap targets and focus ----------

/**
 * Every visible control whose tap target is smaller than 44×44, described for the failure
 * message. The target is the control's box, except: a checkbox or radio inside (or named by)
 * a label counts the label, which toggles it too; a react-select's inner input counts its
 * control box. Inline links inside running text (a sentence with other words) are excluded,
 * as WCAG 2.5.5 excludes them.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch]";
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let target: HTMLElement = element;
      if (element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type)) {
        const label = element.closest("label") ?? element.labels?.[0];
        if (label) target = label;
      }
      const control = element.closest<HTMLElement>("[class$='__control'], [class*='__control ']");
      if (control) target = control;
      if (element.tagName === "A") {
        const sentence = element.parentElement?.closest("p, li");
        const own = element.textContent?.trim() ?? "";
        const around = sentence?.textContent?.trim() ?? "";
        if (sentence && around.length > own.length && style.display === "inline") continue;
      }
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Off screen (the skip link until focused) or clipped to 1px (visually hidden).
      if (box.right < 0 || box.bottom < 0 || (box.width <= 1 && box.height <= 1)) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name =
          element.getAttribute("aria-label") ||
          element.textContent?.trim().slice(0, 30) ||
          element.getAttribute("name") ||
          element.id;
        const classes = element.className
          ? `.${String(element.className).split(" ").join(".")}`
          : "";
        small.push(
          `${element.tagName.toLowerCase()}${classes} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/**
 * Tabs until the focused element matches `matches`; returns its outline and whether its colour
 * is the theme's focus colour (--color-focus), the clear ring, not a faint tint.
 */
async function tabTo(
  page: Page,
  matches: string,
): Promise<{ style: string; width: number; focusColour: boolean }> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate((selector) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.matches(selector)) return null;
      const style = getComputedStyle(el);
      const probe = document.createElement("span");
      probe.style.color = "var(--color-focus)";
      document.body.append(probe);
      const focus = getComputedStyle(probe).color;
      probe.remove();
      return {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        focusColour: style.outlineColor === focus,
      };
    }, matches);
    if (found) return found;
  }
  throw new Error(`never focused ${matches}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`every control is a 44×44 tap target with a clear focus ring (phone, ${theme})`, async ({
    browser,
  }) => {
    const { context, page, username } = await newCook(browser, "taps");
    await page.emulateMedia({ colorScheme: theme });
    const author = await newCook(browser, "chef");
    const [recipeId] = await publishRecipes(author.page, [`${author.username} taps stew`]);
    await createGroceryList(page, "Taps");

    const pages: Record<string, string> = {
      explore: "/explore",
      recipe: `/recipes/${recipeId}`,
      list: "",
      settings: "/settings",
    };
    pages.list = page.url().replace(/^https?:\/\/[^/]+/, "");
    const failures: Record<string, string[]> = {};
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      if (name === "recipe") {
        await expect(page.getByRole("radio", { name: "4.5 stars" })).toBeAttached();
        if (theme === "light") await shot(page, "13-recipe-phone");
      }
      if (name === "explore")
        await expect(page.getByRole("link", { name: /Read More/ }).first()).toBeVisible();
      const small = await smallTargets(page);
      if (small.length) failures[name] = small;
    }
    expect(failures, `controls under 44×44 at 390×844 for ${username}`).toEqual({});

    // Keyboard focus: a text input, a checkbox and a button each get a solid ring ≥ 2px.
    await page.goto(pages.list);
    await page.waitForLoadState("networkidle");
    for (const selector of ["input[type=text], input:not([type])", "button.btn"]) {
      const ring = await tabTo(page, selector);
      expect(ring, selector).toMatchObject({ style: "solid", focusColour: true });
      expect(ring.width, selector).toBeGreaterThanOrEqual(2);
    }
    await page.goto("/settings");
    await page.waitForLoadState("networkidle");
    const radio = await tabTo(page, "input[type=checkbox], input[type=radio]");
    expect(radio).toMatchObject({ style: "solid", focusColour: true });
    expect(radio.width).toBeGreaterThanOrEqual(2);
    await context.close();
    await author.context.close();
  });
}
