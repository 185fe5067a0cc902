import { describe, expect, it } from "vitest";
import { canEditRecipe } from "./policy.js";

describe("canEditRecipe", () => {
  const recipe = { authorId: 7 };
  it("allows the author and a superuser, no one else", () => {
    expect(canEditRecipe({ id: 7, isSuperuser: false }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: true }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: false }, recipe)).toBe(false);
    expect(canEditRecipe(null, recipe)).toBe(false);
  });
});
