// Issue 12 through the API: the units preference, aisles and the cook's aisle order, an
// ingredient's aisle per cook, staples, and the shopping list in the order of the cook's shop,
// with merged lines. Other cooks' settings never leak or change; bad input is a 400.
import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aisles, ingredients, userIngredientAisles } from "../src/db/schema.js";
import aisleCatalogue from "../src/ingredients/data/aisles.json" with { type: "json" };
import ingredientNames from "../src/ingredients/data/ingredients.json" with { type: "json" };
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const G = await unitId(db, "g");
const KG = await unitId(db, "kg");
const PIECE = await unitId(db, "piece");
const FLOUR = await ingredientId(db, "All-purpose flour");
const EGG = await ingredientId(db, "Egg");
const BUTTER = await ingredientId(db, "Butter");
const ONION = await ingredientId(db, "Onion");
const SALT = await ingredientId(db, "Salt");

const AISLE_NAMES = [
  "Produce",
  "Meat & fish",
  "Dairy & eggs",
  "Bakery",
  "Pantry",
  "Spices & herbs",
  "Frozen",
  "Drinks",
  "Household",
  "Other",
];
const aisleRows = await db.select({ id: aisles.id, name: aisles.name }).from(aisles);
const aisleId = (name: string) => {
  const row = aisleRows.find((aisle) => aisle.name === name);
  if (!row) throw new Error(`no aisle ${name}`);
  return row.id;
};

interface Item {
  id: number;
  is_checked: boolean;
  quantity: number;
  unit: { id: number; name: string };
  ingredient: { id: number; name: string };
  aisle: { id: number; name: string };
  is_staple: boolean;
}

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body);
};
const items = (agent: Agent, listId: number): Promise<Item[]> =>
  ok(agent.get(`/api/groceries/items/?grocery_list=${listId}`));
/** "Aisle: quantity unit name ✓" per line, in the API's order. */
const shop = async (agent: Agent, listId: number) =>
  (await items(agent, listId)).map(
    (i) =>
      `${i.is_staple ? "staple " : ""}${i.aisle.name}: ${i.quantity} ${i.unit.name} ${i.ingredient.name}${i.is_checked ? " ✓" : ""}`,
  );
const aisleNames = async (agent: Agent) =>
  (await ok(agent.get("/api/groceries/aisles/"))).map((a: { name: string }) => a.name);

/** A cook with a list on which an onion, an egg, butter and salt are planned as extras. */
async function cookWithList() {
  const cook = await signedIn(app, db);
  const list = await ok(cook.agent.post("/api/groceries/lists/", { name: "Week" }), 201);
  for (const ingredient of [SALT, BUTTER, ONION, EGG]) {
    await ok(
      cook.agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: ingredient,
        quantity: 1,
        unit_id: PIECE,
      }),
      201,
    );
  }
  return { ...cook, list: list as { id: number } };
}

describe("the units preference", () => {
  it("is as_written until the cook chooses, and is theirs alone", async () => {
    const a = await signedIn(app, db);
    const b = await signedIn(app, db);
    const pub = { default_visibility: "public", language: null };
    expect(await ok(a.agent.get("/api/users/me/preferences/"))).toEqual({
      units: "as_written",
      ...pub,
    });
    expect(await ok(a.agent.patch("/api/users/me/preferences/", { units: "metric" }))).toEqual({
      units: "metric",
      ...pub,
    });
    expect(await ok(a.agent.get("/api/users/me/preferences/"))).toEqual({
      units: "metric",
      ...pub,
    });
    expect(await ok(b.agent.get("/api/users/me/preferences/"))).toEqual({
      units: "as_written",
      ...pub,
    });
    await ok(a.agent.patch("/api/users/me/preferences/", { units: "us" }));
    expect(await ok(a.agent.patch("/api/users/me/preferences/", {}))).toEqual({
      units: "us",
      ...pub,
    });
  });

  it("refuses anything but as_written, metric and us with a 400 on units, changing nothing", async () => {
    const { agent } = await signedIn(app, db);
    for (const units of ["imperial", "METRIC", "", 5, null, ["us"], { us: true }]) {
      const response = await agent.patch("/api/users/me/preferences/", { units });
      expect(response.statusCode, JSON.stringify(units)).toBe(400);
      expect(Object.keys(response.json())).toEqual(["units"]);
    }
    expect((await agent.patch("/api/users/me/preferences/", { units: "imperial" })).json()).toEqual(
      { units: ['"imperial" is not a valid choice.'] },
    );
    expect(await ok(agent.get("/api/users/me/preferences/"))).toEqual({
      units: "as_written",
      default_visibility: "public",
      language: null,
    });
  });

  it("is for signed-in cooks only, and changing it needs the CSRF token", async () => {
    const anonymous = new Agent(app);
    expect((await anonymous.get("/api/users/me/preferences/")).statusCode).toBe(401);
    expect((await anonymous.patch("/api/users/me/preferences/", { units: "us" })).statusCode).toBe(
      401,
    );
    const { agent } = await signedIn(app, db);
    const forged = await agent.patch(
      "/api/users/me/preferences/",
      { units: "us" },
      { csrf: "omit" },
    );
    expect(forged.statusCode).toBe(403);
    expect(await ok(agent.get("/api/users/me/preferences/"))).toEqual({
      units: "as_written",
      default_visibility: "public",
      language: null,
    });
  });

  it("never changes the quantities the API returns", async () => {
    const { agent, list } = await cookWithList();
    await ok(
      agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: FLOUR,
        quantity: 1.5,
        unit_id: KG,
      }),
      201,
    );
    const before = await items(agent, list.id);
    await ok(agent.patch("/api/users/me/preferences/", { units: "us" }));
    expect(await items(agent, list.id)).toEqual(before);
    expect(before.find((i) => i.ingredient.id === FLOUR)).toMatchObject({
      quantity: 1.5,
      unit: { name: "kg" },
    });
  });
});

describe("aisles", () => {
  it("are the ten of the shop, in its order, until a cook sets their own", async () => {
    const { agent } = await signedIn(app, db);
    expect(await aisleNames(agent)).toEqual(AISLE_NAMES);
    expect(Object.keys(aisleCatalogue)).toEqual(AISLE_NAMES);
  });

  it("hold every catalogue ingredient once; one a cook adds is in Other", async () => {
    const catalogue = Object.values(aisleCatalogue).flat();
    const unsorted = await db
      .select({ name: ingredients.name })
      .from(ingredients)
      .where(isNull(ingredients.aisleId));
    expect(unsorted.filter((row) => catalogue.includes(row.name))).toEqual([]);
    // aisles.json names each catalogue ingredient exactly once.
    expect([...catalogue].sort()).toEqual([...ingredientNames].sort());

    const { agent, list } = await cookWithList();
    const added = await ok(
      agent.post("/api/ingredients/ingredients/", { name: "Grandma's spice mix" }),
      201,
    );
    await ok(
      agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: added.id,
        quantity: 1,
        unit_id: PIECE,
      }),
      201,
    );
    const line = (await items(agent, list.id)).find((i) => i.ingredient.id === added.id);
    expect(line?.aisle).toEqual({ id: aisleId("Other"), name: "Other" });
  });

  it("are walked in the cook's own order, which is not another cook's", async () => {
    const a = await signedIn(app, db);
    const b = await signedIn(app, db);
    const reversed = [...aisleRows]
      .sort((x, y) => AISLE_NAMES.indexOf(y.name) - AISLE_NAMES.indexOf(x.name))
      .map((aisle) => aisle.id);
    const answer = await ok(a.agent.put("/api/groceries/aisle-order/", { aisle_ids: reversed }));
    expect(answer.map((aisle: { id: number }) => aisle.id)).toEqual(reversed);
    expect(await aisleNames(a.agent)).toEqual([...AISLE_NAMES].reverse());
    expect(await aisleNames(b.agent)).toEqual(AISLE_NAMES);
    // Set again: replaced, not added to.
    await ok(a.agent.put("/api/groceries/aisle-order/", { aisle_ids: [...reversed].reverse() }));
    expect(await aisleNames(a.agent)).toEqual(AISLE_NAMES);
  });

  it("refuse an order that does not give every aisle exactly once, changing nothing", async () => {
    const { agent } = await signedIn(app, db);
    const ids = aisleRows.map((aisle) => aisle.id);
    const [first = 0, ...rest] = ids;
    const bodies: unknown[] = [
      { aisle_ids: rest },
      { aisle_ids: [first, ...ids.slice(0, -1)] },
      { aisle_ids: [...ids, first] },
      { aisle_ids: [...rest, 999_999] },
      { aisle_ids: [...rest, 2 ** 31] },
      { aisle_ids: [...rest, "x"] },
      { aisle_ids: [...rest, 1.5] },
      { aisle_ids: [] },
      { aisle_ids: "1,2,3" },
      { aisle_ids: null },
      {},
      [ids],
    ];
    for (const body of bodies) {
      const response = await agent.put(
        "/api/groceries/aisle-order/",
        body as Record<string, unknown>,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(body)).toEqual(
        Array.isArray(body) ? ["non_field_errors"] : ["aisle_ids"],
      );
    }
    const missing = await agent.put("/api/groceries/aisle-order/", { aisle_ids: rest });
    expect(missing.json()).toEqual({
      aisle_ids: [`Every aisle must be given; missing: ${first}.`],
    });
    expect(await aisleNames(agent)).toEqual(AISLE_NAMES);
  });

  it("are for signed-in cooks only", async () => {
    const anonymous = new Agent(app);
    expect((await anonymous.get("/api/groceries/aisles/")).statusCode).toBe(401);
    const ids = aisleRows.map((aisle) => aisle.id);
    expect(
      (await anonymous.put("/api/groceries/aisle-order/", { aisle_ids: ids })).statusCode,
    ).toBe(401);
  });
});

describe("an ingredient's aisle", () => {
  it("moves for the cook who asks only: another member of the list keeps theirs", async () => {
    const owner = await cookWithList();
    const member = await signedIn(app, db);
    await ok(
      owner.agent.post(`/api/groceries/lists/${owner.list.id}/members/`, {
        username: member.user.username,
      }),
      201,
    );
    const moved = await ok(
      owner.agent.put(`/api/ingredients/ingredients/${EGG}/aisle/`, {
        aisle_id: aisleId("Frozen"),
      }),
    );
    expect(moved).toEqual({
      id: EGG,
      name: "Egg",
      aisle: { id: aisleId("Frozen"), name: "Frozen" },
    });
    const eggOf = async (agent: Agent) =>
      (await items(agent, owner.list.id)).find((i) => i.ingredient.id === EGG)?.aisle.name;
    expect(await eggOf(owner.agent)).toBe("Frozen");
    expect(await eggOf(member.agent)).toBe("Dairy & eggs");
  });

  it("goes back to following the catalogue when moved back to the catalogue's aisle", async () => {
    const { agent, user } = await signedIn(app, db);
    await ok(
      agent.put(`/api/ingredients/ingredients/${BUTTER}/aisle/`, { aisle_id: aisleId("Other") }),
    );
    const own = () =>
      db
        .select()
        .from(userIngredientAisles)
        .where(sql`${userIngredientAisles.userId} = ${user.id}`);
    expect(await own()).toHaveLength(1);
    const back = await ok(
      agent.put(`/api/ingredients/ingredients/${BUTTER}/aisle/`, {
        aisle_id: aisleId("Dairy & eggs"),
      }),
    );
    expect(back.aisle.name).toBe("Dairy & eggs");
    expect(await own()).toEqual([]);
  });

  it("is 404 for an unknown ingredient, 400 for an unknown aisle or a bad body, 401 anonymous", async () => {
    const { agent, user } = await signedIn(app, db);
    const unknownIngredient = await agent.put("/api/ingredients/ingredients/999999/aisle/", {
      aisle_id: aisleId("Frozen"),
    });
    expect(unknownIngredient.statusCode).toBe(404);
    const unknownAisle = await agent.put(`/api/ingredients/ingredients/${EGG}/aisle/`, {
      aisle_id: 999_999,
    });
    expect(unknownAisle.statusCode).toBe(400);
    expect(unknownAisle.json()).toEqual({
      aisle_id: ['Invalid pk "999999" - object does not exist.'],
    });
    for (const body of [{}, { aisle_id: "Frozen" }, { aisle_id: 2 ** 31 }, { aisle_id: null }]) {
      const response = await agent.put(`/api/ingredients/ingredients/${EGG}/aisle/`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json())).toEqual(["aisle_id"]);
    }
    const rows = await db
      .select()
      .from(userIngredientAisles)
      .where(eq(userIngredientAisles.userId, user.id));
    expect(rows).toEqual([]);
    const anonymous = new Agent(app);
    const refused = await anonymous.put(`/api/ingredients/ingredients/${EGG}/aisle/`, {
      aisle_id: aisleId("Frozen"),
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe("staples", () => {
  it("are replaced as a set and listed by name; an id given twice counts once", async () => {
    const { agent } = await signedIn(app, db);
    expect(await ok(agent.get("/api/users/me/staples/"))).toEqual([]);
    const set = await ok(
      agent.put("/api/users/me/staples/", { ingredient_ids: [SALT, BUTTER, SALT] }),
    );
    expect(set).toEqual([
      { id: BUTTER, name: "Butter" },
      { id: SALT, name: "Salt" },
    ]);
    expect(await ok(agent.get("/api/users/me/staples/"))).toEqual(set);
    await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [SALT, EGG] }));
    expect(await ok(agent.get("/api/users/me/staples/"))).toEqual([
      { id: EGG, name: "Egg" },
      { id: SALT, name: "Salt" },
    ]);
    expect(await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [] }))).toEqual([]);
  });

  it("are the cook's alone", async () => {
    const a = await signedIn(app, db);
    const b = await signedIn(app, db);
    await ok(b.agent.put("/api/users/me/staples/", { ingredient_ids: [EGG] }));
    await ok(a.agent.put("/api/users/me/staples/", { ingredient_ids: [SALT] }));
    await ok(a.agent.put("/api/users/me/staples/", { ingredient_ids: [] }));
    expect(await ok(b.agent.get("/api/users/me/staples/"))).toEqual([{ id: EGG, name: "Egg" }]);
  });

  it("refuse unknown ids and bad bodies with a 400 on ingredient_ids, changing nothing", async () => {
    const { agent } = await signedIn(app, db);
    await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [SALT] }));
    const unknown = await agent.put("/api/users/me/staples/", {
      ingredient_ids: [EGG, 999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      ingredient_ids: ['Invalid pk "999999" - object does not exist.'],
    });
    for (const body of [
      {},
      { ingredient_ids: SALT },
      { ingredient_ids: [SALT, "salt"] },
      { ingredient_ids: [0] },
      { ingredient_ids: [2 ** 31] },
      { ingredient_ids: Array.from({ length: 2001 }, (_, i) => i + 1) },
    ]) {
      const response = await agent.put("/api/users/me/staples/", body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(["ingredient_ids"]);
    }
    expect(await ok(agent.get("/api/users/me/staples/"))).toEqual([{ id: SALT, name: "Salt" }]);
  });

  it("are for signed-in cooks only", async () => {
    const anonymous = new Agent(app);
    expect((await anonymous.get("/api/users/me/staples/")).statusCode).toBe(401);
    expect(
      (await anonymous.put("/api/users/me/staples/", { ingredient_ids: [SALT] })).statusCode,
    ).toBe(401);
  });
});

describe("the shopping list in the order of the cook's shop", () => {
  it("goes by the cook's aisles, unchecked before checked, then by name; staples last", async () => {
    const { agent, list } = await cookWithList();
    expect(await shop(agent, list.id)).toEqual([
      "Produce: 1 piece Onion",
      "Dairy & eggs: 1 piece Butter",
      "Dairy & eggs: 1 piece Egg",
      "Spices & herbs: 1 piece Salt",
    ]);
    const butter = (await items(agent, list.id)).find((i) => i.ingredient.id === BUTTER);
    await ok(agent.patch(`/api/groceries/items/${butter?.id}/`, { is_checked: true }));
    await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [SALT, ONION] }));
    const dairyFirst = [
      aisleId("Dairy & eggs"),
      ...aisleRows.map((a) => a.id).filter((id) => id !== aisleId("Dairy & eggs")),
    ];
    await ok(agent.put("/api/groceries/aisle-order/", { aisle_ids: dairyFirst }));
    expect(await shop(agent, list.id)).toEqual([
      "Dairy & eggs: 1 piece Egg",
      "Dairy & eggs: 1 piece Butter ✓",
      "staple Produce: 1 piece Onion",
      "staple Spices & herbs: 1 piece Salt",
    ]);
    // A tick answers the line as the cook sees it.
    const ticked = await ok(
      agent.patch(`/api/groceries/items/${butter?.id}/`, { is_checked: false }),
    );
    expect(ticked).toMatchObject({ aisle: { name: "Dairy & eggs" }, is_staple: false });
  });

  it("keeps what was bought ticked when more of it is planned (issue 34 §2)", async () => {
    const { agent, list } = await cookWithList();
    const butter = (await items(agent, list.id)).find((i) => i.ingredient.id === BUTTER);
    await ok(agent.patch(`/api/groceries/items/${butter?.id}/`, { is_checked: true }));
    await ok(
      agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: BUTTER,
        quantity: 2,
        unit_id: PIECE,
      }),
      201,
    );
    expect((await shop(agent, list.id)).filter((line) => line.includes("Butter"))).toEqual([
      "Dairy & eggs: 2 piece Butter",
      "Dairy & eggs: 1 piece Butter ✓",
    ]);
  });

  it("is in each member's own aisles, order and staples on a shared list", async () => {
    const owner = await cookWithList();
    const member = await signedIn(app, db);
    await ok(
      owner.agent.post(`/api/groceries/lists/${owner.list.id}/members/`, {
        username: member.user.username,
      }),
      201,
    );
    await ok(owner.agent.put("/api/users/me/staples/", { ingredient_ids: [EGG] }));
    await ok(
      owner.agent.put(`/api/ingredients/ingredients/${ONION}/aisle/`, {
        aisle_id: aisleId("Household"),
      }),
    );
    expect(await shop(owner.agent, owner.list.id)).toEqual([
      "Dairy & eggs: 1 piece Butter",
      "Spices & herbs: 1 piece Salt",
      "Household: 1 piece Onion",
      "staple Dairy & eggs: 1 piece Egg",
    ]);
    expect(await shop(member.agent, owner.list.id)).toEqual([
      "Produce: 1 piece Onion",
      "Dairy & eggs: 1 piece Butter",
      "Dairy & eggs: 1 piece Egg",
      "Spices & herbs: 1 piece Salt",
    ]);
  });
});

describe("lines that merge across units", () => {
  it("merges 500 g and 1 kg of flour into 1.5 kg; what was ticked stays ticked", async () => {
    const { agent, list, user } = await cookWithList();
    const bread = await buildRecipe(db, user.id, {
      title: "Bread",
      ingredients: [{ ingredientId: FLOUR, unitId: G, quantity: 250 }],
    });
    await ok(
      agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: bread.id,
        guests: 2,
      }),
      201,
    );
    const flourLine = async () =>
      (await items(agent, list.id)).find((i) => i.ingredient.id === FLOUR) as Item;
    const before = await flourLine();
    expect(before).toMatchObject({ quantity: 500, unit: { id: G, name: "g" } });
    await ok(agent.patch(`/api/groceries/items/${before.id}/`, { is_checked: true }));
    const extra = await ok(
      agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: FLOUR,
        quantity: 1,
        unit_id: KG,
      }),
      201,
    );
    // More to buy: the 500 g bought stay ticked on their line; the kilogram is a line to buy.
    const flourLines = async () =>
      (await items(agent, list.id)).filter((i) => i.ingredient.id === FLOUR);
    const [rest, bought] = await flourLines();
    expect(bought).toMatchObject({
      id: before.id,
      quantity: 500,
      unit: { id: G, name: "g" },
      is_checked: true,
      from_recipes: "Bread (2 guests) & Extras",
    });
    expect(rest).toMatchObject({ quantity: 1, unit: { id: KG, name: "kg" }, is_checked: false });
    expect((await agent.delete(`/api/groceries/planned-extras/${extra.id}/`)).statusCode).toBe(204);
    // Less to buy: still ticked, back in grams.
    expect(await flourLine()).toMatchObject({
      id: before.id,
      quantity: 500,
      unit: { name: "g" },
      is_checked: true,
    });
  });
});
