import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signUp, uniqueName } from "./fixtures";

// Issue 23 §5 on the recipe form and page, on a phone and on a laptop: tags (one picked from
// the suggestions of tags in use, one new), prep and cook minutes and a source address are
// saved; the recipe page says them ("Prep 15 min · Cook 1 h · Total 1 h 15 min", "From
// example.com", tag links to Explore filtered by the tag); editing keeps them.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
];
const SHOTS_DIR = "/tmp/shots";

/** Publishes a recipe with `tags` through the API, so the tags are in use (suggested). */
async function publishTagged(page: Page, title: string, tags: string[]) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": csrfToken },
    multipart: {
      title,
      content: "<p>Mix and bake.</p>",
      recipe_ingredients: "[]",
      tags: JSON.stringify(tags),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

for (const viewport of VIEWPORTS) {
  test(`tags, times and source: form, recipe page, explore link, edit (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, uniqueName("tagger"));
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const suffix = uniqueName("");
    const known = `weeknight${suffix}`;
    const fresh = `Family ${suffix}`;
    await publishTagged(page, `Pasta ${suffix}`, [known]);

    const title = `Tomato soup ${suffix}`;
    await page.goto("/recipes/new");
    await expect(page.getByRole("heading", { name: "Create New Recipe" })).toBeVisible();
    await page.getByLabel("Title").fill(title);
    const editor = page.getByRole("textbox", { name: "Instructions" });
    await editor.click();
    await editor.pressSequentially("Simmer the tomatoes.");

    // One tag from the suggestions: the tags in use that start with what is typed.
    const tagsInput = page.getByLabel("Tags", { exact: true });
    await tagsInput.fill("weeknight");
    await page.getByRole("option", { name: `${known} (1 recipe)` }).click();
    const chips = page.getByRole("list", { name: "Chosen tags" });
    await expect(chips.getByText(known, { exact: true })).toBeVisible();
    // One new, kept as the server stores it: lower-cased.
    await tagsInput.fill(fresh);
    await expect(
      page.getByRole("option", { name: `Add tag "${fresh.toLowerCase()}"` }),
    ).toBeVisible();
    await tagsInput.press("Enter");
    await expect(chips.getByText(fresh.toLowerCase(), { exact: true })).toBeVisible();
    // A tag over the contract's 30 characters is refused, saying why.
    await tagsInput.fill("x".repeat(31));
    await page.getByRole("option", { name: /^Add tag/ }).click();
    await expect(
      page.getByText("A tag can be at most 30 characters (this one has 31)."),
    ).toBeVisible();
    await expect(chips.getByRole("listitem")).toHaveCount(2);

    await page.getByLabel("Prep time (minutes)").fill("15");
    await page.getByLabel("Cook time (minutes)").fill("60");
    await page.getByLabel("Source URL").fill("https://www.example.com/tomato-soup");
    await expectAccessible(page);
    if (viewport.name === "phone") {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.getByLabel("Tags", { exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS_DIR}/recipe-tags-times-form-phone.png` });
    }
    await page.getByRole("button", { name: "Create Recipe" }).click();

    // The recipe page says them.
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Prep 15 min · Cook 1 h · Total 1 h 15 min")).toBeVisible();
    const source = page.getByRole("link", { name: /^example\.com/ });
    await expect(source).toHaveAttribute("href", "https://www.example.com/tomato-soup");
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(source).toHaveAttribute("rel", "noopener nofollow ugc");
    await expect(page.getByText("From example.com")).toBeVisible();
    const tagLinks = page.getByRole("list", { name: "Tags", exact: true });
    await expect(tagLinks.getByRole("link")).toHaveText([fresh.toLowerCase(), known]);
    await expectAccessible(page);
    if (viewport.name === "phone") {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS_DIR}/recipe-tags-times-phone.png` });
    }
    const recipeUrl = page.url();

    // Editing shows them and keeps them.
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit Recipe" })).toBeVisible();
    await expect(chips.getByRole("listitem")).toHaveCount(2);
    await expect(chips.getByText(known, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Prep time (minutes)")).toHaveValue("15");
    await expect(page.getByLabel("Cook time (minutes)")).toHaveValue("60");
    await expect(page.getByLabel("Source URL")).toHaveValue("https://www.example.com/tomato-soup");
    await page.getByLabel("Title").fill(`${title} with basil`);
    await page.getByRole("button", { name: "Update Recipe" }).click();
    await expect(page.getByRole("heading", { name: `${title} with basil` })).toBeVisible();
    await expect(page.getByText("Prep 15 min · Cook 1 h · Total 1 h 15 min")).toBeVisible();
    await expect(tagLinks.getByRole("link")).toHaveText([fresh.toLowerCase(), known]);
    await expect(page.getByText("From example.com")).toBeVisible();
    expect(page.url()).toBe(recipeUrl);

    // A tag opens Explore filtered by it.
    await tagLinks.getByRole("link", { name: known }).click();
    await expect(page).toHaveURL(new RegExp(`/explore\\?tag=${known}$`));
  });
}

test("an imported page fills the tags, times and source", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueName("importer"));
  const title = `Barley stew ${uniqueName("")}`;
  const html = `<!doctype html><html><head><title>${title}</title>
<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: title,
    keywords: "Stew, Winter",
    recipeCategory: "Dinner",
    prepTime: "PT20M",
    cookTime: "PT1H30M",
    recipeIngredient: ["200 g pearl barley"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Simmer the barley." }],
  })}</script></head><body><h1>${title}</h1></body></html>`;
  await page.goto("/recipes/new");
  await page.getByText("Or paste the page").click();
  await page.getByLabel("Import from a link").fill("https://stews.example.org/barley");
  await page.getByLabel("Page source (HTML)").fill(html);
  await page.getByRole("button", { name: "Import pasted page" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const chips = page.getByRole("list", { name: "Chosen tags" });
  await expect(chips.getByRole("listitem")).toHaveCount(3);
  for (const tag of ["stew", "winter", "dinner"]) {
    await expect(chips.getByText(tag, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Prep time (minutes)")).toHaveValue("20");
  await expect(page.getByLabel("Cook time (minutes)")).toHaveValue("90");
  await expect(page.getByLabel("Source URL")).toHaveValue("https://stews.example.org/barley");
});
