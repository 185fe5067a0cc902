// Issue 34, items 5, 10, 15 and 16, as a cook meets them on a phone (390×844, a touch screen)
// and, for the navigation, on a laptop: sign-up marks every field at once and takes the cook
// to the first; the rating stars stay on one line; a picker keeps focus (and the keyboard)
// after a pick; the unit select shows its whole choice; the editor's buttons don't keep a
// hover after a tap; Cancel on "Leave without saving?" leaves no menu over the form; a tap on
// a card's title or photo opens the recipe; Settings is in sight and the welcome is whole.
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  gradientPng,
  PASSWORD,
  publishRecipes,
  screensDir,
  screensWanted,
  uniqueName,
} from "./fixtures";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
/** Screenshots for the note, tagged "before" or "after" by SHOTS_TAG. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots-w2";
const SHOTS_TAG = process.env.SHOTS_TAG ?? "after";
mkdirSync(SHOTS_DIR, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS_DIR}/${name}-${SHOTS_TAG}.png` });

test.use({ viewport: PHONE, hasTouch: true });

/** A cook signed up and signed in through the API (faster than the form), on `page`. */
async function apiCook(page: Page, prefix: string): Promise<string> {
  const username = uniqueName(prefix);
  const csrf = async () => (await (await page.request.get("/api/auth/csrf/")).json()).csrfToken;
  const signup = await page.request.post("/api/auth/signup/", {
    headers: { "X-CSRFToken": await csrf() },
    data: {
      username,
      email: `${username}@example.com`,
      first_name: "",
      last_name: "",
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_tos: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await page.request.post("/api/auth/login/", {
    headers: { "X-CSRFToken": await csrf() },
    data: { username, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return username;
}

// ---------- 5: sign-up on a phone ----------

test("sign-up on a phone marks every field at once and takes the cook to the first", async ({
  page,
}) => {
  await page.goto("/signup");
  const password = page.getByLabel("Password", { exact: true });
  // The rules are there before the first try, as on the reset page.
  await expect(password).toHaveAccessibleDescription(
    "At least 8 characters, not all digits, not a common password.",
  );
  await page.getByLabel("Username").fill(uniqueName("phone"));
  await page.getByLabel("Email").fill("phone@example.com");
  await password.fill("short");
  const confirm = page.getByLabel("Confirm Password");
  await confirm.fill("shorter");
  const terms = page.getByLabel("I agree to the Terms of Service");
  await page.getByRole("button", { name: "Sign Up" }).tap();

  // All three problems at once, each by its field; the first has focus and is in sight.
  await expect(password).toBeFocused();
  await expect(password).toBeInViewport();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(
    /This password is too short\. It must contain at least 8 characters\./,
  );
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
  await expect(terms).toHaveAttribute("aria-invalid", "true");
  await expect(terms).toHaveAccessibleDescription(
    "You must agree to the Terms of Service to sign up.",
  );
  await expect(page.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
  await shot(page, "05-signup-errors-phone");

  // Mended, it goes through.
  await password.fill(PASSWORD);
  await expect(password).not.toHaveAttribute("aria-invalid", "true");
  await confirm.fill(PASSWORD);
  await terms.check();
  await page.getByRole("button", { name: "Sign Up" }).tap();
  await expect(page).toHaveURL(/\/$/);
});

// ---------- 10: small things on the phone ----------

test("on a phone: stars on one line, pickers keep focus, the unit fits, no sticky hover, no menu left open", async ({
  page,
}) => {
  await apiCook(page, "small");
  const [recipeId] = await publishRecipes(page, [uniqueName("Star soup ")]);

  // The five rating stars on one line.
  await page.goto(`/recipes/${recipeId}`);
  const stars = page.locator(".star-picker-star");
  await expect(stars).toHaveCount(5);
  await stars.last().scrollIntoViewIfNeeded();
  const tops = await stars.evaluateAll((boxes) =>
    boxes.map((box) => Math.round(box.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `star tops ${tops.join(", ")}`).toBe(1);
  // A whole star is the target; a second tap takes the half below it.
  const four = page.getByRole("radio", { name: "4 stars" });
  await four.tap();
  await expect(four).toBeChecked();
  await four.tap();
  await expect(page.getByRole("radio", { name: "3.5 stars" })).toBeChecked();
  await expect(page.locator(".star-picker-value")).toHaveText("3.5 / 5");
  // The fourth star is drawn half full (no hover preview left behind by the tap).
  await expect(stars.nth(3).locator(".star-icon")).toHaveAttribute("style", /--fill: 50%/);
  await shot(page, "10-stars-phone");

  await page.goto("/recipes/new");
  await page.getByLabel("Title").fill(uniqueName("Focus pie "));

  // A pick in the tag picker and in the ingredient picker leaves the cook in the field.
  const tags = page.getByLabel("Tags", { exact: true });
  await tags.fill("weeknight");
  await page.getByRole("option", { name: 'Add tag "weeknight"' }).tap();
  await expect(page.getByRole("list", { name: "Chosen tags" })).toContainText("weeknight");
  await expect(tags).toBeFocused();
  const ingredient = page.getByLabel("Ingredient 1", { exact: true });
  await ingredient.fill("egg");
  await page.getByRole("option", { name: "Egg", exact: true }).tap();
  await expect(ingredient).toBeFocused();

  // "No unit (a count)" shows whole.
  const unit = page.getByLabel("Unit 1", { exact: true });
  await unit.selectOption({ label: "No unit (a count)" });
  const room = await unit.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const probe = document.createElement("span");
    probe.style.font = style.font;
    probe.style.whiteSpace = "pre";
    probe.textContent = select.selectedOptions[0]?.textContent ?? "";
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const inner =
      select.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return { text, inner };
  });
  expect(room.text, JSON.stringify(room)).toBeLessThanOrEqual(room.inner);
  await unit.scrollIntoViewIfNeeded();
  await shot(page, "10-unit-phone");

  // A tapped toolbar button doesn't keep a hover look once it is off again.
  const bold = page.getByRole("button", { name: "Bold" });
  const editor = page.getByRole("textbox", { name: "Instructions" });
  await editor.tap();
  await editor.pressSequentially("Whisk.");
  await bold.tap();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await bold.tap();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await expect(bold).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

  // Leaving through the phone's menu asks; Cancel leaves the form in sight, not the menu.
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("link", { name: "Explore Recipes" }).tap();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await dialog.getByRole("button", { name: "Cancel" }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Explore Recipes" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(editor).toBeInViewport();
  await shot(page, "10-after-cancel-phone");
});

// ---------- 15 and 16: cards open from title and photo; Settings in sight ----------

test("a tap on a card's title or photo opens the recipe; Settings is in sight, the name whole", async ({
  page,
}) => {
  const username = await apiCook(page, "ben.cooks");
  const [photoId, plainId] = await publishRecipes(
    page,
    [uniqueName("Photo tart "), uniqueName("Plain stew ")],
    // A real picture on the first, so the photo itself is what is tapped.
    gradientPng(),
  );

  // My Recipes: the title opens the recipe, and the spec's View is still there.
  await page.goto("/recipes");
  const plainCard = page
    .locator(".recipe-card")
    .filter({ has: page.locator(`a[href="/recipes/${plainId}"]`) });
  await expect(plainCard.getByRole("link", { name: /^View / })).toHaveText("View");
  await shot(page, "15-cards-phone");
  await plainCard.getByRole("heading").getByRole("link").tap();
  await expect(page).toHaveURL(new RegExp(`/recipes/${plainId}$`));
  // From My Recipes, as View does: the back link goes back there.
  await expect(page.getByRole("link", { name: /Back to My Recipes/ })).toBeVisible();

  // Explore: the photo opens it.
  await page.goto("/explore");
  const photoCard = page
    .locator(".recipe-card")
    .filter({ has: page.locator(`a[href^="/recipe/${photoId}/"]`) });
  await expect(photoCard.getByRole("link", { name: /^Read More: / })).toHaveText("Read More");
  // A finger on the middle of the photo (whatever element is on top there).
  const photo = photoCard.locator(".recipe-card-image");
  await photo.scrollIntoViewIfNeeded();
  const box = await photo.boundingBox();
  if (!box) throw new Error("the card has no photo");
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`/recipe/${photoId}/`));

  // On a laptop: Settings without opening a menu, and the whole welcome.
  await page.setViewportSize(LAPTOP);
  const settings = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Settings",
  });
  await expect(settings).toBeVisible();
  const welcome = page.getByRole("button", { name: `Welcome, ${username}!` });
  await expect(welcome).toBeVisible();
  const cut = await welcome.evaluate((button) => button.scrollWidth > button.clientWidth);
  expect(cut, "the welcome is cut short").toBe(false);
  await page.screenshot({ path: `${SHOTS_DIR}/16-nav-laptop-${SHOTS_TAG}.png` });
  await settings.click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
});

// ---------- issue 38: what a recipe contains, on a phone ----------

test("on a phone, the recipe page says what it contains: allergens, a caution, nutrition for the guests", async ({
  page,
}) => {
  await apiCook(page, "panel");
  // 50 g butter and one egg a serving (358.5 + 71.5 kcal), and a row kept as written.
  const named = async (path: string, name: string): Promise<number> => {
    const answer = await (await page.request.get(path)).json();
    const list: { id: number; name: string }[] = answer.results ?? answer;
    const found = list.find((item) => item.name === name);
    if (!found) throw new Error(`no ${name} at ${path}`);
    return found.id;
  };
  const search = (name: string) => `/api/ingredients/ingredients/?search=${name}&limit=25`;
  const rows = [
    {
      ingredient_id: await named(search("Butter"), "Butter"),
      quantity: 50,
      unit_id: await named("/api/ingredients/units/", "g"),
    },
    {
      ingredient_id: await named(search("Egg"), "Egg"),
      quantity: 1,
      unit_id: await named("/api/ingredients/units/", "piece"),
    },
    { text: "a pinch of love" },
  ];
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const created = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": csrfToken },
    multipart: {
      title: uniqueName("Butter eggs "),
      content: "<p>Melt, crack, stir.</p>",
      recipe_ingredients: JSON.stringify(rows),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/recipes/${(await created.json()).id}`);

  const panel = page.getByRole("region", { name: "Nutrition and allergens", exact: true });
  // Heard as the sentence it is; each allergen a badge.
  await expect(panel.locator("p").filter({ hasText: /^Contains:/ })).toHaveText(
    "Contains: eggs and milk",
  );
  await expect(panel.locator(".contains-badge-allergen")).toHaveText(["eggs", "milk"]);
  await expect(
    panel.getByText("May also contain other allergens: some ingredients could not be checked."),
  ).toBeVisible();
  const table = panel.getByRole("table", { name: "Nutrition" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Nutrient",
    "Per serving",
    "For 4 guests",
    "Per 100 g",
  ]);
  // 358.5 + 71.5 kcal a serving, 100 g of it.
  const kcal = table.getByRole("row", { name: /^Energy \(kcal\)/ }).getByRole("cell");
  await expect(kcal).toHaveText(["430", "1,720", "430"]);
  await expect(panel.getByRole("list", { name: "Not counted in the nutrition:" })).toHaveText(
    "a pinch of love: written as free text",
  );

  // Two guests: the second column is for two.
  await page.getByLabel("Guests").fill("2");
  await expect(table.getByRole("columnheader", { name: "For 2 guests" })).toBeVisible();
  await expect(kcal).toHaveText(["430", "860", "430"]);

  // Nothing wider than the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(wide, "the page scrolls sideways").toBe(false);
  if (screensWanted) {
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${screensDir}/recipe-contains-phone.png` });
    // From the top, so the sticky header is not painted over the middle of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screensDir}/recipe-contains-phone-page.png`, fullPage: true });
  }
});
