import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, signUp, uniqueName } from "./fixtures";

// Issue 22, items 2, 11, 12 and 14, on a phone and on a laptop, by tap and by keyboard.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];

/** Where the before/after screenshots for a person to look at go (SHOTS_DIR, SHOTS_TAG). */
const shotsDir = process.env.SHOTS_DIR ?? "test-results/shots";
const shotsTag = process.env.SHOTS_TAG ?? "now";

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

/** Instructions as cooks write them: an intro paragraph, headed sections, lists and a paragraph. */
const INSTRUCTIONS =
  "<p><strong>Rest the batter 10 minutes</strong> before frying.</p>" +
  "<h2>Batter</h2><ol><li><p>Whisk the eggs with the milk.</p></li><li><p>Fold in the flour.</p></li></ol>" +
  "<h2>Frying</h2><p>Heat the pan until a drop of water dances.</p>" +
  "<ul><li><p>Fry each pancake 2 minutes a side.</p></li></ul>";

const STEPS = [
  { text: "Rest the batter 10 minutes before frying.", section: null },
  { text: "Whisk the eggs with the milk.", section: "Batter" },
  { text: "Fold in the flour.", section: "Batter" },
  { text: "Heat the pan until a drop of water dances.", section: "Frying" },
  { text: "Fry each pancake 2 minutes a side.", section: "Frying" },
];

/** A recipe with the instructions above and two ingredients (for 4: 400 g flour, 2 eggs). */
async function publishRecipe(page: Page, title: string): Promise<number> {
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
      content: INSTRUCTIONS,
      recipe_ingredients: JSON.stringify([
        { ingredient_id: flour, quantity: 100, unit_id: grams },
        { ingredient_id: egg, quantity: 0.5, unit_id: piece },
      ]),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} size`, () => {
    test.use({ hasTouch: true });

    test(`cook mode shows every part of the instructions, ends with Done and resumes (${viewport.name})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const title = `Resting pancakes ${uniqueName("")}`;
      await signUp(page, uniqueName("cook"));
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const id = await publishRecipe(page, title);
      await page.goto(`/recipes/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

      const opener = page.getByRole("button", { name: "Cook mode" });
      await opener.tap();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      if (viewport.name === "phone") {
        mkdirSync(shotsDir, { recursive: true });
        await page.screenshot({ path: `${shotsDir}/cook-mode-intro-${shotsTag}.png` });
      }
      const progress = dialog.locator(".cook-progress");
      const text = dialog.locator(".cook-step-text");
      // the intro paragraph is step 1, bold kept
      await expect(progress).toHaveText(`Step 1 of ${STEPS.length}`);
      await expect(text).toHaveText(STEPS[0]?.text ?? "");
      await expect(text.locator("strong")).toHaveText("Rest the batter 10 minutes");
      const next = dialog.getByRole("button", { name: "Next step" });
      await expect(next).toBeFocused();

      // every step in order, with its heading; by keyboard on the laptop, by tap on the phone
      for (const [index, step] of STEPS.entries()) {
        await expect(progress).toHaveText(
          `Step ${index + 1} of ${STEPS.length}${step.section ? ` · ${step.section}` : ""}`,
        );
        await expect(text).toHaveText(step.text);
        if (index === 2) break;
        if (viewport.name === "phone") await next.tap();
        else await page.keyboard.press("Enter");
      }
      await expect(dialog.getByRole("button", { name: "Done" })).toHaveCount(0);

      // tick an ingredient, leave, come back: the same step and the same tick
      const eggs = dialog.getByRole("checkbox", { name: "2 eggs" });
      await eggs.tap();
      await expect(eggs).toBeChecked();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await opener.tap();
      await expect(progress).toHaveText(`Step 3 of ${STEPS.length} · Batter`);
      await expect(eggs).toBeChecked();
      await expect(
        dialog.getByRole("checkbox", { name: "400 g All-purpose flour" }),
      ).not.toBeChecked();
      // ... also after a reload, for the session
      await page.reload();
      await page.getByRole("button", { name: "Cook mode" }).tap();
      await expect(progress).toHaveText(`Step 3 of ${STEPS.length} · Batter`);
      await expect(eggs).toBeChecked();

      // the last step offers Done, which closes cook mode
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(progress).toHaveText(`Step 5 of ${STEPS.length} · Frying`);
      await expect(text).toHaveText(STEPS[4]?.text ?? "");
      const done = dialog.getByRole("button", { name: "Done" });
      await expect(done).toBeVisible();
      if (viewport.name === "phone") {
        await page.screenshot({ path: `${shotsDir}/cook-mode-last-step-${shotsTag}.png` });
        await done.tap();
      } else {
        await done.focus();
        await page.keyboard.press("Enter");
      }
      await expect(dialog).toBeHidden();
      // done cooking: the next time starts again at step 1 with nothing ticked
      await page.getByRole("button", { name: "Cook mode" }).tap();
      await expect(progress).toHaveText(`Step 1 of ${STEPS.length}`);
      await expect(eggs).not.toBeChecked();
    });

    test(`the login wall says why and keeps the recipe through sign-up and login (${viewport.name})`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const title = `Walled pancakes ${uniqueName("")}`;
      // A cook publishes a recipe and shares its link.
      const baseURL = test.info().project.use.baseURL;
      const author = await browser.newPage({ baseURL });
      await signUp(author, uniqueName("sharer"));
      const id = await publishRecipe(author, title);
      const { slug } = await (await author.request.get(`/api/recipes/recipes/${id}/`)).json();
      await author.close();
      const link = `/recipe/${id}/${slug}`;
      const phone = viewport.name === "phone";
      const activate = async (locator: ReturnType<Page["getByRole"]>) => {
        if (phone) await locator.tap();
        else {
          await locator.focus();
          await page.keyboard.press("Enter");
        }
      };

      // A signed-out visitor opens it: the wall says why.
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(link);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(link)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
      const reason = page.getByText("Log in or sign up to read this recipe.", { exact: true });
      await expect(reason).toBeVisible();

      // ... signs up from there, and lands on the recipe
      await activate(page.getByRole("link", { name: "Don't have an account? Sign up here" }));
      await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(link)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
      await expect(reason).toBeVisible();
      const visitor = uniqueName("reader");
      await page.getByLabel("Username").fill(visitor);
      await page.getByLabel("Email").fill(`${visitor}@example.com`);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm Password").fill(PASSWORD);
      const terms = page.getByLabel("I agree to the Terms of Service");
      if (phone) await terms.tap();
      else {
        await terms.focus();
        await page.keyboard.press("Space");
      }
      await expect(page.getByLabel("I agree to the Terms of Service")).toBeChecked();
      await activate(page.getByRole("button", { name: "Sign Up" }));
      await expect(page).toHaveURL(link);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

      // Signed out again (another browser), the same link goes back through login to the recipe.
      const context = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: true,
      });
      const again = await context.newPage();
      await again.goto(link);
      await expect(again.getByText("Log in or sign up to read this recipe.")).toBeVisible();
      // ... through Sign Up and back to Log in, the target kept
      await again.getByRole("link", { name: "Don't have an account? Sign up here" }).click();
      await again.getByRole("link", { name: "Already have an account? Log in" }).click();
      await expect(again).toHaveURL(`/login?next=${encodeURIComponent(link)}`);
      await again.getByLabel("Username").fill(visitor);
      await again.getByLabel("Password").fill(PASSWORD);
      await again.getByLabel("Password").press("Enter");
      await expect(again).toHaveURL(link);
      await expect(again.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await context.close();

      // Other pages' walls give no recipe reason.
      const other = await browser.newPage({ baseURL });
      await other.goto("/grocery-lists");
      await expect(other.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
      await expect(other.getByText("Log in or sign up to read this recipe.")).toHaveCount(0);
      await other.close();
    });

    test(`'Or paste the page' and 'Paste ingredient lines' are disclosures (${viewport.name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signUp(page, uniqueName("paster"));
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/recipes/new");
      await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();
      const phone = viewport.name === "phone";

      for (const [name, field] of [
        ["Or paste the page", "Page source (HTML)"],
        ["Paste ingredient lines", "One ingredient per line, for 4 servings"],
      ] as const) {
        const toggle = page.getByRole("button", { name, exact: true });
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByRole("heading", { name })).toHaveCount(0);
        await expect(page.getByLabel(field)).toBeHidden();
        // an arrow that turns when it opens
        const arrow = toggle.locator(".disclosure-arrow");
        const arrowStyle = () =>
          arrow.evaluate((element) => {
            const style = getComputedStyle(element, "::before");
            return { content: style.content, transform: style.transform };
          });
        const closed = await arrowStyle();
        expect(closed.content).toBe('"▸"');
        // the region it opens is the one it names
        const controls = await toggle.getAttribute("aria-controls");
        expect(controls).toBeTruthy();
        const box = await toggle.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

        if (phone) await toggle.tap();
        else {
          await toggle.focus();
          await page.keyboard.press("Enter");
        }
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        await expect(page.getByLabel(field)).toBeVisible();
        await expect(page.locator(`[id="${controls}"]`).getByLabel(field)).toBeVisible();
        await expect.poll(async () => (await arrowStyle()).transform).not.toBe(closed.transform);
        // ... and closes again, keeping what was typed
        await page.getByLabel(field).fill("200 g red lentils");
        if (phone) await toggle.tap();
        else {
          await toggle.focus();
          await page.keyboard.press("Space");
        }
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByLabel(field)).toBeHidden();
        await toggle.click();
        await expect(page.getByLabel(field)).toHaveValue("200 g red lentils");
      }
    });

    test(`a recipe is planned from the list's picker and from its own page; the lists page reopens the last list (${viewport.name})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const suffix = uniqueName("");
      const title = `Planned pancakes ${suffix}`;
      await signUp(page, uniqueName("planner"));
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const id = await publishRecipe(page, title);
      const token = await csrf(page);
      const listOf = async (name: string) =>
        (
          await (
            await page.request.post("/api/groceries/lists/", {
              headers: { "X-CSRFToken": token },
              form: { name },
            })
          ).json()
        ).id as number;
      const weekend = await listOf(`Weekend ${suffix}`);
      const party = await listOf(`Party ${suffix}`);
      const phone = viewport.name === "phone";

      // --- the list's recipe picker offers the cook's own recipes before anything is typed
      await page.goto(`/grocery-list/${weekend}`);
      const picker = page.getByLabel("Recipe", { exact: true });
      // The recipe picker's own box, the real one, not the placeholder shown while it loads
      // (the extras' picker below loads apart and may be drawn first).
      const control = page
        .getByRole("region", { name: "Recipes", exact: true })
        .locator(".plan-picker__control");
      await expect(control).toBeVisible();
      const option = page.getByRole("option", { name: title, exact: true });
      // Opened as a cook opens it, and opened again if it closed before its options came (as a
      // cook would, seeing nothing): a thumb taps the box (its input is a few pixels wide until
      // something is typed), a keyboard presses the down arrow.
      await expect(async () => {
        if (phone) await control.tap();
        else {
          await picker.focus();
          await page.keyboard.press("ArrowDown");
        }
        await expect(option).toBeVisible({ timeout: 3_000 });
      }).toPass();
      await expect(page.getByText("No options")).toHaveCount(0);
      if (phone) await option.tap();
      else await page.keyboard.press("Enter");
      await page.getByLabel("Guests", { exact: true }).fill("2");
      await page.getByRole("button", { name: "Plan Recipe" }).click();
      const planned = page.locator(".planned-entry").filter({ hasText: title });
      await expect(planned).toContainText("2 guests");

      // --- the recipe's page plans it onto a list too, and links to it
      await page.goto(`/recipes/${id}`);
      const add = page.getByRole("button", { name: "Add to shopping list" });
      if (phone) await add.tap();
      else {
        await add.focus();
        await page.keyboard.press("Enter");
      }
      const dialog = page.getByRole("dialog", { name: "Add to shopping list" });
      await expect(dialog).toBeVisible();
      const listField = dialog.getByLabel("Shopping list");
      // the list used last comes first
      await expect(listField).toHaveValue(String(weekend));
      await listField.selectOption({ label: `Party ${suffix}` });
      await dialog.getByLabel("Guests").fill("6");
      const submit = dialog.getByRole("button", { name: "Add to list" });
      if (phone) await submit.tap();
      else {
        await submit.focus();
        await page.keyboard.press("Enter");
      }
      await expect(dialog).toBeHidden();
      const added = page.getByRole("status").filter({ hasText: "Added for 6 guests to" });
      await expect(added).toHaveText(`Added for 6 guests to Party ${suffix}.`);
      const link = added.getByRole("link", { name: `Party ${suffix}` });
      if (phone) await link.tap();
      else {
        await link.focus();
        await page.keyboard.press("Enter");
      }
      await expect(page).toHaveURL(new RegExp(`/grocery-list/${party}$`));
      await expect(page.locator(".planned-entry").filter({ hasText: title })).toContainText(
        "6 guests",
      );

      // --- My Shopping Lists reopens the list used last
      await page.goto("/");
      await page.goto("/grocery-lists");
      await expect(page).toHaveURL(new RegExp(`/grocery-list/${party}$`));
      await expect(page.locator(".list-picker__single-value")).toHaveText(`Party ${suffix}`);
      // ... unless it was deleted: then the cook's only list left opens, there being nothing
      // to choose (issue 34 §12)
      await page.getByRole("button", { name: `Delete: Party ${suffix}` }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page).toHaveURL(new RegExp(`/grocery-list/${weekend}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Weekend ${suffix}`);
    });
  });
}
