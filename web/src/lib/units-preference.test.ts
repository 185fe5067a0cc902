import { expect, test } from "vitest";
import { amountText } from "./units-preference";

test("as written: the quantity and unit as stored, without trailing zeros", () => {
  expect(amountText(1.5, "kg", "as_written")).toBe("1.5 kg");
  expect(amountText(2, "piece", "us")).toBe("2 piece");
});

test("in the cook's system: the merged 1.5 kg of flour reads 3.31 lb in US units", () => {
  expect(amountText(1.5, "kg", "us")).toBe("3.31 lb");
  expect(amountText(100, "g", "us")).toBe("3.5 oz");
  expect(amountText(1, "lb", "metric")).toBe("454 g");
});

test("spoons stay spoons in metric", () => {
  expect(amountText(2, "tbsp", "metric")).toBe("2 tbsp");
});
