import { describe, expect, it } from "vitest";
import { namesIngredient, textAfterAmount } from "./extra-line.js";

describe("textAfterAmount", () => {
  it("is the line after its amount, as typed", () => {
    expect(textAfterAmount("500 g Mystery flour")).toBe("Mystery flour");
    expect(textAfterAmount("500g mystery flour")).toBe("mystery flour");
    expect(textAfterAmount("1 1/2 kg mystery flour")).toBe("mystery flour");
    expect(textAfterAmount("3 large bin bags")).toBe("large bin bags");
    expect(textAfterAmount("2 rolls paper towels")).toBe("rolls paper towels");
  });

  it("is nothing when no words are left after the amount", () => {
    expect(textAfterAmount("500")).toBeUndefined();
    expect(textAfterAmount("2 ½")).toBeUndefined();
  });
});

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
