// Know the food (issue 38 §1): the committed food data. The reviewable mapping of every catalogue
// ingredient to its USDA SR26 food, the table derived from it (scripts/derive-food-data.ts), and
// the allergens and diet flags. Plain file reads: no database, and nothing from SR26 itself.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ALLERGENS } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import catalogue from "../src/ingredients/data/ingredients.json" with { type: "json" };

const dataDir = join(import.meta.dirname, "../src/ingredients/data/food");

/** A TSV file's rows as records of its header's columns. */
function readTsv(file: string): Record<string, string>[] {
  const [header = "", ...lines] = readFileSync(join(dataDir, file), "utf8").split("\n");
  const columns = header.split("\t");
  return lines
    .filter((line) => line.length > 0)
    .map((line) => {
      const fields = line.split("\t");
      return Object.fromEntries(columns.map((column, i) => [column, fields[i] ?? ""]));
    });
}

interface Food {
  ndb: string;
  sr_description: string;
  nutrition_per_100g: Record<string, number | null>;
  grams_per_unit: Record<string, number>;
  grams_per_ml: number | null;
}

const mapping = readTsv("sr26-mapping.tsv");
const allergens = readTsv("allergens.tsv");
const derived = JSON.parse(readFileSync(join(dataDir, "foods.json"), "utf8")) as {
  source: string;
  foods: Record<string, Food>;
};
const food = (name: string): Food => {
  const found = derived.foods[name];
  if (found === undefined) throw new Error(`${name} has no food`);
  return found;
};
const allergensOf = (name: string) =>
  (allergens.find((row) => row.ingredient === name)?.allergens ?? "").split(",");

const CODES: readonly string[] = ALLERGENS;

describe("the SR26 mapping", () => {
  it("has one row per catalogue ingredient, in catalogue order", () => {
    expect(mapping.map((row) => row.ingredient)).toEqual(catalogue);
  });

  it("gives a 5-digit NDB number with its description, or says why not", () => {
    for (const row of mapping) {
      if (row.ndb === "") {
        expect(row.note, row.ingredient).not.toBe("");
        expect(row.sr_description, row.ingredient).toBe("");
      } else {
        expect(row.ndb, row.ingredient).toMatch(/^\d{5}$/);
        expect(row.sr_description, row.ingredient).not.toBe("");
      }
    }
  });

  it("matches the derived table: every mapped ingredient has its food and nutrition", () => {
    expect(derived.source).toBe(
      "USDA National Nutrient Database for Standard Reference, Release 26",
    );
    const mapped = mapping.filter((row) => row.ndb !== "");
    expect(Object.keys(derived.foods).sort()).toEqual(mapped.map((row) => row.ingredient).sort());
    for (const row of mapped) {
      const found = food(row.ingredient ?? "");
      expect(found.ndb, row.ingredient).toBe(row.ndb);
      expect(found.sr_description, row.ingredient).toBe(row.sr_description);
      expect(found.nutrition_per_100g, row.ingredient).toEqual(
        expect.objectContaining({ energy_kcal: expect.any(Number) }),
      );
      const { energy_kcal, energy_kj } = found.nutrition_per_100g;
      if (energy_kcal != null) expect(energy_kj).toBe(Math.round(energy_kcal * 4.184));
      for (const grams of Object.values(found.grams_per_unit)) expect(grams).toBeGreaterThan(0);
    }
  });
});

describe("allergens and diet flags", () => {
  it("has one row per catalogue ingredient, in catalogue order", () => {
    expect(allergens.map((row) => row.ingredient)).toEqual(catalogue);
  });

  it("is what the server reads: allergens.json derived from it, row for row", () => {
    const bundled = JSON.parse(readFileSync(join(dataDir, "allergens.json"), "utf8"));
    expect(bundled).toEqual(
      Object.fromEntries(
        allergens.map((row) => [
          row.ingredient,
          {
            allergens: row.allergens === "" ? [] : (row.allergens ?? "").split(","),
            meat: row.meat === "1",
            fish: row.fish === "1",
            animal: row.animal === "1",
          },
        ]),
      ),
    );
  });

  it("uses only the EU 14 codes and 0/1 flags; meat or fish is an animal product", () => {
    for (const row of allergens) {
      const codes = row.allergens === "" ? [] : (row.allergens ?? "").split(",");
      for (const code of codes) expect(CODES, row.ingredient).toContain(code);
      for (const flag of ["meat", "fish", "animal"]) {
        expect(["0", "1"], `${row.ingredient} ${flag}`).toContain(row[flag]);
      }
      if (row.meat === "1" || row.fish === "1") expect(row.animal, row.ingredient).toBe("1");
    }
  });
});

describe("spot checks a reviewer would expect", () => {
  it("butter: 717 kcal per 100 g, a cup is 227 g", () => {
    expect(food("Butter").ndb).toBe("01001");
    expect(food("Butter").nutrition_per_100g.energy_kcal).toBe(717);
    expect(food("Butter").grams_per_unit.cup).toBe(227);
    expect(allergensOf("Butter")).toContain("milk");
  });

  it("egg: eggs, and one egg weighs about 50 g", () => {
    expect(food("Egg").ndb).toBe("01123");
    expect(allergensOf("Egg")).toContain("eggs");
    expect(food("Egg").grams_per_unit.piece).toBeGreaterThanOrEqual(44);
    expect(food("Egg").grams_per_unit.piece).toBeLessThanOrEqual(57);
  });

  it("all-purpose flour: gluten, and a cup weighs about 125 g", () => {
    expect(food("All-purpose flour").ndb).toBe("20081");
    expect(allergensOf("All-purpose flour")).toContain("gluten");
    expect(food("All-purpose flour").grams_per_unit.cup).toBeCloseTo(125, 0);
  });

  it("onion and garlic: raw, counted by the piece and the clove", () => {
    expect(food("Onion").ndb).toBe("11282");
    expect(food("Onion").grams_per_unit.piece).toBeGreaterThan(50);
    expect(food("Garlic").grams_per_unit.clove).toBe(3);
  });

  it("soy sauce, peanut butter, tahini, wine, oats: their allergens", () => {
    expect(allergensOf("Soy sauce")).toEqual(expect.arrayContaining(["soybeans", "gluten"]));
    expect(allergensOf("Peanut butter")).toContain("peanuts");
    expect(allergensOf("Tahini")).toContain("sesame");
    expect(allergensOf("Red wine")).toContain("sulphites");
    expect(allergensOf("Rolled oats")).toContain("gluten");
    expect(allergensOf("Worcestershire sauce")).toContain("fish");
  });
});
