import { PARSE_LINES_MAX, RECIPE_IMAGE_MAX_BYTES } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import {
  emptyRow,
  IMAGE_MAX_BYTES,
  type IngredientRow,
  imageLimitText,
  imageSizeProblem,
  missingForSave,
  PASTE_LINES_MAX,
  rowsSignature,
} from "./recipe-form-logic";

it("pastes at most as many ingredient lines as the server reads at once", () => {
  expect(PASTE_LINES_MAX).toBe(PARSE_LINES_MAX);
});

describe("imageSizeProblem", () => {
  it("uses the server's limit", () => {
    expect(IMAGE_MAX_BYTES).toBe(RECIPE_IMAGE_MAX_BYTES);
    expect(imageLimitText()).toBe("10 MB");
  });

  it("lets a picture up to the limit through and says why a larger one is refused", () => {
    expect(imageSizeProblem(IMAGE_MAX_BYTES)).toBeNull();
    expect(imageSizeProblem(12.34 * 1024 * 1024)).toBe(
      "That picture is 12.3 MB; it can be at most 10 MB. Please choose a smaller one.",
    );
  });
});

describe("missingForSave", () => {
  it("names what is missing: the title, the instructions or both", () => {
    expect(missingForSave("", true)).toBe("Add a title and instructions to save this recipe.");
    expect(missingForSave("  ", false)).toBe("Add a title to save this recipe.");
    expect(missingForSave("Soup", true)).toBe("Add instructions to save this recipe.");
    expect(missingForSave("Soup", false)).toBeNull();
  });
});

describe("rowsSignature", () => {
  const row = (over: Partial<IngredientRow>): IngredientRow => ({ ...emptyRow(), ...over });
  const egg = { id: 3, name: "Egg" };

  it("ignores keys and empty rows, so adding a blank row is not a change", () => {
    const before = [row({ ingredient: egg, quantity: "2", unitId: "1" })];
    const after = [row({ ingredient: egg, quantity: "2 ", unitId: "1" }), emptyRow()];
    expect(rowsSignature(after)).toBe(rowsSignature(before));
  });

  it("changes with what a row says", () => {
    const before = [row({ ingredient: egg, quantity: "2", unitId: "1" })];
    expect(rowsSignature([row({ ingredient: egg, quantity: "3", unitId: "1" })])).not.toBe(
      rowsSignature(before),
    );
    expect(rowsSignature([])).not.toBe(rowsSignature(before));
  });
});
