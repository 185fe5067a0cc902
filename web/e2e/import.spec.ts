import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectAccessible, gradientPng, shoot, signUp, uniqueName } from "./fixtures";

// A recipe site of our own on this machine (the server is started with
// IMPORT_ALLOW_PRIVATE_HOSTS=true, see playwright.config.ts): a page as real sites write them,
// JSON-LD in a @graph, yield "Serves 8", sections of steps, a picture, and one line that
// matches nothing in the catalogue.
const TITLE = `Red lentil soup ${uniqueName("")}`;
const recipePage = (origin: string, picture = `${origin}/soup.png`) => `<!doctype html>
<html><head><title>${TITLE} | A food blog</title>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebSite", "@id": `${origin}/#site`, name: "A food blog" },
    {
      "@type": ["Recipe", "NewsArticle"],
      name: TITLE,
      image: [picture],
      recipeYield: "Serves 8",
      recipeIngredient: ["400 g red lentils", "2 onions, chopped", "1 sprig of grobblewort"],
      recipeInstructions: [
        {
          "@type": "HowToSection",
          name: "Soup",
          itemListElement: [
            { "@type": "HowToStep", text: "Soften the onions." },
            { "@type": "HowToStep", text: "Add the lentils and simmer for 20 minutes." },
          ],
        },
        { "@type": "HowToStep", text: "Season &amp; serve." },
      ],
    },
  ],
})}</script></head>
<body><h1>${TITLE}</h1><p>Our favourite soup.</p></body></html>`;

let site: Server;
let origin = "";
test.beforeAll(async () => {
  const picture = gradientPng();
  site = createServer((request, response) => {
    if (request.url === "/soup.png") {
      response.writeHead(200, { "content-type": "image/png" }).end(picture);
    } else if (request.url === "/gone.png") {
      response.writeHead(404).end();
    } else {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      // A page under /no-picture/ names a picture that is gone.
      const gone = request.url?.startsWith("/no-picture/") ? `${origin}/gone.png` : undefined;
      response.end(recipePage(origin, gone));
    }
  });
  await new Promise<void>((listening) => site.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((closed) => site.close(() => closed())));

test("a cook imports a recipe from a link, a line kept as written, adds pasted lines and cooks from it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName("importer"));
  await page.goto("/recipes/new");

  // --- the link fills the form: the page's 8 servings and its quantities as written for them
  // (issue 22, item 4; before, they were moved to 4 servings: 200 g and 1 onion)
  await page.getByLabel("Import from a link").fill(`${origin}/recipes/red-lentil-soup`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByLabel("Title")).toHaveValue(TITLE);
  await expect(page.getByRole("textbox", { name: "Instructions" })).toContainText(
    "Add the lentils and simmer for 20 minutes.",
  );
  await expect(page.getByLabel("Servings", { exact: true })).toHaveValue("8");
  await expect(page.getByLabel("Quantity 1", { exact: true })).toHaveValue("400");
  await expect(page.getByLabel("Quantity 2", { exact: true })).toHaveValue("2");
  await expect(page.getByText(/The picture from 127\.0\.0\.1 will be added/)).toBeVisible();

  // --- the line that matched nothing is kept as written (issue 25), its amount apart: nothing
  // to complete, nothing in the way of saving
  const kept = page.locator(".ingredient-row").nth(2);
  await expect(kept).toContainText("grobblewort");
  await expect(kept).toContainText("Kept as written: quantity and unit are optional.");
  await expect(page.getByLabel("Quantity 3", { exact: true })).toHaveValue("1");
  await expect(page.getByLabel("Unit 3", { exact: true }).locator("option:checked")).toHaveText(
    "sprig",
  );
  await expect(page.locator(".ingredient-row.needs-check")).toHaveCount(0);
  await shoot(page, "import-draft");
  await expectAccessible(page);

  // --- pasted lines become rows too
  await page.getByText("Paste ingredient lines").click();
  await page.getByLabel("One ingredient per line, for 8 servings").fill("2 tbsp olive oil\n\n");
  await page.getByRole("button", { name: "Add these lines" }).click();
  await expect(page.getByLabel("Quantity 4", { exact: true })).toHaveValue("2");

  // --- saved: the page's picture came with it
  await page.getByRole("button", { name: "Create Recipe" }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  const picture = page.locator(".recipe-detail-image");
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );
  const ingredients = page.locator(".ingredient-list li");
  // The recipe page opens at the recipe's 8 servings: the lines read as the page wrote them,
  // "chopped" kept as the row's note (issue 34 §7).
  await expect(page.getByLabel("Guests")).toHaveValue("8");
  await expect(ingredients).toHaveText([
    "400 g Red lentil",
    "2 onions, chopped",
    "1 sprig grobblewort",
    "2 tbsp Olive oil",
  ]);

  // --- cook mode by keyboard, then the page on paper and in the dark
  await page.getByRole("button", { name: "Cook mode" }).click();
  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog.getByText("Step 1 of 3")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.locator(".cook-step-text")).toHaveText(
    "Add the lentils and simmer for 20 minutes.",
  );
  await page.keyboard.press("ArrowRight");
  await expect(dialog.locator(".cook-step-text")).toHaveText("Season & serve.");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await shoot(page, "import-print");
  await page.emulateMedia({ media: "screen", colorScheme: "dark" });
  await shoot(page, "import-dark");
});

test("a page whose picture can't be fetched is saved without it, and the cook is told (issue 34 §8)", async ({
  page,
}) => {
  await signUp(page, uniqueName("pictureless"));
  await page.goto("/recipes/new");
  await page.getByLabel("Import from a link").fill(`${origin}/no-picture/red-lentil-soup`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByLabel("Title")).toHaveValue(TITLE);
  await page.getByRole("button", { name: "Create Recipe" }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "saved without its picture" }),
  ).toContainText("could not be fetched");
  await expect(page.locator(".recipe-detail-image")).toHaveCount(0);
});
