import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { fieldErrorsOf } from "./field-errors";

describe("fieldErrorsOf", () => {
  it("takes each field's first message from a 400", () => {
    const error = new ApiError(400, "Bad Request", {
      username: ["No such user.", "Other"],
      email: ["Enter a valid email address."],
    });
    expect(fieldErrorsOf(error)).toEqual({
      username: "No such user.",
      email: "Enter a valid email address.",
    });
  });
  it("is empty for another status, a body without fields or a network failure", () => {
    expect(fieldErrorsOf(new ApiError(403, "Forbidden", { username: ["x"] }))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, "Bad Request", null))).toEqual({});
    expect(fieldErrorsOf(new TypeError("Failed to fetch"))).toEqual({});
  });
});
