// Who is at the table (issue 38 §4): a planner's people (its accounts and people without one)
// with their allergens, diets and dislikes; who may read and change them; an entry's eaters
// and the warnings of a recipe that does not suit them; fill the gaps and Explore's "safe for
// my table" leaving such recipes out.
import type {
  PlannerEntry,
  PlannerPerson,
  RecipeListResponse,
  Suggestion,
} from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { buildRecipe, ingredientId, signedIn, type TestUser, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const G = await unitId(db, "g");
const row = async (name: string, quantity = 50) => ({
  ingredientId: await ingredientId(db, name),
  unitId: G,
  quantity,
});
const MONDAY = "2030-06-03";

type Response = { statusCode: number; body: string };
const ok = async <T>(response: Promise<Response>): Promise<T> => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as T;
};
const status = async (response: Promise<Response>) => (await response).statusCode;

/** A cook whose planner is shared with a member, and a stranger to it. */
async function household() {
  const owner = await signedIn(app, db);
  const member = await signedIn(app, db);
  const stranger = await signedIn(app, db);
  await ok(owner.agent.post("/api/planner/members/", { username: member.user.username }));
  return { owner, member, stranger, of: owner.user.username };
}

const people = (agent: Agent, planner?: string) =>
  ok<PlannerPerson[]>(agent.get(`/api/planner/people/${planner ? `?planner=${planner}` : ""}`));

async function satayFor(cook: TestUser) {
  return buildRecipe(db, cook.id, {
    title: "Chicken satay",
    ingredients: [await row("Chicken breast", 150), await row("Peanut butter", 30)],
  });
}

describe("a planner's people", () => {
  it("lists its accounts, owner first, then the people without one, by name", async () => {
    const { owner, member, of } = await household();
    const mia = await ok<PlannerPerson>(
      owner.agent.post("/api/planner/people/", {
        name: "  Mia ",
        allergens: ["peanuts", "eggs", "peanuts"],
        diets: ["vegetarian"],
        dislikes: [await ingredientId(db, "Mushroom")],
      }),
    );
    expect(mia).toEqual({
      id: expect.any(Number),
      name: "Mia",
      username: null,
      // In ALLERGENS' order, each once.
      allergens: ["eggs", "peanuts"],
      diets: ["vegetarian"],
      dislikes: [{ id: await ingredientId(db, "Mushroom"), name: "Mushroom" }],
      can_edit: true,
    });
    await ok(member.agent.post("/api/planner/people/", { name: "Ada", planner: of }));
    const listed = await people(member.agent, of);
    expect(listed.map((person) => [person.name, person.username, person.can_edit])).toEqual([
      [owner.user.username, owner.user.username, false],
      [member.user.username, member.user.username, true],
      ["Ada", null, true],
      ["Mia", null, true],
    ]);
    // The same ids on every read: an account's row is made once.
    expect((await people(owner.agent)).map((person) => person.id)).toEqual(
      listed.map((person) => person.id),
    );
  });

  it("lets each cook say their own needs, and anyone at the planner edit a person without an account", async () => {
    const { owner, member, of } = await household();
    const [ownerRow, memberRow] = await people(owner.agent);
    if (!ownerRow || !memberRow) throw new Error("no account rows");
    const mine = await ok<PlannerPerson>(
      member.agent.patch(`/api/planner/people/${memberRow.id}/`, { diets: ["vegan"] }),
    );
    expect(mine.diets).toEqual(["vegan"]);
    // Another cook's needs are theirs to say: 403, and nothing changes.
    expect(
      await status(owner.agent.patch(`/api/planner/people/${memberRow.id}/`, { diets: [] })),
    ).toBe(403);
    expect((await people(owner.agent))[1]?.diets).toEqual(["vegan"]);
    // An account is named by its username.
    const renamed = await owner.agent.patch(`/api/planner/people/${ownerRow.id}/`, {
      name: "Boss",
    });
    expect(renamed.statusCode).toBe(400);
    expect(JSON.parse(renamed.body)).toEqual({ name: ["An account's name is its username."] });
    // An account leaves with its membership, not from here.
    expect(await status(owner.agent.delete(`/api/planner/people/${memberRow.id}/`))).toBe(400);

    const leo = await ok<PlannerPerson>(
      owner.agent.post("/api/planner/people/", { name: "Leo", allergens: ["milk"] }),
    );
    const edited = await ok<PlannerPerson>(
      member.agent.patch(`/api/planner/people/${leo.id}/`, { name: "Léo", allergens: [] }),
    );
    expect([edited.name, edited.allergens]).toEqual(["Léo", []]);
    expect(await status(member.agent.delete(`/api/planner/people/${leo.id}/`))).toBe(204);
    expect((await people(owner.agent, of)).map((person) => person.name)).not.toContain("Léo");
  });

  it("refuses bad input with the field's error, changing nothing", async () => {
    const { owner } = await household();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ name: "" }, { name: ["This field may not be blank."] }],
      [{ name: "x".repeat(61) }, { name: ["Ensure this field has no more than 60 characters."] }],
      [{ name: "Mia", allergens: ["nuts"] }, { allergens: ['"nuts" is not a valid choice.'] }],
      [{ name: "Mia", diets: "vegan" }, { diets: expect.any(Array) }],
      [
        { name: "Mia", dislikes: [2_000_000_000] },
        { dislikes: [expect.stringContaining("2000000000")] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await owner.agent.post("/api/planner/people/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(response.body), JSON.stringify(body)).toMatchObject(errors);
    }
    expect((await people(owner.agent)).map((person) => person.username === null)).toEqual([
      false,
      false,
    ]);
  });

  it("is 404 to a cook the planner is not shared with, and 401 signed out", async () => {
    const { owner, stranger, of } = await household();
    const mia = await ok<PlannerPerson>(owner.agent.post("/api/planner/people/", { name: "Mia" }));
    expect(await status(stranger.agent.get(`/api/planner/people/?planner=${of}`))).toBe(404);
    expect(
      await status(stranger.agent.post("/api/planner/people/", { name: "X", planner: of })),
    ).toBe(404);
    expect(
      await status(stranger.agent.patch(`/api/planner/people/${mia.id}/`, { name: "X" })),
    ).toBe(404);
    expect(await status(stranger.agent.delete(`/api/planner/people/${mia.id}/`))).toBe(404);
    expect(await status(new Agent(app).get("/api/planner/people/"))).toBe(401);
    expect((await people(owner.agent)).find((person) => person.id === mia.id)?.name).toBe("Mia");
  });
});

describe("an entry's eaters and warnings", () => {
  it("warns of a satay for Mia, allergic to peanuts, and not when she does not eat it", async () => {
    const { owner, member } = await household();
    const mia = await ok<PlannerPerson>(
      owner.agent.post("/api/planner/people/", { name: "Mia", allergens: ["peanuts"] }),
    );
    const satay = await satayFor(owner.user);
    const entry = await ok<PlannerEntry>(
      owner.agent.post("/api/planner/entries/", {
        date: MONDAY,
        slot: "dinner",
        recipe_id: satay.id,
      }),
    );
    expect(entry.eaters).toBeNull();
    expect(entry.warnings).toEqual([
      {
        person_id: mia.id,
        name: "Mia",
        kind: "allergen",
        allergen: "peanuts",
        diet: null,
        ingredient: null,
      },
    ]);
    // The member reads the same week with the same warning.
    const week = await ok<PlannerEntry[]>(
      member.agent.get(
        `/api/planner/entries/?start=${MONDAY}&end=${MONDAY}&planner=${owner.user.username}`,
      ),
    );
    expect(week[0]?.warnings.map((warning) => warning.name)).toEqual(["Mia"]);

    const everyoneElse = (await people(owner.agent))
      .filter((person) => person.id !== mia.id)
      .map((person) => person.id);
    const without = await ok<PlannerEntry>(
      owner.agent.patch(`/api/planner/entries/${entry.id}/`, { eaters: everyoneElse }),
    );
    expect([without.eaters, without.warnings]).toEqual([everyoneElse, []]);
    // Someone not at this table cannot eat here: 400, nothing changes.
    const other = await signedIn(app, db);
    const theirs = await ok<PlannerPerson>(
      other.agent.post("/api/planner/people/", { name: "Zed" }),
    );
    const refused = await owner.agent.patch(`/api/planner/entries/${entry.id}/`, {
      eaters: [theirs.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(JSON.parse(refused.body))).toEqual(["eaters"]);
  });

  it("says may contain for a row it cannot check, breaks a diet, and names a dislike", async () => {
    const { owner } = await household();
    const veggie = await ok<PlannerPerson>(
      owner.agent.post("/api/planner/people/", {
        name: "Vera",
        diets: ["vegetarian"],
        dislikes: [await ingredientId(db, "Chicken breast")],
      }),
    );
    const satay = await satayFor(owner.user);
    const entry = await ok<PlannerEntry>(
      owner.agent.post("/api/planner/entries/", {
        date: MONDAY,
        slot: "lunch",
        recipe_id: satay.id,
      }),
    );
    expect(
      entry.warnings.map((warning) => [warning.kind, warning.diet, warning.ingredient?.name]),
    ).toEqual([
      ["diet", "vegetarian", undefined],
      ["dislike", null, "Chicken breast"],
    ]);
    // A recipe with a row kept as written: Potluck cannot vouch for it.
    const { id } = await buildRecipe(db, owner.user.id, {
      title: "Mystery stew",
      ingredients: [await row("Carrot", 100)],
    });
    await db.execute(
      (await import("drizzle-orm")).sql`insert into recipe_ingredients (recipe_id, text, position)
        values (${id}, 'a jar of sauce', 1)`,
    );
    const { refreshFactsOf } = await import("../src/recipes/facts.js");
    await refreshFactsOf(db, id);
    const stew = await ok<PlannerEntry>(
      owner.agent.post("/api/planner/entries/", { date: MONDAY, slot: "snack", recipe_id: id }),
    );
    expect(stew.warnings).toEqual([
      expect.objectContaining({ person_id: veggie.id, kind: "may_contain", allergen: null }),
    ]);
  });

  it("takes a deleted person out of the entries they ate", async () => {
    const { owner } = await household();
    const mia = await ok<PlannerPerson>(owner.agent.post("/api/planner/people/", { name: "Mia" }));
    const satay = await satayFor(owner.user);
    const entry = await ok<PlannerEntry>(
      owner.agent.post("/api/planner/entries/", {
        date: MONDAY,
        slot: "dinner",
        recipe_id: satay.id,
        eaters: [mia.id],
      }),
    );
    expect(entry.eaters).toEqual([mia.id]);
    await ok(owner.agent.delete(`/api/planner/people/${mia.id}/`));
    const [after] = await ok<PlannerEntry[]>(
      owner.agent.get(`/api/planner/entries/?start=${MONDAY}&end=${MONDAY}`),
    );
    expect(after?.eaters).toEqual([]);
  });
});

describe("recipes safe for the table", () => {
  it("fill the gaps never proposes a recipe someone at the table is allergic to", async () => {
    const { owner } = await household();
    await ok(owner.agent.post("/api/planner/people/", { name: "Mia", allergens: ["peanuts"] }));
    const satay = await satayFor(owner.user);
    const rice = await buildRecipe(db, owner.user.id, {
      title: "Plain rice",
      ingredients: [await row("White rice", 80)],
    });
    const proposed = await ok<Suggestion[]>(
      owner.agent.post("/api/planner/suggest/", { start: MONDAY, end: "2030-06-09" }),
    );
    const ids = new Set(proposed.map((one) => one.recipe.id));
    expect(ids.has(rice.id)).toBe(true);
    expect(ids.has(satay.id)).toBe(false);
  });

  it("Explore's safe_for_table leaves out what the caller's table cannot eat", async () => {
    const { owner } = await household();
    const satay = await satayFor(owner.user);
    const rice = await buildRecipe(db, owner.user.id, {
      title: "Plain rice",
      ingredients: [await row("White rice", 80)],
    });
    const mine = async () =>
      (
        await ok<RecipeListResponse>(
          owner.agent.get("/api/recipes/recipes/?mine=true&safe_for_table=true"),
        )
      ).results.map((recipe) => recipe.id);
    // Nobody with needs yet: both.
    expect(await mine()).toEqual([rice.id, satay.id]);
    await ok(owner.agent.post("/api/planner/people/", { name: "Mia", allergens: ["peanuts"] }));
    expect(await mine()).toEqual([rice.id]);
    expect(await status(new Agent(app).get("/api/recipes/recipes/?safe_for_table=true"))).toBe(401);
  });
});
