import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import { ratingErrorMessage, starsToRating } from "./rating-values";

describe("starsToRating", () => {
  it("stores half stars as integers 1–10", () => {
    expect(starsToRating(0.5)).toBe(1);
    expect(starsToRating(4.5)).toBe(9);
    expect(starsToRating(5)).toBe(10);
  });
});

describe("ratingErrorMessage", () => {
  it("gives the status text and the server's detail", () => {
    const error = new ApiError(400, "Bad Request", {
      detail: "You have already rated this recipe.",
    });
    expect(ratingErrorMessage(error)).toBe("Bad Request: You have already rated this recipe.");
  });

  it("lists field messages when there is no detail", () => {
    const error = new ApiError(400, "Bad Request", {
      rating: ["Ensure this value is less than or equal to 10."],
    });
    expect(ratingErrorMessage(error)).toBe(
      "Bad Request: rating: Ensure this value is less than or equal to 10.",
    );
  });
});
