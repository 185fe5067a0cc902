import { describe, expect, it } from "vitest";
import { listLineText } from "./line-text";

const catalogue = (quantity: number, unit: string, name: string) => ({
  quantity,
  unit: { name: unit },
  ingredient: { name },
  text: null,
});
const free = (text: string, quantity: number | null = null, unit: string | null = null) => ({
  quantity,
  unit: unit === null ? null : { name: unit },
  ingredient: { name: text },
  text,
});

describe("listLineText", () => {
  it("reads a catalogue ingredient as every ingredient line does", () => {
    // Issue 34 §6: 1,000 g or more reads in kilograms (was "1500 g All-purpose flour").
    expect(listLineText(catalogue(1500, "g", "All-purpose flour"), "as_written").text).toBe(
      "1.5 kg All-purpose flour",
    );
    expect(listLineText(catalogue(2, "piece", "Egg"), "as_written").text).toBe("2 eggs");
  });

  it("reads a spooned food's weight as cups in US units, and as a weight otherwise (issue 38 §3)", () => {
    // 1 cup (125 g) + 200 g of flour merged into 325 g; flour is 0.528 g a ml (SR26).
    const flour = { ...catalogue(325, "g", "All-purpose flour"), grams_per_ml: 0.528 };
    // 615.5 ml, 2.6 cups: the nearest kitchen fraction.
    expect(listLineText(flour, "us").text).toBe("2⅝ cups All-purpose flour");
    expect(listLineText(flour, "metric").text).toBe("325 g All-purpose flour");
    expect(listLineText(flour, "as_written").text).toBe("325 g All-purpose flour");
    // Without a density (a liquid, or unknown) a weight stays a weight.
    expect(listLineText({ ...flour, grams_per_ml: null }, "us").text).toBe(
      "11½ oz All-purpose flour",
    );
  });

  it("reads a free-text line as typed, after its amount in the cook's units", () => {
    expect(listLineText(free("paper towels"), "as_written")).toEqual({
      amount: "",
      name: "paper towels",
      text: "paper towels",
    });
    expect(listLineText(free("mystery flour", 500, "g"), "as_written").text).toBe(
      "500 g mystery flour",
    );
    expect(listLineText(free("mystery flour", 500, "g"), "us").text).toBe("1.1 lb mystery flour");
    // Its words are the cook's: never made plural.
    expect(listLineText(free("Kitchen roll", 3, "piece"), "as_written").text).toBe(
      "3 Kitchen roll",
    );
  });

  // Issue 34 §6: what a cook can buy and measure.
  it("buys counted things whole, with the need beside them; a planned extra reads as planned", () => {
    const onions = catalogue(8 / 3, "piece", "Onion");
    expect(listLineText(onions, "as_written").text).toBe("3 onions (2⅔ needed)");
    expect(listLineText(onions, "as_written", {}).text).toBe("2⅔ onions");
    expect(listLineText(free("lemons", 1.5), "us").text).toBe("2 lemons (1½ needed)");
  });

  it.each([
    [333.33, "ml", "Vegetable stock", "as_written", "333 ml Vegetable stock"],
    [6.33, "tbsp", "Olive oil", "as_written", "6⅓ tbsp Olive oil"],
    [0.67, "kg", "Tomato", "as_written", "670 g Tomato"],
    [13.25, "oz", "Flour", "as_written", "13¼ oz Flour"],
    [1.9, "cup", "Buttermilk", "us", "1⅞ cups Buttermilk"],
    [3, "tsp", "Baking powder", "us", "1 tbsp Baking powder"],
    [0.67, "kg", "Tomato", "metric", "670 g Tomato"],
  ] as const)("reads %d %s %s (%s) as %s", (quantity, unit, name, units, reads) => {
    expect(listLineText(catalogue(quantity, unit, name), units).text).toBe(reads);
  });
});
