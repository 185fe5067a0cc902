import { expect, type Page, test } from "@playwright/test";
import { planExtra, shoot, signUp, uniqueName } from "./fixtures";

/** Well above the spec's "within a second", well below a reload's worth of waiting. */
const LIVE = { timeout: 5000 };
/** Spec §9: the notes autosave 2 s after typing stops. */
const AUTOSAVE_DELAY_MS = 2000;

/** Opens the list and waits until its change stream is answered: changes from then on arrive. */
async function openListLive(page: Page, listPath: string, listApi: string) {
  const listening = page.waitForResponse(
    (response) => response.url().endsWith(`${listApi}/events/`) && response.ok(),
  );
  await page.goto(listPath);
  await listening;
}

test("two shoppers on one list see each other's changes without reloading", async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("alice");
  const bName = uniqueName("bob");
  await signUp(a, aName);
  await signUp(b, bName);

  // --- A creates a list with flour on it and shares it with B
  await a.goto("/grocery-lists");
  await a.getByLabel("New list name").fill(`Market run ${uniqueName("")}`);
  await a.getByRole("button", { name: "Create New List" }).click();
  await expect(a).toHaveURL(/\/grocery-list\/\d+$/);
  const listPath = new URL(a.url()).pathname;
  const listApi = listPath.replace("/grocery-list/", "/api/groceries/lists/");
  await planExtra(a, "flour", "All-purpose flour", "50", "g");
  await expect(a.locator(".shopping-item")).toHaveText(["50 g All-purpose flour for Extras"]);
  const { csrfToken } = await (await a.request.get("/api/auth/csrf/")).json();
  const shared = await a.request.post(`${listApi}/members/`, {
    headers: { "X-CSRFToken": csrfToken },
    data: { username: bName },
  });
  expect(shared.status(), await shared.text()).toBe(201);

  // --- both open the list; A's page is never reloaded from here on. B's clock is Playwright's,
  // running at its own pace, so the journey can jump past the autosave wait instead of sleeping.
  await b.clock.install();
  await openListLive(a, listPath, listApi);
  await openListLive(b, listPath, listApi);
  await a.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // --- B ticks the flour and plans butter: A sees both
  const bFlour = b.getByRole("checkbox", { name: "50 g All-purpose flour for Extras" });
  await bFlour.check();
  await expect(bFlour).toBeChecked();
  await expect(a.getByRole("checkbox", { name: "50 g All-purpose flour for Extras" })).toBeChecked(
    LIVE,
  );
  await planExtra(b, "butt", "Butter", "2.5", "tbsp");
  // In the order of the shop (decision 13): Dairy & eggs before Pantry.
  await expect(b.locator(".shopping-item")).toHaveText([
    "2½ tbsp Butter for Extras",
    "50 g All-purpose flour for Extras",
  ]);
  await expect(a.getByRole("checkbox", { name: "2½ tbsp Butter for Extras" })).toBeVisible(LIVE);
  await expect(a.locator(".planned-entry", { hasText: "Butter" })).toBeVisible(LIVE);
  await shoot(a, "live-two-shoppers-a", { fullPage: false });
  await shoot(b, "live-two-shoppers-b", { fullPage: false });

  // --- A saves notes while B has typed notes of its own, not yet saved
  const aNotes = a.getByRole("textbox", { name: "Notes" });
  const bNotes = b.getByRole("textbox", { name: "Notes" });
  await aNotes.click();
  await aNotes.pressSequentially("Eggs from the market");
  await bNotes.click();
  await bNotes.pressSequentially("Milk, please");
  // Leaving the page saves A's notes at once, well inside B's 2 s autosave wait.
  await a.getByRole("link", { name: "My Recipes" }).click();
  await expect(a.getByRole("heading", { name: "All Recipes" })).toBeVisible();

  // --- B keeps its text and is told; nothing of B's is saved over A's meanwhile
  let bNotesSaves = 0;
  b.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().endsWith(`${listApi}/`)) bNotesSaves++;
  });
  const warning = b.getByRole("alert").filter({ hasText: `Notes were changed by ${aName}` });
  await expect(warning).toBeVisible(LIVE);
  await expect(bNotes).toHaveText("Milk, please");
  await shoot(b, "live-notes-changed-b", { fullPage: false });

  // --- B loads A's notes; autosave stays quiet, the server keeps A's
  await warning.getByRole("button", { name: "Load their notes" }).click();
  await expect(bNotes).toHaveText("Eggs from the market");
  await expect(warning).toBeHidden();
  // Past the autosave wait at once; then a request of B's own: the browser reports requests in
  // the order it sends them, so any save the wait set off has been counted by the time it shows.
  await b.clock.runFor(AUTOSAVE_DELAY_MS + 500);
  await Promise.all([
    b.waitForRequest((request) => request.url().endsWith("/api/health/")),
    b.evaluate(() => fetch("/api/health/")),
  ]);
  expect(bNotesSaves).toBe(0);
  await expect(b.getByText("Saving...")).toHaveCount(0);
  const list = await (await b.request.get(`${listApi}/`)).json();
  expect(list.notes).toBe("<p>Eggs from the market</p>");

  // --- A comes back (in the app, not a reload) to its own notes
  await a.goBack();
  await expect(aNotes).toHaveText("Eggs from the market");
  expect(
    await a.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});
