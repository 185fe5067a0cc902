import { describe, expect, it } from "vitest";
import { buildRecipe, buildUser, ingredientId, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

interface SearchPage {
  results: { title: string }[];
  did_you_mean?: string;
}
const search = async (text: string, agent = new Agent(app)) =>
  (await agent.get(`/api/recipes/recipes/?search=${encodeURIComponent(text)}`)).json<SearchPage>();
const titlesOf = (page: SearchPage) => page.results.map((recipe) => recipe.title).sort();

describe("typo correction of every word, and did you mean (issue 34 §9)", async () => {
  const author = await buildUser(db);
  const grams = await unitId(db, "g");
  const tomato = await ingredientId(db, "Tomato");
  await buildRecipe(db, author.id, {
    title: "Tomato soup",
    ingredients: [{ ingredientId: tomato, unitId: grams, quantity: 100 }],
  });
  await buildRecipe(db, author.id, { title: "Roasted tomato soup" });
  // "tomatoe" begins "tomatoes", a word of another recipe that is no soup: the exact search
  // "tomatoes soup" then found nothing, and "tomatoe" was not taken for a typo.
  await buildRecipe(db, author.id, {
    title: "Pasta with tomatoes",
    ingredients: [
      { ingredientId: await ingredientId(db, "Canned tomatoes"), unitId: grams, quantity: 100 },
    ],
  });
  const soups = ["Roasted tomato soup", "Tomato soup"];

  it("corrects a word that begins another word, and offers the corrected words", async () => {
    const page = await search("tomatoe soup");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("tomato soup");
    // The suggestion, run as it is, finds them as typed: no further suggestion.
    const followed = await search("tomato soup");
    expect(titlesOf(followed)).toEqual(soups);
    expect(followed.did_you_mean).toBeUndefined();
  });

  it("corrects a short word one letter off, which shares few trigrams", async () => {
    const page = await search("soop");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("soup");
  });

  it("offers nothing when the words match as typed, or nothing is near", async () => {
    const exact = await search("tomatoe");
    expect(titlesOf(exact)).toEqual(["Pasta with tomatoes"]);
    expect(exact.did_you_mean).toBeUndefined();
    const nothing = await search("zzzqqq soup");
    expect(nothing.results).toEqual([]);
    expect(nothing.did_you_mean).toBeUndefined();
  });

  it("corrects against words recipes use now, not those of deleted recipes", async () => {
    const gone = await buildRecipe(db, author.id, { title: "Soop kitchen stew" });
    expect(titlesOf(await search("soop"))).toEqual(["Soop kitchen stew"]);
    await db.execute(`delete from recipes where id = ${gone.id}`);
    const page = await search("soop");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("soup");
  });
});
