import { expect, test } from "vitest";
import { lineText } from "./units-preference";

/** A catalogue row of `quantity` per serving, read for one guest of a recipe for one. */
const row = (quantity: number, unit: string, name: string) => ({
  ingredient: { name },
  quantity,
  unit: { name: unit },
  text: null,
});

/** The amount part of a line, as the old amountText gave it. */
const amountText = (quantity: number, unit: string, units: "as_written" | "metric" | "us") =>
  lineText(row(quantity, unit, "Flour"), 1, 1, units).amount;

test("as written: the quantity and unit as stored, without trailing zeros", () => {
  expect(amountText(1.5, "kg", "as_written")).toBe("1.5 kg");
  // A count reads without "piece" (issue 22): "2 eggs".
  expect(lineText(row(2, "piece", "Egg"), 1, 1, "us").text).toBe("2 eggs");
});

test("in the cook's system: the merged 1.5 kg of flour reads 3.31 lb in US units", () => {
  expect(amountText(1.5, "kg", "us")).toBe("3.31 lb");
  // Issue 34 §6: ounces in kitchen fractions when close (was "3.5 oz").
  expect(amountText(100, "g", "us")).toBe("3½ oz");
  expect(amountText(1, "lb", "metric")).toBe("454 g");
});

test("spoons stay spoons in metric", () => {
  expect(amountText(2, "tbsp", "metric")).toBe("2 tbsp");
});

test("a row kept as written: its words, its amount scaled by guests and in the cook's units", () => {
  const herbs = { ingredient: null, quantity: 25, unit: { name: "g" }, text: "Fresh herbs" };
  expect(lineText(herbs, 2, 4, "as_written").text).toBe("50 g Fresh herbs");
  expect(lineText(herbs, 8, 4, "us").text).toBe("7 oz Fresh herbs");
  const mint = { ingredient: null, quantity: null, unit: null, text: "a handful of mint" };
  expect(lineText(mint, 8, 4, "us")).toEqual({
    amount: "",
    name: "a handful of mint",
    text: "a handful of mint",
  });
});
