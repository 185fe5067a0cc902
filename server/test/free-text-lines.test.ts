import type { PlannedExtra, ShoppingItem } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

// A list that takes anything (issue 24 §3): a typed line naming a catalogue ingredient plans
// that ingredient; any other line becomes a free-text line of the shopping list.

const { app, db } = await createTestApp();

const G = await unitId(db, "g");
const KG = await unitId(db, "kg");
const PIECE = await unitId(db, "piece");
const LEMON = await ingredientId(db, "Lemon");
const BUTTER = await ingredientId(db, "Butter");

async function kitchen() {
  const { user, agent } = await signedIn(app, db);
  const list = (await agent.post("/api/groceries/lists/", { name: "Week" })).json<{ id: number }>();
  return { user, agent, list };
}

const addLine = (agent: Agent, listId: number, text: unknown) =>
  agent.post("/api/groceries/planned-extras/", { grocery_list_id: listId, text });

async function added(agent: Agent, listId: number, text: string): Promise<PlannedExtra> {
  const response = await addLine(agent, listId, text);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlannedExtra>();
}

async function items(agent: Agent, listId: number): Promise<ShoppingItem[]> {
  const response = await agent.get(`/api/groceries/items/?grocery_list=${listId}`);
  expect(response.statusCode).toBe(200);
  return response.json<ShoppingItem[]>();
}

/** The lines as a person reads them, with their aisle: "500 g mystery flour (Other)". */
const read = async (agent: Agent, listId: number) =>
  (await items(agent, listId)).map((item) =>
    [item.quantity, item.unit?.name, item.ingredient.name, `(${item.aisle.name})`]
      .filter((part) => part !== null && part !== undefined)
      .join(" "),
  );

const aisleId = async (name: string) => {
  const rows = await db.execute<{ id: number }>(sql`select id from aisles where name = ${name}`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error(`no aisle ${name}`);
  return id;
};

describe("a typed line naming a catalogue ingredient", () => {
  it("is the catalogue extra, merged with the same ingredient on the list", async () => {
    const { agent, list } = await kitchen();
    const picked = await agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: BUTTER,
      quantity: 250,
      unit_id: G,
    });
    expect(picked.statusCode).toBe(201);
    const typed = await added(agent, list.id, "  250 g   butter ");
    expect(typed).toEqual({
      id: expect.any(Number),
      ingredient: { id: BUTTER, name: "Butter" },
      quantity: 250,
      unit: { id: G, name: "g" },
      text: null,
    });
    const lemons = await added(agent, list.id, "2 lemons");
    expect(lemons).toMatchObject({ ingredient: { id: LEMON }, quantity: 2, unit: { id: PIECE } });
    const lines = await items(agent, list.id);
    expect(lines).toHaveLength(2);
    const butter = lines.find((line) => line.ingredient.id === BUTTER);
    const lemon = lines.find((line) => line.ingredient.id === LEMON);
    expect(butter).toMatchObject({
      ingredient: { id: BUTTER, name: "Butter" },
      quantity: 500,
      unit: { id: G },
      text: null,
      from_recipes: "Extras",
    });
    expect(lemon).toMatchObject({ ingredient: { id: LEMON }, quantity: 2, text: null });
  });

  it("reads a line in the cook's language (issue 37): German names plan their ingredient", async () => {
    const { agent, list } = await kitchen();
    const chosen = await agent.patch("/api/users/me/preferences/", { language: "de" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await added(agent, list.id, "2 Zitronen")).toMatchObject({
      ingredient: { id: LEMON },
      unit: { id: PIECE },
      quantity: 2,
      text: null,
    });
    expect(await added(agent, list.id, "500 g Geheimmehl")).toMatchObject({
      ingredient: { id: null },
      unit: { id: G },
      quantity: 500,
      text: "Geheimmehl",
    });
  });

  it("counts one when it gives no amount", async () => {
    const { agent, list } = await kitchen();
    expect(await added(agent, list.id, "lemons")).toMatchObject({
      ingredient: { id: LEMON, name: "Lemon" },
      quantity: 1,
      unit: { id: PIECE, name: "piece" },
      text: null,
    });
  });
});

describe("adding a line again with its client key (issue 35 §3)", () => {
  it("answers the line the first add made and adds nothing, so a retry never adds it twice", async () => {
    const { agent, list } = await kitchen();
    const body = { grocery_list_id: list.id, text: "paper towels", client_key: "k-1" };
    const first = await agent.post("/api/groceries/planned-extras/", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await agent.post("/api/groceries/planned-extras/", body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const extras = await agent.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`);
    expect(extras.json()).toHaveLength(1);
    // Another key is another add; the same key on another list is another list's.
    await agent.post("/api/groceries/planned-extras/", { ...body, client_key: "k-2" });
    const other = (await agent.post("/api/groceries/lists/", { name: "B" })).json<{ id: number }>();
    const elsewhere = await agent.post("/api/groceries/planned-extras/", {
      ...body,
      grocery_list_id: other.id,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(
      (await agent.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)).json(),
    ).toHaveLength(2);
  });
});

describe("a free-text line", () => {
  it("is planned with its text and becomes a line of its own in Other", async () => {
    const { agent, list } = await kitchen();
    const extra = await added(agent, list.id, "paper towels");
    expect(extra).toEqual({
      id: expect.any(Number),
      ingredient: { id: null, name: "paper towels" },
      quantity: null,
      unit: null,
      text: "paper towels",
    });
    expect(
      (await agent.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)).json(),
    ).toEqual([extra]);
    expect(await items(agent, list.id)).toEqual([
      {
        id: expect.any(Number),
        is_checked: false,
        quantity: null,
        unit: null,
        ingredient: { id: null, name: "paper towels" },
        text: "paper towels",
        from_recipes: "Extras",
        grocery_list: list.id,
        aisle: { id: await aisleId("Other"), name: "Other" },
        is_staple: false,
        grams_per_ml: null,
      },
    ]);
    // Unplanned, its line goes.
    expect((await agent.delete(`/api/groceries/planned-extras/${extra.id}/`)).statusCode).toBe(204);
    expect(await items(agent, list.id)).toEqual([]);
  });

  it("takes the amount the line starts with, and keeps the rest as typed", async () => {
    const { agent, list } = await kitchen();
    expect(await added(agent, list.id, "500 g Mystery flour")).toMatchObject({
      ingredient: { id: null, name: "Mystery flour" },
      quantity: 500,
      unit: { id: G, name: "g" },
      text: "Mystery flour",
    });
    expect(await added(agent, list.id, "3 large bin bags")).toMatchObject({
      quantity: 3,
      unit: { id: PIECE },
      text: "large bin bags",
    });
    // A close catalogue name is not the ingredient: "batteries" is no Batter mix.
    expect(await added(agent, list.id, "batteries")).toMatchObject({ text: "batteries" });
  });

  it("merges the same text in any case into one line", async () => {
    const { agent, list } = await kitchen();
    await added(agent, list.id, "Paper towels");
    await added(agent, list.id, "paper towels");
    expect(await read(agent, list.id)).toEqual(["Paper towels (Other)"]);
    const [line] = await items(agent, list.id);
    expect(line).toMatchObject({ quantity: null, from_recipes: "Extras" });
  });

  it("adds up amounts of one text per measure, apart from the same text without one", async () => {
    const { agent, list } = await kitchen();
    await added(agent, list.id, "500 g mystery flour");
    await added(agent, list.id, "1 kg Mystery flour");
    await added(agent, list.id, "2 mystery flour");
    await added(agent, list.id, "mystery flour");
    await added(agent, list.id, "1 mystery flour");
    const lines = await items(agent, list.id);
    expect(
      lines.map((line) => [line.quantity, line.unit?.id ?? null, line.ingredient.name]),
    ).toEqual(
      expect.arrayContaining([
        [1.5, KG, "mystery flour"],
        [3, PIECE, "mystery flour"],
        [null, null, "mystery flour"],
      ]),
    );
    expect(lines).toHaveLength(3);
  });

  it("keeps its tick when the list is recomputed, and a catalogue line keeps its own", async () => {
    const { agent, list, user } = await kitchen();
    await added(agent, list.id, "paper towels");
    const [line] = await items(agent, list.id);
    if (!line) throw new Error("no line");
    const ticked = await agent.patch(`/api/groceries/items/${line.id}/`, { is_checked: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toMatchObject({ id: line.id, is_checked: true, text: "paper towels" });
    // A recipe planned, another extra of the same text: the list recomputes, the tick stays.
    const toast = await buildRecipe(db, user.id, {
      title: "Toast",
      ingredients: [{ ingredientId: BUTTER, unitId: G, quantity: 10 }],
    });
    const planned = await agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: list.id,
      recipe_id: toast.id,
      guests: 2,
    });
    expect(planned.statusCode).toBe(201);
    await added(agent, list.id, "Paper Towels");
    const after = await items(agent, list.id);
    expect(after.find((item) => item.text !== null)).toMatchObject({
      id: line.id,
      is_checked: true,
    });
    expect(after).toHaveLength(2);
  });

  it("is a list change the list's other cooks hear of", async () => {
    const { agent, list } = await kitchen();
    const before = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from grocery_list_events where grocery_list_id = ${list.id} and kind = 'planned'`,
    );
    await added(agent, list.id, "paper towels");
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from grocery_list_events where grocery_list_id = ${list.id} and kind = 'planned'`,
    );
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + 1);
  });
});

describe("a free-text line's aisle", () => {
  it("is remembered for its text, per cook, on every list", async () => {
    const { agent, list } = await kitchen();
    const household = await aisleId("Household");
    await added(agent, list.id, "Paper towels");
    const moved = await agent.put("/api/groceries/aisles/text/", {
      text: " paper  TOWELS ",
      aisle_id: household,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      text: "paper TOWELS",
      aisle: { id: household, name: "Household" },
    });
    expect(await read(agent, list.id)).toEqual(["Paper towels (Household)"]);

    // Another list of the same cook: there too.
    const second = (await agent.post("/api/groceries/lists/", { name: "Next" })).json<{
      id: number;
    }>();
    await added(agent, second.id, "paper towels");
    expect(await read(agent, second.id)).toEqual(["paper towels (Household)"]);

    // A cook the list is shared with keeps their own: Other until they move it.
    const { user: other, agent: otherAgent } = await signedIn(app, db);
    const shared = await agent.post(`/api/groceries/lists/${list.id}/members/`, {
      username: other.username,
    });
    expect(shared.statusCode).toBe(201);
    expect(await read(otherAgent, list.id)).toEqual(["Paper towels (Other)"]);

    // Back to Other, the cook follows the default again.
    const back = await agent.put("/api/groceries/aisles/text/", {
      text: "paper towels",
      aisle_id: await aisleId("Other"),
    });
    expect(back.statusCode).toBe(200);
    expect(await read(agent, list.id)).toEqual(["Paper towels (Other)"]);
    const rows = await db.execute(
      sql`select * from user_text_aisles where text_key = 'paper towels'`,
    );
    expect(rows.rows).toEqual([]);
  });

  it("refuses a blank text, an unknown aisle and a visitor", async () => {
    const { agent } = await kitchen();
    const blank = await agent.put("/api/groceries/aisles/text/", { text: " ", aisle_id: 1 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: ["This field may not be blank."] });
    const unknown = await agent.put("/api/groceries/aisles/text/", {
      text: "foil",
      aisle_id: 99999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ aisle_id: ['Invalid pk "99999" - object does not exist.'] });
    const visitor = new Agent(app);
    await visitor.csrf();
    const refused = await visitor.put("/api/groceries/aisles/text/", { text: "foil", aisle_id: 1 });
    expect(refused.statusCode).toBe(401);
  });
});

describe("refusals", () => {
  it("400 for a blank line, one over 200 characters, text with an ingredient, or no list", async () => {
    const { agent, list } = await kitchen();
    const blank = await addLine(agent, list.id, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: ["This field may not be blank."] });
    const long = await addLine(agent, list.id, "a".repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      text: ["Ensure this field has no more than 200 characters."],
    });
    expect((await addLine(agent, list.id, ` ${"a".repeat(200)} `)).statusCode).toBe(201);
    const both = await agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      text: "foil",
      ingredient_id: BUTTER,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      non_field_errors: ["Give either text or an ingredient, not both."],
    });
    const noList = await agent.post("/api/groceries/planned-extras/", { text: "foil" });
    expect(noList.statusCode).toBe(400);
    expect(noList.json()).toEqual({ grocery_list_id: ["This field is required."] });
    const notText = await addLine(agent, list.id, 42);
    expect(notText.json()).toEqual({ text: ["Not a valid string."] });
  });

  it("404 for a list that does not exist or is not mine, adding nothing", async () => {
    const { agent, list } = await kitchen();
    const { agent: stranger } = await signedIn(app, db);
    const theirs = await addLine(stranger, list.id, "paper towels");
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: "Not found." });
    expect((await addLine(agent, 2_000_000_000, "paper towels")).statusCode).toBe(404);
    expect(await items(agent, list.id)).toEqual([]);
  });

  it("401 without a session", async () => {
    const { list } = await kitchen();
    const visitor = new Agent(app);
    await visitor.csrf();
    expect((await addLine(visitor, list.id, "paper towels")).statusCode).toBe(401);
  });
});
