// The week planner (issue 24, section 1), one cook's own: entries and their order, the input
// refused, sending a week to a shopping list, the calendar feed and filling the gaps. Sharing
// and live events: planner-sharing.test.ts.
import { createHash } from "node:crypto";
import {
  BAD_DATE,
  PLANNER_RANGE_ERROR,
  type PlannerEntry,
  RECIPE_OR_NOTE,
} from "@potluck/contract";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { recipes } from "../src/db/schema.js";
import { addDays } from "../src/planner/suggestions.js";
import { buildRecipe, buildUser, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const EGG = await ingredientId(db, "Egg");
const PIECE = await unitId(db, "piece");

type Response = { statusCode: number; body: string; json: <T>() => T };
const ok = async <T = { id: number }>(response: Promise<Response>): Promise<T> => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as T;
};
const refused = async (response: Promise<Response>, status = 400) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body) as Record<string, string[]>;
};

// A week far from today's, so the calendar's window (a month back, four ahead) is tested apart.
const MONDAY = "2030-03-04";
const day = (n: number) => addDays(MONDAY, n);

async function cookWithRecipes(count = 2) {
  const cook = await signedIn(app, db);
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await buildRecipe(db, cook.user.id, {
        title: `Stew ${i}`,
        ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
      }),
    );
  }
  return { ...cook, recipes: made };
}

const addEntry = (agent: Agent, body: Record<string, unknown>) =>
  ok<PlannerEntry>(agent.post("/api/planner/entries/", body));
const week = (agent: Agent, start = day(0), end = day(6), planner?: string) =>
  ok<PlannerEntry[]>(
    agent.get(
      `/api/planner/entries/?start=${start}&end=${end}${planner ? `&planner=${planner}` : ""}`,
    ),
  );
/** Each entry as `date slot position label`, in the order given. */
const layout = (entries: PlannerEntry[]) =>
  entries.map((e) => `${e.date} ${e.slot} ${e.position} ${e.recipe?.title ?? e.note}`);

describe("entries", () => {
  it("adds recipes and notes at the end of their slot and lists a range by date, slot and position", async () => {
    const cook = await cookWithRecipes();
    const [stew, soup] = cook.recipes;
    if (!stew || !soup) throw new Error("no recipes");
    const dinner = await addEntry(cook.agent, { date: day(1), slot: "dinner", recipe_id: stew.id });
    expect(dinner).toEqual({
      id: dinner.id,
      date: day(1),
      slot: "dinner",
      position: 0,
      recipe: { id: stew.id, title: stew.title, slug: stew.slug, image_card: null },
      unavailable_recipe: null,
      guests: 4,
      note: null,
      sent_to: null,
      created_by: cook.user.username,
      // Everyone eats it; nobody at the table has needs; an egg's nutrition (planner-people.test.ts).
      eaters: null,
      warnings: [],
      nutrition: { per_serving: expect.objectContaining({ energy_kcal: 72 }), complete: true },
    });
    const leftovers = await addEntry(cook.agent, {
      date: day(1),
      slot: "dinner",
      note: "  Leftovers ",
    });
    expect([leftovers.position, leftovers.note, leftovers.guests, leftovers.recipe]).toEqual([
      1,
      "Leftovers",
      null,
      null,
    ]);
    await addEntry(cook.agent, { date: day(1), slot: "breakfast", note: "Toast" });
    await addEntry(cook.agent, { date: day(1), slot: "snack", note: "Fruit" });
    await addEntry(cook.agent, { date: day(0), slot: "lunch", recipe_id: soup.id, guests: 2 });
    await addEntry(cook.agent, { date: day(1), slot: "lunch", note: "Eat out" });
    // Outside the range asked for.
    await addEntry(cook.agent, { date: day(7), slot: "breakfast", note: "Next week" });

    const entries = await week(cook.agent);
    expect(layout(entries)).toEqual([
      `${day(0)} lunch 0 ${soup.title}`,
      `${day(1)} breakfast 0 Toast`,
      `${day(1)} lunch 0 Eat out`,
      `${day(1)} dinner 0 ${stew.title}`,
      `${day(1)} dinner 1 Leftovers`,
      `${day(1)} snack 0 Fruit`,
    ]);
    expect(entries[0]?.guests).toBe(2);
    // Another cook's own planner is empty: one planner each.
    const other = await signedIn(app, db);
    expect(await week(other.agent)).toEqual([]);
  });

  it("moves and reorders entries, keeping the old and the new slot 0, 1, 2…", async () => {
    const cook = await cookWithRecipes(1);
    const [a, b, c] = [
      await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "A" }),
      await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "B" }),
      await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "C" }),
    ];
    const d = await addEntry(cook.agent, { date: day(1), slot: "dinner", note: "D" });
    const patch = (id: number, body: Record<string, unknown>) =>
      ok<PlannerEntry>(cook.agent.patch(`/api/planner/entries/${id}/`, body));

    expect((await patch(b.id, { position: 0 })).position).toBe(0);
    expect(layout(await week(cook.agent))).toEqual([
      `${day(0)} dinner 0 B`,
      `${day(0)} dinner 1 A`,
      `${day(0)} dinner 2 C`,
      `${day(1)} dinner 0 D`,
    ]);
    // To another day without a position: the end of its new slot.
    const moved = await patch(a.id, { date: day(1) });
    expect([moved.date, moved.slot, moved.position]).toEqual([day(1), "dinner", 1]);
    expect(layout(await week(cook.agent))).toEqual([
      `${day(0)} dinner 0 B`,
      `${day(0)} dinner 1 C`,
      `${day(1)} dinner 0 D`,
      `${day(1)} dinner 1 A`,
    ]);
    // To another day and slot at a position; a position past the end is the end.
    await patch(c.id, { date: day(1), slot: "lunch", position: 0 });
    await patch(d.id, { position: 99 });
    expect(layout(await week(cook.agent))).toEqual([
      `${day(0)} dinner 0 B`,
      `${day(1)} lunch 0 C`,
      `${day(1)} dinner 0 A`,
      `${day(1)} dinner 1 D`,
    ]);
    // Into the middle of a slot.
    await patch(b.id, { date: day(1), slot: "dinner", position: 1 });
    expect(layout(await week(cook.agent))).toEqual([
      `${day(1)} lunch 0 C`,
      `${day(1)} dinner 0 A`,
      `${day(1)} dinner 1 B`,
      `${day(1)} dinner 2 D`,
    ]);
    // Changing a note, and the guests of a recipe entry.
    expect((await patch(b.id, { note: "Pizza night" })).note).toBe("Pizza night");
    const [recipe] = cook.recipes;
    const planned = await addEntry(cook.agent, {
      date: day(2),
      slot: "dinner",
      recipe_id: recipe?.id,
    });
    expect((await patch(planned.id, { guests: 9 })).guests).toBe(9);
  });

  it("keeps positions 0, 1, 2… when an entry is deleted", async () => {
    const cook = await signedIn(app, db);
    const a = await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "A" });
    const b = await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "B" });
    await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "C" });
    expect((await cook.agent.delete(`/api/planner/entries/${b.id}/`)).statusCode).toBe(204);
    expect(layout(await week(cook.agent))).toEqual([
      `${day(0)} dinner 0 A`,
      `${day(0)} dinner 1 C`,
    ]);
    await cook.agent.delete(`/api/planner/entries/${a.id}/`);
    expect(layout(await week(cook.agent))).toEqual([`${day(0)} dinner 0 C`]);
    expect((await cook.agent.delete(`/api/planner/entries/${a.id}/`)).statusCode).toBe(404);
  });

  it("numbers a slot 0, 1, 2… after a recipe delete took an entry from it, and the next write closes the gap", async () => {
    const cook = await cookWithRecipes(1);
    const [recipe] = cook.recipes;
    await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "A" });
    await addEntry(cook.agent, { date: day(0), slot: "dinner", recipe_id: recipe?.id });
    await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "C" });
    expect((await cook.agent.delete(`/api/recipes/recipes/${recipe?.id}/`)).statusCode).toBe(204);
    expect(layout(await week(cook.agent))).toEqual([
      `${day(0)} dinner 0 A`,
      `${day(0)} dinner 1 C`,
    ]);
    const d = await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "D" });
    expect(d.position).toBe(2);
    const stored = await db.execute<{ position: number }>(
      sql`select position from planner_entries where owner_id = ${cook.user.id} order by position`,
    );
    expect(stored.rows.map((row) => row.position)).toEqual([0, 1, 2]);
  });
});

describe("input the planner refuses", () => {
  it("answers 400 naming the field", async () => {
    const cook = await cookWithRecipes(1);
    const stranger = await buildUser(db);
    const hidden = await buildRecipe(db, stranger.id, { title: "Secret" });
    await db.execute(sql`update ${recipes} set visibility = 'private' where id = ${hidden.id}`);
    const recipeId = cook.recipes[0]?.id;
    const note = await addEntry(cook.agent, { date: day(0), slot: "dinner", note: "Out" });
    const planned = await addEntry(cook.agent, {
      date: day(0),
      slot: "lunch",
      recipe_id: recipeId,
    });
    const get = (query: string) => cook.agent.get(`/api/planner/entries/?${query}`);
    const post = (body: Record<string, unknown>) => cook.agent.post("/api/planner/entries/", body);
    const patch = (id: number, body: Record<string, unknown>) =>
      cook.agent.patch(`/api/planner/entries/${id}/`, body);

    const cases: [string, Promise<Response>, Record<string, string[]>][] = [
      ["63 days", get(`start=${day(0)}&end=${day(62)}`), { end: [PLANNER_RANGE_ERROR] }],
      ["end before start", get(`start=${day(1)}&end=${day(0)}`), { end: [PLANNER_RANGE_ERROR] }],
      ["no such day", get(`start=2030-02-30&end=${day(0)}`), { start: [BAD_DATE] }],
      [
        "recipe and note",
        post({ date: day(0), slot: "dinner", recipe_id: recipeId, note: "x" }),
        { non_field_errors: [RECIPE_OR_NOTE] },
      ],
      ["neither", post({ date: day(0), slot: "dinner" }), { non_field_errors: [RECIPE_OR_NOTE] }],
      [
        "a slot that is none",
        post({ date: day(0), slot: "brunch", note: "x" }),
        { slot: ['"brunch" is not a valid choice.'] },
      ],
      ["no date", post({ slot: "dinner", note: "x" }), { date: ["This field is required."] }],
      [
        "0 guests",
        post({ date: day(0), slot: "dinner", recipe_id: recipeId, guests: 0 }),
        { guests: ["Ensure this value is greater than or equal to 1."] },
      ],
      [
        "1001 guests",
        post({ date: day(0), slot: "dinner", recipe_id: recipeId, guests: 1001 }),
        { guests: ["Ensure this value is less than or equal to 1000."] },
      ],
      [
        "guests on a note",
        post({ date: day(0), slot: "dinner", note: "x", guests: 2 }),
        { guests: ["Only a recipe entry has guests."] },
      ],
      [
        "a blank note",
        post({ date: day(0), slot: "dinner", note: "   " }),
        { note: ["This field may not be blank."] },
      ],
      [
        "a note of 201 characters",
        post({ date: day(0), slot: "dinner", note: "x".repeat(201) }),
        { note: ["Ensure this field has no more than 200 characters."] },
      ],
      [
        "a recipe the cook may not read",
        post({ date: day(0), slot: "dinner", recipe_id: hidden.id }),
        { recipe_id: [`Invalid pk "${hidden.id}" - object does not exist.`] },
      ],
      [
        "a recipe that does not exist",
        post({ date: day(0), slot: "dinner", recipe_id: 999999 }),
        { recipe_id: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        "guests on a note entry",
        patch(note.id, { guests: 3 }),
        { guests: ["Only a recipe entry has guests."] },
      ],
      [
        "a note on a recipe entry",
        patch(planned.id, { note: "x" }),
        { note: ["Only a note entry has a note."] },
      ],
      [
        "a negative position",
        patch(note.id, { position: -1 }),
        { position: ["Ensure this value is greater than or equal to 0."] },
      ],
    ];
    const got: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [name, response, body] of cases) {
      const done = await response;
      got[name] = [done.statusCode, done.json()];
      want[name] = [400, body];
    }
    expect(got).toEqual(want);
    // 62 days is allowed; nothing was added by the refused requests.
    const entries = await week(cook.agent, day(0), day(61));
    expect(entries.map((e) => e.id).sort()).toEqual([note.id, planned.id].sort());
    expect((await patch(999999, { note: "x" })).statusCode).toBe(404);
  });
});

describe("send to a shopping list", () => {
  it("plans each recipe entry of the range once, in one go with the list's lines; again only new ones", async () => {
    const cook = await cookWithRecipes(3);
    const [stew, soup, pie] = cook.recipes;
    if (!stew || !soup || !pie) throw new Error("no recipes");
    const list = await ok(cook.agent.post("/api/groceries/lists/", { name: "Week" }));
    const monday = await addEntry(cook.agent, {
      date: day(0),
      slot: "dinner",
      recipe_id: stew.id,
      guests: 2,
    });
    const tuesday = await addEntry(cook.agent, { date: day(1), slot: "lunch", recipe_id: soup.id });
    await addEntry(cook.agent, { date: day(2), slot: "dinner", note: "Eat out" });
    await addEntry(cook.agent, { date: day(7), slot: "dinner", recipe_id: pie.id });
    const send = (start = day(0), end = day(6)) =>
      ok<{ sent: number; already_sent: number }>(
        cook.agent.post("/api/planner/send-to-list/", { grocery_list_id: list.id, start, end }),
      );

    expect(await send()).toEqual({ sent: 2, already_sent: 0 });
    const planned = await ok<
      { id: number; recipe: { id: number }; guests: number; planned_on: string }[]
    >(cook.agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`));
    expect(planned.map((p) => [p.recipe.id, p.guests, p.planned_on])).toEqual([
      [stew.id, 2, day(0)],
      [soup.id, 4, day(1)],
    ]);
    // The list's lines were recomputed with it: 2 + 4 eggs.
    const items = await ok<{ quantity: number }[]>(
      cook.agent.get(`/api/groceries/items/?grocery_list=${list.id}`),
    );
    expect(items.map((item) => item.quantity)).toEqual([6]);
    const entries = await week(cook.agent);
    const sentTo = (id: number) => entries.find((e) => e.id === id)?.sent_to;
    expect(sentTo(monday.id)).toEqual({
      grocery_list_id: list.id,
      planned_recipe_id: planned[0]?.id,
    });
    expect(sentTo(tuesday.id)).toEqual({
      grocery_list_id: list.id,
      planned_recipe_id: planned[1]?.id,
    });

    // Again: nothing new to send.
    expect(await send()).toEqual({ sent: 0, already_sent: 2 });
    // A new entry is sent alone.
    await addEntry(cook.agent, { date: day(3), slot: "dinner", recipe_id: pie.id });
    expect(await send()).toEqual({ sent: 1, already_sent: 2 });

    // Taking a plan off the list clears the entry's link, and sending sends it again.
    const unplanned = await cook.agent.delete(`/api/groceries/planned-recipes/${planned[0]?.id}/`);
    expect(unplanned.statusCode).toBe(204);
    expect((await week(cook.agent)).find((e) => e.id === monday.id)?.sent_to).toBeNull();
    expect(await send()).toEqual({ sent: 1, already_sent: 2 });
    expect((await week(cook.agent)).find((e) => e.id === monday.id)?.sent_to).not.toBeNull();
  });

  it("moves the planned recipe on the list when its entry moves to another date (issue 35 §3)", async () => {
    const cook = await cookWithRecipes(2);
    const [stew, soup] = cook.recipes;
    if (!stew || !soup) throw new Error("no recipes");
    const list = await ok(cook.agent.post("/api/groceries/lists/", { name: "Week" }));
    const monday = await addEntry(cook.agent, { date: day(0), slot: "dinner", recipe_id: stew.id });
    await addEntry(cook.agent, { date: day(1), slot: "dinner", recipe_id: soup.id });
    await ok(
      cook.agent.post("/api/planner/send-to-list/", {
        grocery_list_id: list.id,
        start: day(0),
        end: day(6),
      }),
    );
    const plans = async () =>
      (
        await ok<{ recipe: { id: number }; planned_on: string }[]>(
          cook.agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`),
        )
      ).map((p) => [p.recipe.id, p.planned_on]);
    // Monday's stew goes to Thursday: the list says Thursday, in date order.
    const moved = await cook.agent.patch(`/api/planner/entries/${monday.id}/`, { date: day(3) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await plans()).toEqual([
      [soup.id, day(1)],
      [stew.id, day(3)],
    ]);
    // A move within the day (another slot) keeps the date.
    await ok(cook.agent.patch(`/api/planner/entries/${monday.id}/`, { slot: "lunch" }));
    expect(await plans()).toEqual([
      [soup.id, day(1)],
      [stew.id, day(3)],
    ]);
    // Once taken off the list, moving the entry changes no list.
    const [, stewPlan] = await ok<{ id: number }[]>(
      cook.agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`),
    );
    await cook.agent.delete(`/api/groceries/planned-recipes/${stewPlan?.id}/`);
    await ok(cook.agent.patch(`/api/planner/entries/${monday.id}/`, { date: day(5) }));
    expect(await plans()).toEqual([[soup.id, day(1)]]);
  });

  it("is 404 for a list the cook may not use, and changes nothing", async () => {
    const cook = await cookWithRecipes(1);
    const other = await signedIn(app, db);
    const theirs = await ok(other.agent.post("/api/groceries/lists/", { name: "Theirs" }));
    const entry = await addEntry(cook.agent, {
      date: day(0),
      slot: "dinner",
      recipe_id: cook.recipes[0]?.id,
    });
    for (const listId of [theirs.id, 999999]) {
      await refused(
        cook.agent.post("/api/planner/send-to-list/", {
          grocery_list_id: listId,
          start: day(0),
          end: day(6),
        }),
        404,
      );
    }
    expect((await week(cook.agent)).find((e) => e.id === entry.id)?.sent_to).toBeNull();
    const plans = await db.execute(
      sql`select 1 from planned_recipes where grocery_list_id = ${theirs.id}`,
    );
    expect(plans.rows).toEqual([]);
    expect(
      await refused(
        cook.agent.post("/api/planner/send-to-list/", {
          grocery_list_id: theirs.id,
          start: day(0),
          end: day(62),
        }),
      ),
    ).toEqual({ end: [PLANNER_RANGE_ERROR] });
  });

  it("leaves out a recipe the cook no longer has a right of their own to, and does not count it", async () => {
    const cook = await cookWithRecipes(1);
    const author = await signedIn(app, db);
    const theirs = await buildRecipe(db, author.user.id, { title: "Followers only" });
    await db.execute(sql`update ${recipes} set visibility = 'followers' where id = ${theirs.id}`);
    await ok(cook.agent.post(`/api/users/${author.user.id}/follow/`));
    const kept = await addEntry(cook.agent, { date: day(0), slot: "dinner", recipe_id: theirs.id });
    await addEntry(cook.agent, { date: day(1), slot: "dinner", recipe_id: cook.recipes[0]?.id });
    await ok(cook.agent.delete(`/api/users/${author.user.id}/follow/`));
    const list = await ok(cook.agent.post("/api/groceries/lists/", { name: "Week" }));
    expect(
      await ok(
        cook.agent.post("/api/planner/send-to-list/", {
          grocery_list_id: list.id,
          start: day(0),
          end: day(6),
        }),
      ),
    ).toEqual({ sent: 1, already_sent: 0 });
    // Still on the planner (read through its grant), not sent.
    const entry = (await week(cook.agent)).find((e) => e.id === kept.id);
    expect([entry?.recipe?.title, entry?.sent_to]).toEqual(["Followers only", null]);
  });
});

describe("the calendar feed", () => {
  const today = new Date().toISOString().slice(0, 10);
  const feed = async (url: string) => {
    const { pathname } = new URL(url);
    return new Agent(app).get(pathname);
  };
  const parse = (body: string) =>
    new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        end: event.endDate.toString(),
        url: vevent.getFirstPropertyValue("url"),
        description: event.description,
      };
    });

  it("serves the planner as iCalendar at a secret address, without a session", async () => {
    const cook = await signedIn(app, db);
    // Escaping and folding: commas, semicolons, a backslash, a line break, and a title longer
    // than a line, with characters of several bytes.
    const title =
      'Crème brûlée, figs; \\ "the" slow way — über-long title with ünïcödé ✓ 🍮 to fold';
    const recipe = await buildRecipe(db, cook.user.id, { title });
    const dinner = await addEntry(cook.agent, {
      date: today,
      slot: "dinner",
      recipe_id: recipe.id,
    });
    const lunch = await addEntry(cook.agent, {
      date: addDays(today, 3),
      slot: "lunch",
      note: "Eat out, then\ncinema",
    });
    const early = await addEntry(cook.agent, {
      date: addDays(today, -30),
      slot: "snack",
      note: "Old",
    });
    await addEntry(cook.agent, { date: addDays(today, -31), slot: "snack", note: "Too old" });
    await addEntry(cook.agent, { date: addDays(today, 121), slot: "snack", note: "Too far" });

    const link = await ok<{ url: string }>(cook.agent.post("/api/planner/calendar-link/"));
    expect(link.url).toMatch(/^http:\/\/localhost:80\/api\/planner\/calendar\/[\w-]{43}\.ics$/);
    const response = await feed(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    // Every line ends CRLF and is at most 75 octets.
    const lines = response.body.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.filter((line) => line.includes("\n"))).toEqual([]);
    expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(lines.slice(0, 2)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0"]);
    expect(lines.some((line) => line.startsWith("PRODID:"))).toBe(true);

    const recipeUrl = `http://localhost:80/recipe/${recipe.id}/${recipe.slug}`;
    const compact = (d: string) => d.replaceAll("-", "");
    expect(parse(response.body)).toEqual([
      {
        uid: `planner-entry-${early.id}@potluck`,
        summary: "Snack: Old",
        start: addDays(today, -30),
        allDay: true,
        end: addDays(today, -29),
        url: null,
        description: null,
      },
      {
        uid: `planner-entry-${dinner.id}@potluck`,
        summary: `Dinner: ${title}`,
        start: today,
        allDay: true,
        end: addDays(today, 1),
        url: recipeUrl,
        description: recipeUrl,
      },
      {
        uid: `planner-entry-${lunch.id}@potluck`,
        summary: "Lunch: Eat out, then\ncinema",
        start: addDays(today, 3),
        allDay: true,
        end: addDays(today, 4),
        url: null,
        description: null,
      },
    ]);
    expect(response.body).toContain(`DTSTART;VALUE=DATE:${compact(today)}\r\n`);
    // The same UIDs on the next fetch: a calendar app updates rather than duplicates.
    expect(parse((await feed(link.url)).body).map((e) => e.uid)).toEqual(
      parse(response.body).map((e) => e.uid),
    );
    // Only the secret's hash is stored.
    const token = /\/calendar\/([\w-]+)\.ics$/.exec(link.url)?.[1] ?? "";
    const stored = await db.execute<{ calendar_token_hash: string }>(
      sql`select calendar_token_hash from planners where owner_id = ${cook.user.id}`,
    );
    expect(stored.rows[0]?.calendar_token_hash).toBe(
      createHash("sha256").update(token).digest("hex"),
    );
  });

  it("stops answering the old address once it is replaced, and any once it is turned off", async () => {
    const cook = await signedIn(app, db);
    await addEntry(cook.agent, { date: today, slot: "dinner", note: "Soup" });
    const first = await ok<{ url: string }>(cook.agent.post("/api/planner/calendar-link/"));
    const second = await ok<{ url: string }>(cook.agent.post("/api/planner/calendar-link/"));
    expect(second.url).not.toBe(first.url);
    expect((await feed(first.url)).statusCode).toBe(404);
    expect((await feed(second.url)).statusCode).toBe(200);
    expect((await cook.agent.delete("/api/planner/calendar-link/")).statusCode).toBe(204);
    expect((await feed(second.url)).statusCode).toBe(404);
    expect((await feed(`${second.url.slice(0, -6)}x.ics`)).statusCode).toBe(404);
    // Signed out, the link itself cannot be made or turned off.
    const anonymous = new Agent(app);
    expect((await anonymous.post("/api/planner/calendar-link/")).statusCode).toBe(401);
    expect((await anonymous.delete("/api/planner/calendar-link/")).statusCode).toBe(401);
  });
});

describe("filling the gaps", () => {
  type Proposal = { date: string; slot: string; recipe: { id: number; title: string } };
  const suggest = (agent: Agent, body: Record<string, unknown>) =>
    ok<Proposal[]>(agent.post("/api/planner/suggest/", body));

  it("proposes a recipe for each empty slot, none twice and none planned within 14 days", async () => {
    const cook = await cookWithRecipes(12);
    const ids = cook.recipes.map((r) => r.id);
    const [recent, earlier, later] = ids;
    // Planned 14 days before the first day, 14 after the last, and 15 before the first.
    const plannedOn = new Map([
      [recent, day(-14)],
      [later, day(6 + 14)],
      [earlier, day(-15)],
    ]);
    await addEntry(cook.agent, { date: day(-14), slot: "lunch", recipe_id: recent });
    await addEntry(cook.agent, { date: day(6 + 14), slot: "dinner", recipe_id: later });
    await addEntry(cook.agent, { date: day(-15), slot: "dinner", recipe_id: earlier });
    // Tuesday's dinner is planned: no proposal for it.
    await addEntry(cook.agent, { date: day(1), slot: "dinner", note: "Out" });
    const daysApart = (a: string, b: string) =>
      Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
    const seen = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const proposals = await suggest(cook.agent, { start: day(0), end: day(6), slot: "dinner" });
      expect(proposals.map((p) => p.date)).toEqual([0, 2, 3, 4, 5, 6].map(day));
      expect(new Set(proposals.map((p) => p.slot))).toEqual(new Set(["dinner"]));
      const picked = proposals.map((p) => p.recipe.id);
      expect(new Set(picked).size).toBe(picked.length);
      for (const { date, recipe } of proposals) {
        expect(ids).toContain(recipe.id);
        const planned = plannedOn.get(recipe.id);
        if (planned)
          expect(daysApart(planned, date), `${recipe.id} on ${date}`).toBeGreaterThan(14);
        seen.add(recipe.id);
      }
    }
    // Random: ten rerolls do not all give the same six.
    expect(seen.size).toBeGreaterThan(6);
    // Not saved.
    expect((await week(cook.agent)).map((e) => e.note)).toEqual(["Out"]);
  });

  it("skips the recipes the cook rerolled away, and proposes nothing when nothing is left", async () => {
    const cook = await cookWithRecipes(2);
    const [keep, drop] = cook.recipes.map((r) => r.id);
    for (let round = 0; round < 5; round++) {
      const proposals = await suggest(cook.agent, {
        start: day(0),
        end: day(2),
        slot: "lunch",
        exclude: [drop],
      });
      expect(proposals.map((p) => [p.date, p.recipe.id])).toEqual([[day(0), keep]]);
    }
  });

  it("draws only recipes the cook may read, from a tag or their own collection", async () => {
    const cook = await cookWithRecipes(1);
    const stranger = await buildUser(db);
    const make = async (authorId: number, title: string, visibility: string) => {
      const recipe = await buildRecipe(db, authorId, { title });
      await db.execute(
        sql`update ${recipes} set visibility = ${visibility} where id = ${recipe.id}`,
      );
      await db.execute(
        sql`insert into recipe_tags (recipe_id, tag) values (${recipe.id}, 'zuppa')`,
      );
      return recipe.id;
    };
    const mine = await make(cook.user.id, "My soup", "private");
    const theirsPublic = await make(stranger.id, "Their soup", "public");
    await make(stranger.id, "Their secret soup", "private");
    await make(stranger.id, "Their followers soup", "followers");
    const seen = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const proposals = await suggest(cook.agent, { start: day(0), end: day(6), tag: "Zuppa" });
      expect(proposals).toHaveLength(2);
      for (const p of proposals) seen.add(p.recipe.id);
    }
    expect([...seen].sort()).toEqual([mine, theirsPublic].sort());

    // A collection of mine: its recipes only; someone else's collection: 404.
    const collection = await ok(cook.agent.post("/api/recipes/collections/", { name: "Soups" }));
    await ok(cook.agent.put(`/api/recipes/collections/${collection.id}/recipes/${theirsPublic}/`));
    const fromCollection = await suggest(cook.agent, {
      start: day(0),
      end: day(3),
      collection: collection.id,
    });
    expect(fromCollection.map((p) => p.recipe.id)).toEqual([theirsPublic]);
    const other = await signedIn(app, db);
    const theirs = await ok(other.agent.post("/api/recipes/collections/", { name: "Mine" }));
    await refused(
      cook.agent.post("/api/planner/suggest/", {
        start: day(0),
        end: day(3),
        collection: theirs.id,
      }),
      404,
    );
    // Without either: the cook's own recipes.
    const own = await suggest(cook.agent, { start: day(0), end: day(6) });
    expect(new Set(own.map((p) => p.recipe.id))).toEqual(new Set([cook.recipes[0]?.id, mine]));
    expect(
      await refused(cook.agent.post("/api/planner/suggest/", { start: day(0), end: day(62) })),
    ).toEqual({ end: [PLANNER_RANGE_ERROR] });
  });
});
