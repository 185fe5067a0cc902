import { crc32, deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Violations in full; passes and the rest summed up (axe details one node of each).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export const PASSWORD = "tasty-pancakes-42";

/** Signs up and logs in through the API, as the sign-up form does, on `page`'s cookies. */
export async function signUpThroughApi(page: Page, username: string): Promise<void> {
  const token = async () => (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken;
  const response = await page.request.post("/api/auth/signup/", {
    headers: { "X-CSRFToken": await token() },
    data: {
      username,
      email: `${username}@example.com`,
      first_name: "Test",
      last_name: "Cook",
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_tos: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const login = await page.request.post("/api/auth/login/", {
    headers: { "X-CSRFToken": await token() },
    data: { username, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * Signs up through the API (the sign-up form has its own journey, accounts.spec.ts) and opens
 * the feed, where the form would have landed: the journeys' cooks arrive as they would,
 * without each drawing and filling the form again.
 */
export async function signUp(page: Page, username: string): Promise<void> {
  await signUpThroughApi(page, username);
  await page.goto("/");
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
}

/** Signs up through the real form; the spec logs the new user in and lands on the feed. */
export async function signUpThroughForm(page: Page, username: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("First Name").fill("Test");
  await page.getByLabel("Last Name").fill("Cook");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByLabel("I agree to the Terms of Service").check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
}

export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
}

/** Creates a list through the grocery lists page, which opens it; returns its page's URL. */
export async function createGroceryList(page: Page, name: string): Promise<string> {
  await page.goto("/grocery-lists");
  await page.getByLabel("New list name").fill(name);
  await page.getByRole("button", { name: "Create New List" }).click();
  await expect(page).toHaveURL(/\/grocery-list\/\d+$/);
  return page.url();
}

/** Plans an extra through the 'Plan a Extra' form of the open list. */
export async function planExtra(
  page: Page,
  typed: string,
  ingredient: string,
  quantity: string,
  unit: string,
): Promise<void> {
  await page.getByLabel("Extra", { exact: true }).fill(typed);
  await page.getByRole("option", { name: ingredient, exact: true }).click();
  await page.getByLabel("Quantity", { exact: true }).fill(quantity);
  await page.getByLabel("Unit", { exact: true }).selectOption({ label: unit });
  // Planned once the server says so: the next step never races this plan, and a refused plan
  // fails here with the server's answer instead of going unseen.
  const planned = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === "/api/groceries/planned-extras/",
  );
  await page.getByRole("button", { name: "Plan Extra" }).click();
  const answer = await planned;
  expect(answer.status(), await answer.text()).toBe(201);
}

/** A real PNG (a warm 640×400 gradient), so the server's image checks and re-encoding run. */
export function gradientPng(width = 640, height = 400): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      rows.push(200 + Math.round((55 * x) / width), 120 + Math.round((80 * y) / height), 60);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Screenshots at desktop width and at a phone's 375px, for a person to look at, taken only when
 * asked for: `SCREENS_DIR=/tmp/screens npm run e2e`. Two full-page pictures and two resizes
 * a call, 63 calls, were most of a minute of every run that nobody looked at.
 */
export const screensDir = process.env.SCREENS_DIR ?? "";
export const screensWanted = screensDir !== "";
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  if (!screensWanted) return;
  // From the top, so the sticky header is not painted over the middle of a full-page shot.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screensDir}/${name}.png`, fullPage });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${screensDir}/${name}-mobile.png`, fullPage });
  if (desktop) await page.setViewportSize(desktop);
}

/** Publishes recipes through the API as the signed-in user of `page`; returns their ids. */
export async function publishRecipes(
  page: Page,
  titles: string[],
  image?: Buffer,
): Promise<number[]> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const ids: number[] = [];
  for (const [index, title] of titles.entries()) {
    const response = await page.request.post("/api/recipes/recipes/", {
      headers: { "X-CSRFToken": csrfToken },
      multipart: {
        title,
        content: "<p>Mix and bake.</p>",
        recipe_ingredients: "[]",
        ...(image && index === 0
          ? { image: { name: "dish.png", mimeType: "image/png", buffer: image } }
          : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).id);
  }
  return ids;
}
