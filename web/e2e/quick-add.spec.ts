import { expect, type Page, test } from "@playwright/test";
import { createGroceryList, shoot, signUp, uniqueName } from "./fixtures";

// A list that takes anything (issue 24 §3): the cook types lines into "Add an item", some
// the catalogue knows and some it does not, and keeps adding and ticking with no signal.

// The offline reload is the service worker's work, as in offline.spec.ts.
test.use({ serviceWorkers: "allow" });

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test("quick-add a catalogue line, a free line and one with a unit; tick and add offline; all kept", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName("quick"));
  const listUrl = await createGroceryList(page, `Saturday ${uniqueName("")}`);
  const listId = Number(new URL(listUrl).pathname.split("/").pop());

  // --- three lines typed, each added on Enter; the field clears and keeps the focus
  const field = page.getByLabel("Add an item");
  await expect(field).toHaveAttribute("placeholder", "2 kg potatoes, paper towels…");
  await field.press("Enter");
  await expect(page.getByText("Type what to add, for example 2 lemons.")).toBeVisible();
  for (const line of ["2 lemons", "paper towels", "500 g mystery flour"]) {
    await field.fill(line);
    await field.press("Enter");
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
  }
  const lemons = page.getByRole("checkbox", { name: "2 lemons for Extras" });
  const towels = page.getByRole("checkbox", { name: "paper towels for Extras" });
  const flour = page.getByRole("checkbox", { name: "500 g mystery flour for Extras" });
  await expect(lemons).toBeVisible();
  await expect(towels).toBeVisible();
  await expect(flour).toBeVisible();
  // The catalogue knows lemons (Produce); the free lines start in Other.
  await expect(page.getByRole("region", { name: "Produce" })).toContainText("2 lemons");
  const other = page.getByRole("region", { name: "Other" });
  await expect(other).toContainText("paper towels");
  await expect(other).toContainText("500 g mystery flour");

  // --- a free line moves to another aisle like any line, and stays there for this cook
  await page.getByRole("button", { name: "Arrange" }).click();
  await page.getByLabel("Aisle for paper towels").selectOption({ label: "Household" });
  await expect(page.getByRole("region", { name: "Household" })).toContainText("paper towels");
  await page.getByRole("button", { name: "Arrange" }).click();
  await shoot(page, "quick-add-lines", { fullPage: false });

  // --- opened once through the service worker, so the list reloads with no network
  await waitForServiceWorker(page);
  await page.reload();
  await expect(towels).toBeVisible();

  // --- no network: three ticks and one more line, kept on the device
  await context.setOffline(true);
  page.on("dialog", (dialog) => {
    throw new Error(`Unexpected alert: ${dialog.message()}`);
  });
  await lemons.check();
  await towels.check();
  await flour.check();
  await field.fill("bin bags");
  await field.press("Enter");
  await expect(field).toHaveValue("");
  const waiting = page.getByRole("list", { name: "Being added" });
  await expect(waiting).toHaveText("bin bags waiting for the network");
  const bar = page.locator(".sync-bar [role=status]");
  await expect(bar).toHaveText("Offline — 4 changes waiting");
  await shoot(page, "quick-add-offline", { fullPage: false });

  // --- still offline, the page is reloaded: nothing is lost
  await page.reload();
  await expect(lemons).toBeChecked();
  await expect(towels).toBeChecked();
  await expect(flour).toBeChecked();
  await expect(waiting).toHaveText("bin bags waiting for the network");

  // --- back online: everything goes out, and a reload shows it from the server
  await context.setOffline(false);
  await expect(bar).toHaveText("All changes saved");
  await expect(page.getByRole("checkbox", { name: "bin bags for Extras" })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.reload();
  await expect(lemons).toBeChecked();
  await expect(towels).toBeChecked();
  await expect(flour).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "bin bags for Extras" })).not.toBeChecked();
  await expect(page.getByRole("region", { name: "Household" })).toContainText("paper towels");

  const items: { ingredient: { name: string }; text: string | null; is_checked: boolean }[] =
    await (await page.request.get(`/api/groceries/items/?grocery_list=${listId}`)).json();
  expect(items.map((item) => [item.ingredient.name, item.text, item.is_checked]).sort()).toEqual([
    ["Lemon", null, true],
    ["bin bags", "bin bags", false],
    ["mystery flour", "mystery flour", true],
    ["paper towels", "paper towels", true],
  ]);
});
