import type { RecipeDetail } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import {
  forGuests,
  listParts,
  type Nutrients,
  panelDecimals,
  panelRounded,
  per100g,
  rowName,
} from "./nutrition-panel";

/** 50 g butter and one 50 g egg, as the server rounds one serving of them. */
const SERVING: Nutrients = {
  energy_kcal: 430,
  energy_kj: 1799,
  protein_g: 6.7,
  fat_g: 45,
  saturated_fat_g: 27,
  carbohydrate_g: 0.4,
  sugars_g: 0.2,
  fibre_g: 0,
  salt_g: 0.33,
};

describe("forGuests", () => {
  it("multiplies every amount of one serving by the guests", () => {
    const two = forGuests(SERVING, 2);
    expect(two.energy_kcal).toBe(860);
    expect(two.energy_kj).toBe(3598);
    expect(two.fat_g).toBe(90);
    expect(two.salt_g).toBe(0.66);
  });

  it("is one serving for one guest, and leaves the serving as it was", () => {
    expect(forGuests(SERVING, 1)).toEqual(SERVING);
    forGuests(SERVING, 3);
    expect(SERVING.energy_kcal).toBe(430);
  });
});

describe("per100g", () => {
  it("is one serving's amounts × 100 / its grams", () => {
    const hundred = per100g(SERVING, 100);
    expect(hundred?.energy_kcal).toBe(430);
    const per = per100g(SERVING, 200);
    expect(per?.energy_kcal).toBe(215);
    expect(per?.fat_g).toBe(22.5);
  });

  it("is nothing when nothing was weighed", () => {
    expect(per100g(SERVING, 0)).toBeNull();
  });
});

describe("panelRounded", () => {
  it("writes energy whole", () => {
    expect(panelRounded("energy_kcal", 358.5)).toBe(359);
    expect(panelRounded("energy_kj", 1799.4)).toBe(1799);
    expect(panelDecimals("energy_kcal", 3.25)).toBe(0);
  });

  it("writes grams with one decimal under 10, whole from 10", () => {
    expect(panelRounded("fat_g", 4.26)).toBe(4.3);
    expect(panelRounded("fat_g", 12.6)).toBe(13);
    expect(panelRounded("protein_g", 0.04)).toBe(0);
    // 9.96 rounds up to 10, which is written whole.
    expect(panelRounded("sugars_g", 9.96)).toBe(10);
    expect(panelDecimals("sugars_g", 10)).toBe(0);
  });

  it("writes salt under 1 g in hundredths", () => {
    expect(panelRounded("salt_g", 0.333)).toBe(0.33);
    expect(panelRounded("salt_g", 1.26)).toBe(1.3);
  });

  it("leaves no float noise and rounds halves up", () => {
    expect(panelRounded("fat_g", 0.1 * 3)).toBe(0.3);
    expect(panelRounded("salt_g", 0.125)).toBe(0.13);
    expect(panelRounded("fat_g", 1.05)).toBe(1.1);
    expect(Object.is(panelRounded("fat_g", -0.01), 0)).toBe(true);
  });

  it("rounds the scaled amounts: per 100 g of a 3-serving weight", () => {
    const per = per100g(SERVING, 300);
    expect(per && panelRounded("energy_kcal", per.energy_kcal)).toBe(143);
    expect(per && panelRounded("protein_g", per.protein_g)).toBe(2.2);
  });
});

describe("listParts", () => {
  it("keeps the items apart from the language's joints", () => {
    const parts = listParts(["gluten", "eggs", "milk"], "en-GB");
    expect(parts.filter((part) => part.type === "element").map((part) => part.value)).toEqual([
      "gluten",
      "eggs",
      "milk",
    ]);
    expect(parts.map((part) => part.value).join("")).toBe("gluten, eggs and milk");
    expect(listParts(["Eier"], "de")).toEqual([{ type: "element", value: "Eier" }]);
  });
});

describe("rowName", () => {
  const rows = [
    {
      id: 1,
      ingredient: { id: 7, name: "Butter" },
      quantity: 50,
      unit: { id: 1, name: "g" },
      text: null,
      note: null,
      optional: false,
    },
    {
      id: 2,
      ingredient: null,
      quantity: null,
      unit: null,
      text: "a pinch of love",
      note: null,
      optional: false,
    },
  ] satisfies RecipeDetail["recipe_ingredients"];

  it("names a catalogue row by its ingredient and a free-text row by its words", () => {
    expect(rowName(rows, 0)).toEqual({ name: "Butter", asWritten: false });
    expect(rowName(rows, 1)).toEqual({ name: "a pinch of love", asWritten: true });
    expect(rowName(rows, 5)).toBeNull();
  });
});
