import { describe, expect, it } from "vitest";
import { recipeIngredientInput } from "./recipes";
import { freeLineText, recipeLineText } from "./units";

// Issue 25 §1: a recipe's ingredient row may be kept as written. Quantities are per serving;
// the recipe is written for 4.

const free = (text: string, quantity: number | null = null, unit: string | null = null) => ({
  ingredient: null,
  quantity,
  unit: unit === null ? null : { name: unit },
  text,
});
const catalogue = (quantity: number, unit: string, name: string) => ({
  ingredient: { name },
  quantity,
  unit: { name: unit },
  text: null,
});

describe("a recipe's row kept as written", () => {
  it("reads its words as written, without an amount when it has none", () => {
    expect(recipeLineText(free("a handful of fresh herbs"), 8, 4)).toEqual({
      amount: "",
      name: "a handful of fresh herbs",
      text: "a handful of fresh herbs",
    });
  });

  it("scales its quantity by the guests, as a catalogue row's", () => {
    expect(recipeLineText(free("fresh herbs", 0.125, "cup"), 4, 4).text).toBe("½ cup fresh herbs");
    expect(recipeLineText(free("fresh herbs", 0.125, "cup"), 8, 4).text).toBe("1 cup fresh herbs");
    expect(recipeLineText(catalogue(0.125, "cup", "Flour"), 8, 4).text).toBe("1 cup Flour");
    // A pinch is a pinch for 2 or for 12, kept as written or not.
    expect(recipeLineText(free("smoked chilli", 0.25, "pinch"), 12, 4).text).toBe(
      "1 pinch smoked chilli",
    );
  });

  it("never makes its words plural nor lower-cases them", () => {
    expect(recipeLineText(free("Kaffir lime leaf", 0.5), 4, 4).text).toBe("2 Kaffir lime leaf");
    expect(recipeLineText(catalogue(0.5, "piece", "Bay leaf"), 4, 4).text).toBe("2 bay leaves");
  });

  it("reads a quantity without a unit as a count, to the nearest quarter", () => {
    expect(recipeLineText(free("lemons, zested", 0.5), 3, 4).text).toBe("1½ lemons, zested");
    expect(freeLineText(1.2, null, "lemons")).toMatchObject({ text: "1¼ lemons", exact: "1.2" });
  });

  it("converts its amount into the cook's units like any other line", () => {
    expect(freeLineText(500, "g", "mystery flour", "us").text).toBe("1.1 lb mystery flour");
    expect(freeLineText(500, "g", "mystery flour").text).toBe("500 g mystery flour");
  });
});

describe("a volume with its weight (issue 38 §3)", () => {
  // A cup of all-purpose flour weighs 125 g (SR26); ¼ cup per serving, the recipe for 4.
  const flour = { ...catalogue(0.25, "cup", "All-purpose flour"), grams_per_unit: 125 };

  it("shows the weight beside the volume as written, in metric", () => {
    expect(recipeLineText(flour, 4, 4, "metric").text).toBe("1 cup (125 g) All-purpose flour");
    expect(recipeLineText(flour, 8, 4, "metric").text).toBe("2 cups (250 g) All-purpose flour");
  });

  it("shows the weight alone to a cook who weighs, and no weight as written or in US", () => {
    expect(recipeLineText(flour, 4, 4, "metric_weights").text).toBe("125 g All-purpose flour");
    expect(recipeLineText(flour, 80, 4, "metric_weights").text).toBe("2.5 kg All-purpose flour");
    expect(recipeLineText(flour, 4, 4, "as_written").text).toBe("1 cup All-purpose flour");
    expect(recipeLineText(flour, 4, 4, "us").text).toBe("1 cup All-purpose flour");
  });

  it("reads as before without a weight, in every system", () => {
    const milk = { ...catalogue(0.25, "cup", "Whole milk"), grams_per_unit: null };
    expect(recipeLineText(milk, 4, 4, "metric_weights").text).toBe(
      recipeLineText(milk, 4, 4, "metric").text,
    );
  });

  it("reads in the reader's language, the name first in Japanese", () => {
    const reader = (language: "de" | "ja") => ({ language, unitName: () => undefined });
    expect(recipeLineText(flour, 4, 4, "metric", reader("de")).amount).toMatch(/\(125 g\)$/);
    expect(recipeLineText(flour, 4, 4, "metric_weights", reader("ja")).text).toMatch(
      /^All-purpose flour 125\s?g$/,
    );
  });
});

describe("a submitted ingredient row", () => {
  const parse = (row: unknown) => recipeIngredientInput.safeParse(row);
  const messages = (row: unknown) => {
    const result = parse(row);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("takes a catalogue row or a row kept as written, its text trimmed", () => {
    expect(parse({ ingredient_id: 1, quantity: 0.5, unit_id: 2 }).data).toEqual({
      ingredient_id: 1,
      quantity: 0.5,
      unit_id: 2,
    });
    expect(parse({ text: "  a handful of fresh herbs " }).data).toEqual({
      text: "a handful of fresh herbs",
    });
    expect(parse({ text: "fresh herbs", quantity: 0.25, unit_id: 3 }).success).toBe(true);
    expect(parse({ text: "lemons, zested", quantity: 0.5 }).success).toBe(true);
    // A detail's row sent back: null is the same as absent.
    expect(parse({ ingredient_id: 1, quantity: 1, unit_id: 2, text: null }).success).toBe(true);
    expect(
      parse({ ingredient_id: null, quantity: null, unit_id: null, text: "salt" }).success,
    ).toBe(true);
  });

  it("refuses both at once, blank or long text, a unit without a quantity", () => {
    expect(messages({ ingredient_id: 1, quantity: 1, unit_id: 2, text: "herbs" })).toEqual([
      ": Give either text or an ingredient, not both.",
    ]);
    expect(messages({ text: "   " })).toEqual(["text: This field may not be blank."]);
    expect(messages({ text: "x".repeat(201) })).toEqual([
      "text: Ensure this field has no more than 200 characters.",
    ]);
    expect(parse({ text: "x".repeat(200) }).success).toBe(true);
    expect(messages({ text: "herbs", unit_id: 2 })).toEqual(["quantity: A unit needs a quantity."]);
    expect(messages({ text: "herbs", quantity: 0 })).toEqual([
      "quantity: Ensure this value is greater than 0.",
    ]);
  });

  it("wants a catalogue row whole", () => {
    expect(messages({ quantity: 1 })).toEqual([
      "ingredient_id: This field is required.",
      "unit_id: This field is required.",
    ]);
    // The quantity is the server's to check against the unit: "to taste" takes none (issue
    // 34 §11), and the contract does not know the units' names.
    expect(messages({})).toEqual([
      "ingredient_id: This field is required.",
      "unit_id: This field is required.",
    ]);
  });
});
