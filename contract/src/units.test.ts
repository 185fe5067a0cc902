import { describe, expect, it } from "vitest";
import {
  type Amount,
  combineAmounts,
  displayQuantity,
  MEASURES,
  measureOf,
  roundTo2,
  sameMeasure,
} from "./units.js";

const amount = (quantity: number, unit: string): Amount => ({ quantity, unit });
/** The combined amount as it would be shown: 2 decimals. */
const combined = (...amounts: Amount[]) => {
  const result = combineAmounts(amounts);
  return `${roundTo2(result.quantity)} ${result.unit}`;
};
const shown = (quantity: number, unit: string, system: "as_written" | "metric" | "us") => {
  const result = displayQuantity(quantity, unit, system);
  return `${result.quantity} ${result.unit}`;
};

describe("the unit table", () => {
  it("holds US cooking sizes: cup 236.59 ml, tbsp 3 tsp, fl oz 29.57 ml, pint 2 cups", () => {
    const ml = (unit: string) => measureOf(unit)?.base ?? Number.NaN;
    expect(ml("cup")).toBeCloseTo(236.59, 2);
    expect(ml("tsp")).toBeCloseTo(4.929, 3);
    expect(ml("tbsp") / ml("tsp")).toBeCloseTo(3, 12);
    expect(ml("fl oz")).toBeCloseTo(29.57, 2);
    expect(ml("pint") / ml("cup")).toBeCloseTo(2, 12);
    expect(ml("quart") / ml("pint")).toBeCloseTo(2, 12);
    expect(ml("gallon") / ml("quart")).toBeCloseTo(4, 12);
    expect(ml("lb") / ml("oz")).toBeCloseTo(16, 12);
  });

  it("knows mass and volume units and treats everything else as a count", () => {
    expect([...MEASURES.keys()].sort()).toEqual(
      ["cl", "cup", "dl", "fl oz", "g", "gallon", "kg", "l", "lb", "mg", "ml", "oz", "pint"]
        .concat(["quart", "tbsp", "tsp"])
        .sort(),
    );
    for (const count of ["piece", "clove", "can", "pinch", "to taste", "inch", "constructor"]) {
      expect(measureOf(count)).toBeUndefined();
    }
    expect(measureOf("KG")?.dimension).toBe("mass");
  });

  it("adds mass to mass, volume to volume, and a count only to the same count", () => {
    expect(sameMeasure("g", "lb")).toBe(true);
    expect(sameMeasure("tsp", "l")).toBe(true);
    expect(sameMeasure("cup", "g")).toBe(false);
    expect(sameMeasure("piece", "piece")).toBe(true);
    expect(sameMeasure("piece", "clove")).toBe(false);
    expect(sameMeasure("pinch", "g")).toBe(false);
  });
});

describe("combineAmounts", () => {
  it("gives the issue's examples", () => {
    expect(combined(amount(500, "g"), amount(1, "kg"))).toBe("1.5 kg");
    expect(combined(amount(250, "ml"), amount(1, "l"))).toBe("1.25 l");
    expect(combined(amount(1, "tbsp"), amount(1, "tsp"))).toBe("4 tsp");
    expect(combined(amount(2, "cup"), amount(4, "tbsp"))).toBe("2.25 cup");
    expect(combined(amount(8, "oz"), amount(1, "lb"))).toBe("1.5 lb");
    expect(() => combineAmounts([amount(1, "cup"), amount(100, "g")])).toThrow();
  });

  it("keeps the unit when every amount has it, whatever the sum", () => {
    expect(combined(amount(600, "g"), amount(600, "g"))).toBe("1200 g");
    expect(combined(amount(0.25, "kg"), amount(0.25, "kg"))).toBe("0.5 kg");
    expect(combined(amount(3, "piece"), amount(2, "piece"))).toBe("5 piece");
    expect(combined(amount(3, "piece"), amount(2, "Piece"))).toBe("5 piece");
  });

  it("stays in a smaller unit when the larger one would need more than 2 decimals", () => {
    expect(combined(amount(1, "kg"), amount(1, "g"))).toBe("1001 g");
    expect(combined(amount(500, "g"), amount(0.25, "kg"))).toBe("750 g");
    expect(combined(amount(500, "mg"), amount(0.2, "g"))).toBe("700 mg");
  });

  it("uses a unit that was written even when it is not one of the usual ones", () => {
    expect(combined(amount(2, "dl"), amount(100, "ml"))).toBe("3 dl");
    expect(combined(amount(1, "quart"), amount(2, "cup"))).toBe("1.5 quart");
  });

  it("writes US amounts with kitchen fractions from ¼ cup, spoons only below a cup", () => {
    expect(combined(amount(4, "tbsp"), amount(1, "tsp"))).toBe("13 tsp");
    expect(combined(amount(1, "tbsp"), amount(1.5, "tsp"))).toBe("1.5 tbsp");
    expect(combined(amount(0.5, "cup"), amount(2, "tbsp"), amount(2, "tsp"))).toBe("0.67 cup");
    expect(combined(amount(1, "cup"), amount(1, "tsp"))).toBe("1.02 cup");
    expect(combined(amount(10, "oz"), amount(1, "lb"))).toBe("1.63 lb");
    expect(combined(amount(4, "oz"), amount(0.5, "lb"))).toBe("12 oz");
    expect(combined(amount(0.125, "tsp"), amount(0.125, "tbsp"))).toBe("0.5 tsp");
  });

  it("takes the system that gives the larger share when both are written", () => {
    expect(combined(amount(1, "cup"), amount(100, "ml"))).toBe("1.42 cup");
    expect(combined(amount(1, "tbsp"), amount(250, "ml"))).toBe("264.79 ml");
    expect(combined(amount(1, "lb"), amount(1, "kg"))).toBe("1.45 kg");
  });

  it("never depends on the order of the amounts", () => {
    const amounts = [amount(0.1, "l"), amount(0.2, "l"), amount(3, "cl"), amount(0.7, "dl")];
    const reversed = [...amounts].reverse();
    expect(combineAmounts(amounts)).toEqual(combineAmounts(reversed));
    expect(combined(...amounts)).toBe("4 dl");
  });

  it("chooses only units that are available, besides those written", () => {
    const noKilos = (unit: string) => unit !== "kg";
    expect(combineAmounts([amount(500, "g"), amount(1000, "mg")], noKilos)).toEqual({
      quantity: 501,
      unit: "g",
    });
    expect(combineAmounts([amount(500, "g"), amount(1, "kg")], noKilos).unit).toBe("kg");
  });
});

describe("displayQuantity", () => {
  it("changes nothing for counts, or an amount already in its system's friendlier unit", () => {
    // Issue 34 §6: from 10 up, a whole number (29.57 ml was shown as written).
    expect(shown(29.57, "ml", "as_written")).toBe("30 ml");
    expect(shown(3, "clove", "us")).toBe("3 clove");
    expect(shown(2, "pinch", "metric")).toBe("2 pinch");
    expect(shown(1.5, "kg", "metric")).toBe("1.5 kg");
    // Issue 34 §6: 1,000 g or more is shown in kilograms (was 1500 g).
    expect(shown(1500, "g", "metric")).toBe("1.5 kg");
    expect(shown(2.25, "cup", "us")).toBe("2.25 cup");
  });

  it("keeps spoons in metric: 2 tbsp, not 29.57 ml", () => {
    expect(shown(2, "tbsp", "metric")).toBe("2 tbsp");
    expect(shown(0.5, "tsp", "metric")).toBe("0.5 tsp");
  });

  it("shows US mass in grams and kilograms: 1.5 kg, not 3.31 lb", () => {
    expect(shown(3.31, "lb", "metric")).toBe("1.5 kg");
    expect(shown(1, "lb", "metric")).toBe("454 g");
    expect(shown(8, "oz", "metric")).toBe("227 g");
    // Issue 34 §6: three significant figures (was 2.8 g).
    expect(shown(0.1, "oz", "metric")).toBe("2.83 g");
  });

  it("shows US volumes in millilitres and litres", () => {
    expect(shown(1, "cup", "metric")).toBe("237 ml");
    // Issue 34 §6: whole millilitres from 10 up (was 29.6 ml).
    expect(shown(1, "fl oz", "metric")).toBe("30 ml");
    expect(shown(1, "gallon", "metric")).toBe("3.79 l");
    expect(shown(4.25, "cup", "metric")).toBe("1.01 l");
  });

  it("shows metric volumes in spoons and cups for a US cook: 29.57 ml is 2 tbsp", () => {
    expect(shown(29.57, "ml", "us")).toBe("2 tbsp");
    expect(shown(5, "ml", "us")).toBe("1 tsp");
    expect(shown(20, "ml", "us")).toBe("4 tsp");
    expect(shown(250, "ml", "us")).toBe("1.06 cup");
    expect(shown(60, "ml", "us")).toBe("0.25 cup");
    expect(shown(1, "l", "us")).toBe("4.25 cup");
    expect(shown(5, "l", "us")).toBe("1.32 gallon");
    expect(shown(1.25, "dl", "us")).toBe("8.5 tbsp");
  });

  it("shows metric mass in ounces and pounds for a US cook", () => {
    expect(shown(1.5, "kg", "us")).toBe("3.31 lb");
    expect(shown(500, "g", "us")).toBe("1.1 lb");
    expect(shown(454, "g", "us")).toBe("1 lb");
    expect(shown(100, "g", "us")).toBe("3.5 oz");
    expect(shown(227, "g", "us")).toBe("8 oz");
  });

  // Issue 34 §6: amounts a cook can use, the API's quantities staying exact.
  it.each([
    [333.33, "ml", "333 ml"],
    [1.5, "g", "1.5 g"],
    [187.5, "ml", "188 ml"],
    [12.345, "l", "12 l"],
    [1234, "kg", "1230 kg"],
    [2.834, "g", "2.83 g"],
    [9.996, "g", "10 g"],
    [0.5, "ml", "0.5 ml"],
    [1.005, "l", "1.01 l"],
  ])("shows %d %s as precise as a scale or a jug: %s", (quantity, unit, reads) => {
    expect(shown(quantity, unit, "as_written")).toBe(reads);
    expect(shown(quantity, unit, "metric")).toBe(reads);
  });

  it.each([
    [0.67, "kg", "670 g"],
    [1500, "g", "1.5 kg"],
    [1234, "g", "1.23 kg"],
    [999, "g", "999 g"],
    [1001, "g", "1 kg"],
    [0.5, "g", "500 mg"],
    [2500, "mg", "2.5 g"],
    [0.25, "l", "250 ml"],
    [1000, "ml", "1 l"],
    [150, "cl", "1.5 l"],
    [25, "cl", "25 cl"],
    [0.5, "dl", "50 ml"],
    [3, "tsp", "1 tbsp"],
    [6, "tsp", "2 tbsp"],
    [4, "tsp", "4 tsp"],
    [16, "tbsp", "1 cup"],
    [12, "tbsp", "0.75 cup"],
    [6.33, "tbsp", "6.33 tbsp"],
    [0.125, "cup", "2 tbsp"],
    [0.5, "cup", "0.5 cup"],
    [1.9, "cup", "1.9 cup"],
    [0.5, "lb", "8 oz"],
    [24, "oz", "1.5 lb"],
    [13.25, "oz", "13.25 oz"],
  ])("shows %d %s in the friendlier unit of its system: %s", (quantity, unit, reads) => {
    expect(shown(quantity, unit, "as_written")).toBe(reads);
  });

  it("keeps spoons spoons for a metric cook, in the friendlier spoon", () => {
    expect(shown(3, "tsp", "metric")).toBe("1 tbsp");
    expect(shown(16, "tbsp", "metric")).toBe("16 tbsp");
  });

  it("leaves nonsense alone rather than failing", () => {
    expect(shown(0, "g", "us")).toBe("0 g");
    expect(shown(Number.NaN, "g", "us")).toBe("NaN g");
  });
});
