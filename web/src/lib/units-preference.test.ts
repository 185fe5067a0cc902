import { expect, test } from "vitest";
import { lineText } from "./units-preference";

/** The amount part of a line, as the old amountText gave it. */
const amountText = (quantity: number, unit: string, units: "as_written" | "metric" | "us") =>
  lineText(quantity, unit, "Flour", units).amount;

test("as written: the quantity and unit as stored, without trailing zeros", () => {
  expect(amountText(1.5, "kg", "as_written")).toBe("1.5 kg");
  // A count reads without "piece" (issue 22): "2 eggs".
  expect(lineText(2, "piece", "Egg", "us").text).toBe("2 eggs");
});

test("in the cook's system: the merged 1.5 kg of flour reads 3.31 lb in US units", () => {
  expect(amountText(1.5, "kg", "us")).toBe("3.31 lb");
  expect(amountText(100, "g", "us")).toBe("3.5 oz");
  expect(amountText(1, "lb", "metric")).toBe("454 g");
});

test("spoons stay spoons in metric", () => {
  expect(amountText(2, "tbsp", "metric")).toBe("2 tbsp");
});
