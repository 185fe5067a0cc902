import { FORM_SERVINGS as CONTRACT_FORM_SERVINGS } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import {
  FORM_SERVINGS,
  formatQuantity,
  parseGuests,
  scaleQuantity,
  toFormQuantity,
  toPerServing,
} from "./quantities";

describe("scaleQuantity", () => {
  it("multiplies the per-serving quantity by the guests", () => {
    expect(scaleQuantity(100, 4)).toBe(400);
    expect(scaleQuantity(0.5, 8)).toBe(4);
    expect(scaleQuantity(62.5, 1)).toBe(62.5);
  });

  it("rounds to 2 decimals", () => {
    expect(scaleQuantity(1 / 3, 1)).toBe(0.33);
    expect(scaleQuantity(1 / 3, 2)).toBe(0.67);
    expect(scaleQuantity(0.125, 3)).toBe(0.38);
    expect(scaleQuantity(0.1, 3)).toBe(0.3);
  });

  it("rounds halves up even where binary floats fall short", () => {
    expect(scaleQuantity(1.005, 1)).toBe(1.01);
    expect(scaleQuantity(0.0025, 2)).toBe(0.01);
  });

  it("doubles when the guests double", () => {
    const perServing = 0.0833;
    expect(scaleQuantity(perServing, 8)).toBe(0.67);
    expect(scaleQuantity(0.25, 8)).toBe(2 * scaleQuantity(0.25, 4));
  });
});

describe("parseGuests", () => {
  it("reads whole numbers", () => {
    expect(parseGuests("4")).toBe(4);
    expect(parseGuests("12")).toBe(12);
    expect(parseGuests(" 8 ")).toBe(8);
  });

  it("drops the fraction of a decimal", () => {
    expect(parseGuests("2.7")).toBe(2);
  });

  it("turns anything invalid or below 1 into 1", () => {
    for (const input of ["", "0", "-3", "abc", "1e3", "0.5", "NaN", "Infinity", "4 people"]) {
      expect(parseGuests(input), input).toBe(1);
    }
  });
});

describe("form quantities for 4 servings", () => {
  it("uses the servings base the server documents", () => {
    expect(FORM_SERVINGS).toBe(CONTRACT_FORM_SERVINGS);
  });

  it("shows the stored per-serving quantity × 4", () => {
    expect(toFormQuantity(100)).toBe(400);
    expect(toFormQuantity(0.25)).toBe(1);
    expect(toFormQuantity(0.0825)).toBe(0.33);
  });

  it("submits the typed quantity ÷ 4", () => {
    expect(toPerServing(400)).toBe(100);
    expect(toPerServing(1)).toBe(0.25);
    expect(toPerServing(0.3)).toBe(0.075);
  });

  it("gives back what was typed after a save and reload", () => {
    for (const typed of [1, 2, 3, 0.01, 0.1, 0.33, 0.3, 1.5, 2.25, 7, 12.34, 250, 1000, 333.33]) {
      expect(toFormQuantity(toPerServing(typed)), String(typed)).toBe(typed);
    }
  });
});

describe("formatQuantity", () => {
  it("writes numbers without trailing zeros, 2 decimals at most", () => {
    expect(formatQuantity(400)).toBe("400");
    expect(formatQuantity(2.5)).toBe("2.5");
    expect(formatQuantity(0.3333)).toBe("0.33");
  });
});
