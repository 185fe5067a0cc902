// The ingredient line parser through its route: the shapes, the limits, the cook's own
// ingredients, and its accuracy on a corpus of lines we wrote (test/fixtures/ingredient-lines.json).
import { readFileSync } from "node:fs";
import type { ParsedIngredientLine } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/http/inject-agent.js";
import catalogue from "../src/ingredients/data/ingredients.json" with { type: "json" };
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp({ env: { INGREDIENT_CREATES_PER_USER: "1000" } });
const { agent } = await signedIn(app, db);

interface CorpusLine {
  line: string;
  quantity: number | null;
  unit: string | null;
  ingredient: string | null;
}
const corpus: CorpusLine[] = JSON.parse(
  readFileSync(new URL("./fixtures/ingredient-lines.json", import.meta.url), "utf8"),
);

const parse = async (lines: string[], by = agent) => {
  const response = await by.post("/api/ingredients/parse/", { lines });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ParsedIngredientLine[]>();
};

describe("POST /api/ingredients/parse/", () => {
  it("parses the issue's examples", async () => {
    const [flour, eggs, salt, tomatoes] = await parse([
      "1 ½ cups plain flour",
      "2 large eggs, beaten",
      "salt to taste",
      "1 (400 g) can tomatoes",
    ]);
    expect(flour).toMatchObject({
      original: "1 ½ cups plain flour",
      quantity: 1.5,
      unit: { name: "cup" },
      ingredient: { name: "All-purpose flour" },
    });
    expect(eggs).toMatchObject({
      quantity: 2,
      unit: { name: "piece" },
      ingredient: { name: "Egg" },
    });
    expect(eggs?.note).toContain("large");
    expect(salt).toMatchObject({
      quantity: null,
      unit: { name: "to taste" },
      ingredient: { name: "Salt" },
    });
    expect(tomatoes).toMatchObject({ quantity: 1, unit: { name: "can" }, note: "400 g" });
    expect(typeof tomatoes?.unit?.id).toBe("number");
  });

  it("says when a range was taken at its larger end", async () => {
    const [line] = await parse(["2-3 tbsp olive oil"]);
    expect(line).toMatchObject({ quantity: 3, unit: { name: "tbsp" } });
    expect(line?.note).toMatch(/2-3/);
  });

  it("leaves an unknown ingredient unmatched", async () => {
    const [line] = await parse(["2 cups zorblax quiddities"]);
    expect(line).toMatchObject({ quantity: 2, unit: { name: "cup" }, ingredient: null });
  });

  it("matches the cook's own ingredients, and not another cook's", async () => {
    const mine = await agent.post("/api/ingredients/ingredients/", { name: "Nonna's spice mix" });
    expect(mine.statusCode).toBe(201);
    const [line] = await parse(["1 tsp Nonna's spice mix"]);
    // The parse names the ingredient by id and name (the create answer also says `counted`).
    const { id, name } = mine.json<{ id: number; name: string }>();
    expect(line?.ingredient).toEqual({ id, name });
    const other = await signedIn(app, db);
    const [theirs] = await parse(["1 tsp Nonna's spice mix"], other.agent);
    expect(theirs?.ingredient?.name).not.toBe("Nonna's spice mix");
  });

  it("takes at most 100 lines, each of limited length", async () => {
    expect((await parse(Array(100).fill("1 egg"))).length).toBe(100);
    const tooMany = await agent.post("/api/ingredients/parse/", {
      lines: Array(101).fill("1 egg"),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ lines: ["Ensure this field has no more than 100 elements."] });
    const tooLong = await agent.post("/api/ingredients/parse/", { lines: ["x".repeat(501)] });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(["lines"]);
    const notText = await agent.post("/api/ingredients/parse/", { lines: ["a\u0000b"] });
    expect(notText.statusCode).toBe(400);
  });

  it("answers 401 when not signed in", async () => {
    const response = await new Agent(app).post("/api/ingredients/parse/", { lines: ["1 egg"] });
    expect(response.statusCode).toBe(401);
  });
});

describe("the parser's accuracy on its corpus", () => {
  it(`gets at least 95% of ${corpus.length} lines fully right`, { timeout: 60_000 }, async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const results: ParsedIngredientLine[] = [];
    for (let start = 0; start < corpus.length; start += 100) {
      results.push(...(await parse(corpus.slice(start, start + 100).map((entry) => entry.line))));
    }
    const wrong: string[] = [];
    corpus.forEach((expected, index) => {
      const got = results[index];
      const same =
        got !== undefined &&
        got.quantity === expected.quantity &&
        (got.unit?.name ?? null) === expected.unit &&
        (got.ingredient?.name ?? null) === expected.ingredient;
      if (!same) {
        wrong.push(
          `${expected.line}\n    expected ${expected.quantity} ${expected.unit} ${expected.ingredient}` +
            `\n    got      ${got?.quantity} ${got?.unit?.name ?? null} ${got?.ingredient?.name ?? null}`,
        );
      }
    });
    const share = (corpus.length - wrong.length) / corpus.length;
    console.log(
      `ingredient parser: ${corpus.length - wrong.length} of ${corpus.length} lines fully right ` +
        `(${(share * 100).toFixed(1)}%)${wrong.length ? `; wrong:\n  ${wrong.join("\n  ")}` : ""}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});

describe("every catalogue name, written as the export writes lines", () => {
  it("parses back to itself, with a unit and as a count", { timeout: 60_000 }, async () => {
    const wrong: string[] = [];
    for (const [unit, write] of [
      ["g", (name: string) => `2 g ${name}`],
      ["piece", (name: string) => `2 ${name}`],
    ] as const) {
      for (let start = 0; start < catalogue.length; start += 100) {
        const names = catalogue.slice(start, start + 100);
        const parsed = await parse(names.map(write));
        parsed.forEach((line, index) => {
          const name = names[index];
          if (line.quantity !== 2 || line.unit?.name !== unit || line.ingredient?.name !== name) {
            wrong.push(
              `${line.original} → ${line.quantity} ${line.unit?.name} ${line.ingredient?.name}`,
            );
          }
        });
      }
    }
    expect(wrong).toEqual([]);
  });
});
