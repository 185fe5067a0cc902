import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, gradientPng, signUp, signUpThroughApi, uniqueName } from "./fixtures";

// Issue 24 §2: a week planned with the mouse and with the keyboard, sent to a new shopping
// list, watched live by a second cook, and a recipe planned from its own page.

/** Well above the "within a second", well below a reload's worth of waiting. */
const LIVE = { timeout: 3000 };
const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";

const pad = (value: number) => String(value).padStart(2, "0");
/** A day of this machine's calendar, as the page (same machine, same time zone) counts them. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** This week's days, Monday first. */
function thisWeek(): string[] {
  const now = new Date();
  const sinceMonday = (now.getDay() + 6) % 7;
  return Array.from({ length: 7 }, (_, index) =>
    dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday + index)),
  );
}

async function idOf(page: Page, url: string, name: string): Promise<number> {
  const body = await (await page.request.get(url)).json();
  const list: { id: number; name: string }[] = Array.isArray(body) ? body : body.results;
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`${name} not found at ${url}`);
  return found.id;
}

interface Row {
  search: string;
  name: string;
  quantity: number;
  unit: string;
}

/**
 * A recipe with one ingredient per serving (its shopping line is easy to read), or several
 * rows, each a catalogue ingredient per serving.
 */
async function publishRecipe(
  page: Page,
  title: string,
  ingredient: Row | Row[],
  image?: Buffer,
): Promise<number> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const rows = [];
  for (const row of Array.isArray(ingredient) ? ingredient : [ingredient]) {
    rows.push({
      ingredient_id: await idOf(
        page,
        `/api/ingredients/ingredients/?search=${row.search}&limit=25`,
        row.name,
      ),
      quantity: row.quantity,
      unit_id: await idOf(page, "/api/ingredients/units/", row.unit),
    });
  }
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": csrfToken },
    multipart: {
      title,
      content: "<p>Cook it.</p>",
      servings: "3",
      recipe_ingredients: JSON.stringify(rows),
      ...(image ? { image: { name: "dish.png", mimeType: "image/png", buffer: image } } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

const cell = (page: Page, day: string, slot: string) =>
  page.locator(`[data-cell="${day}|${slot}"]`);
/** A screenshot for a person to look at; a full page from the top (the header is sticky). */
async function shoot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screensDir}/${name}.png`, fullPage });
}

const card = (where: Locator, text: string) => where.locator(".planner-entry", { hasText: text });

/** Drags with the mouse from `from` (a meal's grip) to the middle of `to` (a cell). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // The drop target mid-screen: near an edge the page scrolls by itself while dragging.
  await to.evaluate((element) => element.scrollIntoView({ block: "center" }));
  // Hovering waits for the grip to stand still where it is.
  await from.hover();
  const start = await from.boundingBox();
  if (!start) throw new Error("nothing to drag");
  await page.mouse.down();
  // Past the few pixels that tell a drag from a click.
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 12, {
    steps: 4,
  });
  const end = await to.boundingBox();
  if (!end) throw new Error("nowhere to drop");
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Opens a slot's Add dialog and adds a recipe (searched by `search`) or a note. */
async function addToSlot(
  page: Page,
  day: string,
  slot: string,
  what: { recipe: string; search: string; guests?: string } | { note: string },
): Promise<void> {
  await cell(page, day, slot)
    .getByRole("button", { name: /^Add to / })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Add to / });
  await expect(dialog).toBeVisible();
  if ("note" in what) {
    await dialog.getByRole("radio", { name: "A note" }).check();
    await dialog.getByLabel("Note", { exact: true }).fill(what.note);
  } else {
    await dialog.getByLabel("Recipe", { exact: true }).fill(what.search);
    await page.getByRole("option", { name: what.recipe, exact: true }).click();
    if (what.guests) await dialog.getByLabel("Guests").fill(what.guests);
  }
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a week planned by mouse and keyboard, sent to a list, watched live, planned from a recipe", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(screensDir, { recursive: true });
  const days = thisWeek();
  const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = days as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const todayDay = dayOf(new Date());
  const aContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await aContext.newPage();
  const aName = uniqueName("ann");
  const bName = uniqueName("ben");
  await signUp(a, aName);
  const tag = uniqueName("");
  const pasta = `Pasta al limone ${tag}`;
  const soup = `Egg drop soup ${tag}`;
  await publishRecipe(
    a,
    pasta,
    { search: "flour", name: "All-purpose flour", quantity: 100, unit: "g" },
    gradientPng(),
  );
  const soupId = await publishRecipe(a, soup, {
    search: "egg",
    name: "Egg",
    quantity: 1,
    unit: "piece",
  });

  // --- the planner is in the nav; this week, today marked; the week is in the address
  await a.getByRole("link", { name: "Planner" }).click();
  await expect(a.getByRole("heading", { level: 1, name: "Planner" })).toBeVisible();
  await expect(a.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(a.locator('[aria-current="date"] h3')).toContainText(
    new Date().toLocaleDateString("en-GB", { weekday: "long" }),
  );
  await a.getByRole("link", { name: "Next week" }).click();
  await expect(a).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
  await expect(a.locator('[aria-current="date"]')).toHaveCount(0);
  await a.goBack();
  await expect(a.locator('[aria-current="date"]')).toHaveCount(1);
  await a.goto(`/planner?week=${wednesday}`);
  await expect(a).toHaveURL(`/planner?week=${monday}`);

  // --- two recipes and a note
  await addToSlot(a, monday, "dinner", { recipe: pasta, search: "limone", guests: "2" });
  await expect(card(cell(a, monday, "dinner"), pasta)).toContainText("2 guests");
  await expect(a.getByRole("status").filter({ hasText: `Added ${pasta}` })).toBeVisible();
  await addToSlot(a, tuesday, "lunch", { recipe: soup, search: "egg drop" });
  await expect(card(cell(a, tuesday, "lunch"), soup)).toContainText("4 guests");
  await addToSlot(a, wednesday, "dinner", { note: "Leftovers" });
  await expect(card(cell(a, wednesday, "dinner"), "Leftovers")).toBeVisible();
  // The recipe's title links to it.
  await expect(cell(a, monday, "dinner").getByRole("link", { name: pasta })).toHaveAttribute(
    "href",
    /^\/recipe\/\d+\//,
  );

  // --- the mouse drags the pasta from Monday to Thursday dinner
  await drag(
    a,
    card(cell(a, monday, "dinner"), pasta).getByRole("button", { name: /^Drag / }),
    cell(a, thursday, "dinner"),
  );
  await expect(card(cell(a, thursday, "dinner"), pasta)).toBeVisible();
  await expect(card(cell(a, monday, "dinner"), pasta)).toHaveCount(0);
  await expect(a.getByText(`Moved ${pasta} to `)).toBeVisible();

  // --- the keyboard: Move to… in the soup's menu, to Friday dinner
  const soupOptions = cell(a, tuesday, "lunch").getByRole("button", { name: /^Options for / });
  // For 50 ms after a drop dnd-kit swallows clicks (so the drop isn't also a click), and Enter
  // on a button is a click: on a slow machine the first press can land in that window.
  await expect(async () => {
    await soupOptions.focus();
    await a.keyboard.press("Enter");
    await expect(soupOptions).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass();
  await a.keyboard.press("Tab");
  await expect(a.getByRole("button", { name: "Move to…" })).toBeFocused();
  await a.keyboard.press("Enter");
  const move = a.getByRole("dialog", { name: `Move ${soup}` });
  await expect(move.getByLabel("Day")).toBeFocused();
  await move.getByLabel("Day").selectOption(friday);
  await move.getByLabel("Meal").selectOption("dinner");
  await move.getByRole("button", { name: "Move", exact: true }).press("Enter");
  await expect(card(cell(a, friday, "dinner"), soup)).toBeVisible();
  await expect(card(cell(a, tuesday, "lunch"), soup)).toHaveCount(0);
  // Focus followed the soup to its new place.
  await expect(
    card(cell(a, friday, "dinner"), soup).getByRole("button", { name: /^Drag / }),
  ).toBeFocused();

  // --- the keyboard drags too: Space, an arrow to the next day, Space
  const announcer = a.locator('[id^="DndLiveRegion"]');
  await card(cell(a, wednesday, "dinner"), "Leftovers")
    .getByRole("button", { name: /^Drag / })
    .focus();
  await a.keyboard.press("Space");
  // "Picked up Leftovers.", then at once where it is.
  await expect(announcer).toContainText("Leftovers is over Wednesday");
  await a.keyboard.press("ArrowRight");
  await expect(announcer).toContainText("Leftovers is over Thursday");
  await a.keyboard.press("Space");
  // Said once (issue 34 §19): by the planner's status line, not again by the drag's region.
  await expect(a.locator(".planner-message")).toContainText("Moved Leftovers to Thursday");
  await expect(announcer).not.toContainText("was moved");
  await expect(card(cell(a, thursday, "dinner"), "Leftovers")).toBeVisible();
  await expect(card(cell(a, wednesday, "dinner"), "Leftovers")).toHaveCount(0);
  await expect(
    card(cell(a, thursday, "dinner"), "Leftovers").getByRole("button", { name: /^Drag / }),
  ).toBeFocused();

  // --- Alt while dragging copies: the pasta stays on Thursday and is on Saturday too
  await a.keyboard.down("Alt");
  await drag(
    a,
    card(cell(a, thursday, "dinner"), pasta).getByRole("button", { name: /^Drag / }),
    cell(a, saturday, "dinner"),
  );
  await a.keyboard.up("Alt");
  await expect(card(cell(a, saturday, "dinner"), pasta)).toContainText("2 guests");
  await expect(card(cell(a, thursday, "dinner"), pasta)).toBeVisible();
  await expect(a.getByText(`Copied ${pasta} to `)).toBeVisible();

  // --- all of it was saved
  await a.reload();
  await expect(card(cell(a, thursday, "dinner"), pasta)).toBeVisible();
  await expect(card(cell(a, thursday, "dinner"), "Leftovers")).toBeVisible();
  await expect(card(cell(a, saturday, "dinner"), pasta)).toBeVisible();
  await expect(card(cell(a, friday, "dinner"), soup)).toBeVisible();
  await expect(a.locator(".planner-entry")).toHaveCount(4);
  await expectAccessible(a);
  await shoot(a, "planner-week-desktop", { fullPage: true });
  await a.setViewportSize({ width: 360, height: 740 });
  await expect(a.locator(".planner-week")).toBeVisible();
  // One day after another: nothing wider than the phone.
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(a, "planner-week-phone", { fullPage: true });
  await shoot(a, "planner-phone-top");
  await cell(a, thursday, "dinner").scrollIntoViewIfNeeded();
  await shoot(a, "planner-day-phone");
  await a.setViewportSize({ width: 1280, height: 800 });

  // --- the week goes to a new shopping list
  await a.getByRole("button", { name: "Add to shopping list" }).click();
  const send = a.getByRole("dialog", { name: "Add to shopping list" });
  await send.getByLabel("Shopping list").selectOption({ label: "A new list…" });
  const listName = `Week of ${monday} ${tag}`;
  await send.getByLabel("New list name").fill(listName);
  await expect(send.getByRole("heading", { name: "To send: 3 recipes" })).toBeVisible();
  await expect(send.locator(".planner-send-list li")).toHaveCount(3);
  await expect(send.locator(".planner-send-list li").first()).toContainText(pasta);
  await expect(send.locator(".planner-send-list li").first()).toContainText("2 guests");
  await shoot(a, "planner-send-dialog");
  await expectAccessible(a);
  await send.getByRole("button", { name: "Send" }).click();
  await expect(send.getByText(`Sent 3 recipes to ${listName}.`)).toBeVisible();
  await shoot(a, "planner-sent");

  // --- the list's lines: flour for two pasta dinners of 2, an egg each for the soup's 4
  await send.getByRole("link", { name: listName }).click();
  await expect(a).toHaveURL(/\/grocery-list\/\d+$/);
  const lines = a.locator(".shopping-item");
  await expect(lines.filter({ hasText: "All-purpose flour" })).toContainText("400 g");
  await expect(lines.filter({ hasText: "Egg" })).toContainText("4");
  await expect(a.locator(".planned-entry")).toHaveCount(3);

  // --- sending again sends nothing new: the three are marked as on that list
  await a.goBack();
  await a.getByRole("button", { name: "Add to shopping list" }).click();
  await expect(send.getByRole("heading", { name: "Nothing new to send" })).toBeVisible();
  await expect(send.locator(".planner-send-list.is-sent li")).toHaveCount(3);
  await expect(send.locator(".planner-send-list.is-sent li").first()).toContainText(
    `on ${listName}`,
  );
  await expect(send.getByRole("button", { name: "Send" })).toBeDisabled();
  await send.getByRole("button", { name: "Cancel" }).click();

  // --- a second cook shares the planner and sees changes live
  const bContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const b = await bContext.newPage();
  await signUp(b, bName);
  await a.goto("/planner");
  await a.getByRole("button", { name: "Share" }).click();
  const share = a.getByRole("dialog", { name: "Share your planner" });
  await share.getByLabel("Add a cook").fill(bName);
  await a.getByRole("option", { name: bName }).click();
  await share.getByRole("button", { name: "Add", exact: true }).click();
  await expect(share.getByText(`Shared with ${bName}.`)).toBeVisible();
  await expect(share.getByRole("button", { name: `Remove ${bName}` })).toBeVisible();
  await share.getByRole("button", { name: "Close" }).click();

  const listening = b.waitForResponse(
    (response) => response.url().includes("/api/planner/events/") && response.ok(),
  );
  await b.goto("/planner");
  await b.getByLabel("Planner").selectOption({ label: `${aName}'s planner` });
  await expect(b.getByRole("heading", { level: 1, name: `${aName}'s planner` })).toBeVisible();
  await listening;
  await expect(card(cell(b, thursday, "dinner"), pasta)).toBeVisible();
  await addToSlot(a, sunday, "dinner", { note: "Pizza night" });
  await expect(card(cell(b, sunday, "dinner"), "Pizza night")).toBeVisible(LIVE);
  // ... and the other way: B's move reaches A.
  await cell(b, sunday, "dinner")
    .getByRole("button", { name: /^Options for Pizza night/ })
    .click();
  await b.getByRole("button", { name: "Move to…" }).click();
  await b.getByRole("dialog").getByLabel("Meal").selectOption("lunch");
  await b.getByRole("dialog").getByRole("button", { name: "Move", exact: true }).click();
  await expect(card(cell(a, sunday, "lunch"), "Pizza night")).toBeVisible(LIVE);
  await expect(card(cell(a, sunday, "dinner"), "Pizza night")).toHaveCount(0);
  await bContext.close();

  // --- "Add to planner" on a recipe's page: today, dinner, the recipe's servings
  await a.goto(`/recipes/${soupId}`);
  await a.getByRole("button", { name: "Add to planner" }).click();
  const plan = a.getByRole("dialog", { name: "Add to planner" });
  await expect(plan.getByLabel("Day")).toHaveValue(todayDay);
  await expect(plan.getByLabel("Meal")).toHaveValue("dinner");
  await expect(plan.getByLabel("Guests")).toHaveValue("3");
  await plan.getByLabel("Meal").selectOption("breakfast");
  await plan.getByRole("button", { name: "Add to planner" }).click();
  await expect(plan).toBeHidden();
  await a.getByRole("link", { name: "Open the planner" }).click();
  await expect(card(cell(a, todayDay, "breakfast"), soup)).toContainText("3 guests");
  await aContext.close();
});

// Issue 38 §4: who is at the table. On a phone, a person without an account who is allergic to
// peanuts joins the table; a satay planned for everyone warns of her, until she does not eat it.
test("a meal warns of what does not suit someone at the table, until they do not eat it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(screensDir, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Through the API: on a phone the header's welcome is inside its menu.
  await signUpThroughApi(page, uniqueName("tia"));
  const satay = `Chicken satay ${uniqueName("")}`;
  await publishRecipe(page, satay, [
    { search: "chicken", name: "Chicken breast", quantity: 150, unit: "g" },
    { search: "peanut", name: "Peanut butter", quantity: 30, unit: "g" },
  ]);
  const todayDay = dayOf(new Date());

  // --- Mia joins the table: "Who's eating" opens, Add a person
  await page.goto("/planner");
  const whoIsEating = page.getByRole("button", { name: /^Who's eating/ });
  await expect(whoIsEating).toHaveAttribute("aria-expanded", "false");
  await expect(whoIsEating).toContainText("1 person");
  await whoIsEating.click();
  await page.getByRole("button", { name: "Add a person" }).click();
  const add = page.getByRole("dialog", { name: "Add a person" });
  await expect(add.getByLabel("Name")).toBeFocused();
  await add.getByLabel("Name").fill("Mia");
  await add.getByRole("group", { name: "Allergies" }).getByLabel("Peanuts").check();
  await shoot(page, "planner-table-add-person");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();
  const mia = page.locator(".planner-person", { hasText: "Mia" });
  await expect(mia).toContainText("no peanuts");
  await expect(page.getByRole("status").filter({ hasText: "Added Mia." })).toBeVisible();
  await expect(whoIsEating).toContainText("2 people");
  await shoot(page, "planner-table-phone");

  // --- the satay, tonight, for everyone: it warns of Mia
  await addToSlot(page, todayDay, "dinner", { recipe: satay, search: "satay" });
  const entry = card(cell(page, todayDay, "dinner"), satay);
  const warning = entry.getByRole("list", { name: "Warnings" }).getByRole("listitem");
  await expect(warning).toHaveText("Contains peanuts — Mia");
  // What each person eats that day: a serving each.
  const day = page.locator(`section[aria-labelledby="planner-day-${todayDay}"]`);
  await expect(day.getByRole("list", { name: "Energy per person" })).toContainText("Mia:");
  await entry.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await shoot(page, "planner-warning-phone");

  // --- Mia does not eat it: the warning goes
  await entry.getByRole("button", { name: /^Options for / }).click();
  await page.getByRole("button", { name: "Who's eating…" }).click();
  const eaters = page.getByRole("dialog", { name: `Who's eating ${satay}` });
  const miaEats = eaters.getByRole("checkbox", { name: /^Mia/ });
  await expect(eaters.getByRole("checkbox")).toHaveCount(2);
  await expect(miaEats).toBeChecked();
  await shoot(page, "planner-eaters-dialog");
  await miaEats.uncheck();
  await eaters.getByRole("button", { name: "Save" }).click();
  await expect(eaters).toBeHidden();
  await expect(entry).toContainText("Eating: 1 of 2");
  await expect(warning).toHaveCount(0);
  await entry.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await shoot(page, "planner-warning-gone-phone");

  // --- it was saved
  await page.reload();
  await expect(card(cell(page, todayDay, "dinner"), satay)).toContainText("Eating: 1 of 2");
  await expect(warning).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});
