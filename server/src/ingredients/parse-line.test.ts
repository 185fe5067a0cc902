import { describe, expect, it } from "vitest";
import catalogue from "./data/ingredients.json" with { type: "json" };
import units from "./data/units.json" with { type: "json" };
import { PREPARATION_WORDS, parseIngredientLine } from "./parse-line.js";

const parts = (line: string) => {
  const { quantity, unit, ingredientText } = parseIngredientLine(line);
  return [quantity, unit, ingredientText];
};

describe("parseIngredientLine", () => {
  it("reads numbers in every written form", () => {
    expect(parts("2 eggs")).toEqual([2, "piece", "eggs"]);
    expect(parts("1.5 kg potatoes")).toEqual([1.5, "kg", "potatoes"]);
    expect(parts("1,5 kg potatoes")).toEqual([1.5, "kg", "potatoes"]);
    expect(parts("1,000 g flour")).toEqual([1000, "g", "flour"]);
    expect(parts("1 1/2 cups milk")).toEqual([1.5, "cup", "milk"]);
    expect(parts("1-1/2 cups milk")).toEqual([1.5, "cup", "milk"]);
    expect(parts("1½ cups milk")).toEqual([1.5, "cup", "milk"]);
    expect(parts("10½ oz flour")).toEqual([10.5, "oz", "flour"]);
    expect(parts("½ tsp salt")).toEqual([0.5, "tsp", "salt"]);
    expect(parts(".5 cup milk")).toEqual([0.5, "cup", "milk"]);
    expect(parts("200g butter")).toEqual([200, "g", "butter"]);
    expect(parts("two eggs")).toEqual([2, "piece", "eggs"]);
    expect(parts("a dozen eggs")).toEqual([12, "piece", "eggs"]);
  });

  it("takes the larger end of a range and says so", () => {
    expect(parseIngredientLine("2-3 tbsp oil")).toMatchObject({ quantity: 3, unit: "tbsp" });
    expect(parseIngredientLine("2 to 3 cloves garlic").note).toContain("2 to 3");
    expect(parseIngredientLine("1 or 2 chillies").quantity).toBe(2);
  });

  it("tells T from t and knows abbreviations and plurals", () => {
    expect(parts("1 T butter")[1]).toBe("tbsp");
    expect(parts("1 t salt")[1]).toBe("tsp");
    expect(parts("1 Tbsp. honey")[1]).toBe("tbsp");
    expect(parts("3 tablespoons oil")[1]).toBe("tbsp");
    expect(parts("250 gr pasta")[1]).toBe("g");
    expect(parts("500 grams beef")[1]).toBe("g");
    expect(parts("2 lbs chicken")[1]).toBe("lb");
    expect(parts("8 fl. oz. milk")[1]).toBe("fl oz");
  });

  it("keeps sizes and containers apart", () => {
    expect(parseIngredientLine("1 (400 g) can tomatoes")).toMatchObject({
      quantity: 1,
      unit: "can",
      ingredientText: "tomatoes",
      note: "400 g",
    });
    expect(parts("2 x 400g tins chopped tomatoes")).toEqual([2, "can", "chopped tomatoes"]);
    expect(parts("1 14-ounce can coconut milk")).toEqual([1, "can", "coconut milk"]);
    expect(parts("400g can chickpeas")).toEqual([1, "can", "chickpeas"]);
    expect(parts("200g/7oz caster sugar")).toEqual([200, "g", "caster sugar"]);
  });

  it("reads 'a pinch of', 'to taste' and bare counts", () => {
    expect(parts("a pinch of salt")).toEqual([1, "pinch", "salt"]);
    expect(parts("salt to taste")).toEqual([null, "to taste", "salt"]);
    expect(parseIngredientLine("2 large eggs, beaten")).toMatchObject({
      quantity: 2,
      unit: "piece",
      ingredientText: "eggs",
    });
    expect(parseIngredientLine("2 large eggs, beaten").note).toContain("large");
    expect(parts("salt and pepper")).toEqual([null, null, "salt and pepper"]);
  });

  it("does not see numbers or units inside names", () => {
    expect(parts("4 T-bone steaks")).toEqual([4, "piece", "t-bone steaks"]);
    expect(parts("1 tsp five-spice powder")).toEqual([1, "tsp", "five-spice powder"]);
    expect(parts("2 cups grapes")).toEqual([2, "cup", "grapes"]);
    expect(parts("3 lemons")).toEqual([3, "piece", "lemons"]);
    expect(parts("4 whole cloves")).toEqual([4, "piece", "whole cloves"]);
    expect(parts("2 garlic cloves")).toEqual([2, "clove", "garlic"]);
  });

  it("keeps preparation and detail in the note, and '(optional)' as a mark (issue 34 §7)", () => {
    const read = (line: string) => {
      const { quantity, unit, ingredientText, note, optional } = parseIngredientLine(line);
      return { quantity, unit, ingredientText, note, optional };
    };
    expect(read("2 onions, diced")).toEqual({
      quantity: 2,
      unit: "piece",
      ingredientText: "onions",
      note: "diced",
      optional: false,
    });
    // "crushed tomatoes" is a product's known name: the word stays for the matcher, and is noted.
    expect(read("1 (28 ounce) can crushed tomatoes")).toEqual({
      quantity: 1,
      unit: "can",
      ingredientText: "crushed tomatoes",
      note: "28 ounce, crushed",
      optional: false,
    });
    expect(read("2 tbsp butter, melted")).toEqual({
      quantity: 2,
      unit: "tbsp",
      ingredientText: "butter",
      note: "melted",
      optional: false,
    });
    expect(read("1 tsp vanilla (optional)")).toEqual({
      quantity: 1,
      unit: "tsp",
      ingredientText: "vanilla",
      note: "",
      optional: true,
    });
    expect(read("1 tsp vanilla, optional")).toMatchObject({ note: "", optional: true });
    expect(read("parsley (optional, to serve)")).toMatchObject({
      note: "to serve",
      optional: true,
    });
  });

  it("reads 'to taste' without a quantity (issue 34 §11)", () => {
    expect(parts("salt to taste")).toEqual([null, "to taste", "salt"]);
    expect(parts("Salt and pepper to taste")).toEqual([null, "to taste", "salt and pepper"]);
    expect(parseIngredientLine("1 tsp salt, to taste")).toMatchObject({
      quantity: 1,
      unit: "tsp",
      note: "to taste",
    });
  });

  it("never throws, whatever the text", () => {
    for (const line of ["", " ", "()", "1/0 cup", "x".repeat(500), "½½½", "1 - - 2", "/ / /"]) {
      const parsed = parseIngredientLine(line);
      expect(parsed.quantity === null || Number.isFinite(parsed.quantity)).toBe(true);
    }
  });
});

describe("the word lists", () => {
  it("never strip a word that a catalogue name contains", () => {
    const words = new Set(catalogue.flatMap((name) => name.toLowerCase().split(/[\s-]+/)));
    expect([...PREPARATION_WORDS].filter((word) => words.has(word))).toEqual([]);
  });

  it("only produce units of the catalogue", () => {
    for (const line of ["1 T x", "1 fl oz x", "1 tin x", "1 envelope x", "1 rib x", "1 splash x"]) {
      expect(units).toContain(parseIngredientLine(line).unit);
    }
  });
});
