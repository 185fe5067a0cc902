import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import yazl from "yazl";
import { expectAccessible, gradientPng, signUp, uniqueName } from "./fixtures";

// Bulk import (issue 25 §2): a Paprika export made here as Paprika 3 writes one (a zip of
// gzipped JSON entries, each photo as base64 PNG in photo_data), uploaded on the Import page;
// the progress reaches the end live, the report links each recipe, and an imported recipe
// shows its picture. The same file dropped again is skipped recipe by recipe.

const shots = process.env.IMPORT_SHOTS_DIR ?? "/tmp/w/shots";
const tag = uniqueName("");
const titles = Array.from({ length: 8 }, (_, index) => `Imported stew ${index + 1} ${tag}`);

function paprikaFile(): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  titles.forEach((name, index) => {
    const recipe = {
      name,
      servings: "4 servings",
      ingredients: "400 g red lentils\n2 onions\n2 handfuls of fresh herbs",
      directions: "Soften the onions.\nAdd the lentils and simmer.",
      categories: ["Soups"],
      prep_time: "10 min",
      cook_time: "30 min",
      photo_data: gradientPng(320 + index, 200).toString("base64"),
    };
    archive.addBuffer(gzipSync(JSON.stringify(recipe)), `${name}.paprikarecipe`);
  });
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on("error", reject);
  });
}

async function shootBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${shots}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a Paprika export imported on the Import page, live, with pictures", async ({ page }) => {
  test.setTimeout(120_000);
  const file = await paprikaFile();
  await signUp(page, uniqueName("importer"));
  await page.goto("/recipes");
  await page.getByRole("link", { name: "Import recipes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import recipes" })).toBeVisible();
  await expect(page.getByText(/Paprika, Mealie, Tandoor, Nextcloud Cookbook/)).toBeVisible();
  await expect(page.getByText("No imports yet.")).toBeVisible();

  await page.getByLabel("Choose a file").setInputFiles({
    name: "My Recipes.paprikarecipes",
    mimeType: "application/octet-stream",
    buffer: file,
  });
  await page.getByRole("button", { name: "Import file" }).click();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await shootBoth(page, "bulk-import-running");

  // The counts come from the event stream while it runs; no reload.
  await expect(
    page.getByText(`8 of 8 processed · 8 imported · 0 skipped · 0 failed`).first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  // The import's end comes after its last recipe (the job writes it, then its event): give it
  // the time a busy machine needs, as for the recipes.
  await expect(page.getByRole("status").filter({ hasText: "Finished" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(progress).toHaveAttribute("value", "8");
  await expect(page.getByRole("heading", { name: /Import from Paprika/ })).toBeVisible();
  const report = page.locator(".import-items");
  for (const title of titles) {
    await expect(report.getByRole("link", { name: title })).toBeVisible();
  }
  await expectAccessible(page);
  await shootBoth(page, "bulk-import-done");

  // Leaving and coming back: the import is there with its report.
  await page.getByRole("link", { name: "Back to My Recipes" }).click();
  await expect(page.getByRole("link", { name: `View ${titles[0]}` })).toBeVisible();
  await page.getByRole("link", { name: "Import recipes" }).click();
  await expect(
    page.getByText("8 of 8 processed · 8 imported · 0 skipped · 0 failed").first(),
  ).toBeVisible();
  await expect(page.locator(".import-history-list li")).toHaveCount(1);

  // The same file dropped on the zone: every recipe is already there.
  const dropped = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], "again.paprikarecipes"));
    return transfer;
  }, file.toString("base64"));
  await page.locator(".import-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByText("Chosen: again.paprikarecipes")).toBeVisible();
  await page.getByRole("button", { name: "Import file" }).click();
  await expect(
    page.getByText("8 of 8 processed · 0 imported · 8 skipped · 0 failed").first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("Already in your recipes.").first()).toBeVisible();
  await expect(page.locator(".import-history-list li")).toHaveCount(2);

  // A file that is no export: the import fails and says why.
  await page.getByLabel("Choose a file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("just some notes"),
  });
  await page.getByRole("button", { name: "Import file" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Failed" })).toBeVisible({
    timeout: 30_000,
  });

  // An imported recipe, with its picture.
  await page
    .getByRole("link", { name: /Paprika/ })
    .last()
    .click();
  await page.locator(".import-items").getByRole("link", { name: titles[0] }).click();
  await expect(page.getByRole("heading", { level: 1, name: titles[0] })).toBeVisible();
  const picture = page.locator(".recipe-detail-image");
  await expect(picture).toBeVisible();
  // Loaded and decoded (visible is only its box).
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // Among the ingredients (the nutrition card names it too, as a row it could not count).
  await expect(page.locator(".ingredient-list").getByText("fresh herbs")).toBeVisible();
});
