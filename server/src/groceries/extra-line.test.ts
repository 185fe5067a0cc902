import { describe, expect, it } from "vitest";
import { namesIngredient } from "./extra-line.js";

describe("namesIngredient", () => {
  it("takes the name itself, in any case, singular or plural, or a known other name", () => {
    expect(namesIngredient("lemons", "Lemon")).toBe(true);
    expect(namesIngredient("potatoes", "Potato")).toBe(true);
    expect(namesIngredient("butter", "Butter")).toBe(true);
    expect(namesIngredient("flour", "All-purpose flour")).toBe(true);
    expect(namesIngredient("courgettes", "Zucchini")).toBe(true);
  });

  it("refuses a name that is only close", () => {
    expect(namesIngredient("mystery flour", "Rye flour")).toBe(false);
    expect(namesIngredient("batteries", "Batter mix")).toBe(false);
    expect(namesIngredient("sponges", "Sponge cake")).toBe(false);
  });
});
