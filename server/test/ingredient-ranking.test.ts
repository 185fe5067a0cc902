import { describe, expect, it } from "vitest";
import { matchIngredientTexts } from "../src/ingredients/match-lines.js";
import { buildRecipe, buildUser, ingredientId, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

// Issue 22, item 5: the best match first. Exact names, known other names ("flour") and whole
// words before longer names and parts of words; among equals, what more recipes use.

const { app, db } = await createTestApp();
const anonymous = new Agent(app);
const cook = await buildUser(db);
const GRAM = await unitId(db, "g");

const names = async (text: string, limit = 25) => {
  const response = await anonymous.get(
    `/api/ingredients/ingredients/?search=${encodeURIComponent(text)}&limit=${limit}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ results: { name: string }[] }>().results.map((i) => i.name);
};

/** `count` recipes that use the named ingredient. */
async function useIn(name: string, count: number) {
  const id = await ingredientId(db, name);
  for (let i = 0; i < count; i++) {
    await buildRecipe(db, cook.id, {
      ingredients: [{ ingredientId: id, unitId: GRAM, quantity: 1 }],
    });
  }
}

describe("ingredient search ranking", () => {
  it('lists all-purpose flour first for "flour", tortillas not before the flours', async () => {
    const found = await names("flour");
    expect(found[0]).toBe("All-purpose flour");
    expect(found).toHaveLength(21);
    // "Flour tortilla" is a whole-word match too, but no nearer than the other flours.
    expect(found.indexOf("Flour tortilla")).toBeGreaterThan(found.indexOf("Rye flour"));
  });

  it("finds the catalogue name of another name (plain flour)", async () => {
    expect((await names("plain flour"))[0]).toBe("All-purpose flour");
  });

  it("puts whole words before names where the text only starts a word", async () => {
    const found = await names("egg", 50);
    expect(found[0]).toBe("Egg");
    expect(found.indexOf("Quail egg")).toBeLessThan(found.indexOf("Eggplant"));
    expect(found.indexOf("Egg yolk")).toBeLessThan(found.indexOf("Eggplant"));
  });

  it("puts what more recipes use first among equally good matches", async () => {
    const before = await names("flour");
    expect(before.indexOf("Rye flour")).toBeLessThan(before.indexOf("Chickpea flour"));
    await useIn("Chickpea flour", 3);
    await useIn("Tapioca flour", 1);
    const after = await names("flour");
    // The synonym stays first; then by uses.
    expect(after.slice(0, 3)).toEqual(["All-purpose flour", "Chickpea flour", "Tapioca flour"]);
    // An exact name still beats a commoner longer one.
    await useIn("Whole milk", 2);
    const milk = await names("milk");
    expect(milk.slice(0, 2)).toEqual(["Milk", "Whole milk"]);
  });
});

describe("line parser matching ranking", () => {
  it("takes the commoner of two equally close names", async () => {
    const corn = { id: await ingredientId(db, "Corn tortilla"), name: "Corn tortilla" };
    const flour = { id: await ingredientId(db, "Flour tortilla"), name: "Flour tortilla" };
    // Equally good words; the shorter name wins while neither is used.
    expect(await matchIngredientTexts(db, cook.id, ["tortillas"])).toEqual([corn]);
    await useIn("Flour tortilla", 2);
    expect(await matchIngredientTexts(db, cook.id, ["tortillas"])).toEqual([flour]);
  });

  it("keeps the exact name and the longest contained name over a commoner one", async () => {
    await useIn("Tomato", 5);
    const [paste] = await matchIngredientTexts(db, cook.id, ["tomato paste"]);
    expect(paste?.name).toBe("Tomato paste");
    const [concentrated] = await matchIngredientTexts(db, cook.id, [
      "double concentrated tomato paste",
    ]);
    expect(concentrated?.name).toBe("Tomato paste");
  });
});
