import { describe, expect, it } from "vitest";
import { averageRating } from "./presenter.js";

describe("averageRating", () => {
  it("is 0 without ratings", () => {
    expect(averageRating(0, 0)).toBe(0);
  });

  it("turns the stored 1–10 ratings into stars", () => {
    expect(averageRating(9, 1)).toBe(4.5);
    expect(averageRating(10 + 7, 2)).toBe(4.25);
  });

  it("rounds to 2 decimals", () => {
    // (10 + 9 + 9) / 3 / 2 = 4.6666…
    expect(averageRating(28, 3)).toBe(4.67);
    expect(averageRating(1 + 2 + 2, 3)).toBe(0.83);
  });
});
