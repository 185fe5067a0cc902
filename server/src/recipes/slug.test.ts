import { describe, expect, it } from "vitest";
import { slugify } from "./slug.js";

describe("slugify", () => {
  it("keeps the words of a title, without accents or punctuation", () => {
    expect(slugify("Crème brûlée tart!")).toBe("creme-brulee-tart");
    expect(slugify("  Mom's   BEST  chili (v2) ")).toBe("mom-s-best-chili-v2");
  });

  it("falls back to 'recipe' when no letter or digit survives", () => {
    expect(slugify("!!!")).toBe("recipe");
    expect(slugify("餃子")).toBe("recipe");
  });

  it("stays short and never ends with a hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});
