import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import { loginErrorMessage, signupErrorMessage } from "./error-messages";

const apiError = (body: unknown) => new ApiError(400, "Bad Request", body);

describe("loginErrorMessage", () => {
  it("follows the spec's order: detail, non_field_errors, first field, text", () => {
    expect(loginErrorMessage(apiError({ detail: "Invalid credentials.", password: ["x"] }))).toBe(
      "Invalid credentials.",
    );
    expect(loginErrorMessage(apiError({ non_field_errors: ["One.", "Two."] }))).toBe("One. Two.");
    expect(loginErrorMessage(apiError({ password: ["This field may not be blank."] }))).toBe(
      "password: This field may not be blank.",
    );
    expect(loginErrorMessage(apiError("Gateway exploded"))).toBe("Gateway exploded");
  });

  it("falls back for empty bodies and message-less errors", () => {
    expect(loginErrorMessage(apiError(undefined))).toBe("Invalid credentials. Please try again.");
    expect(loginErrorMessage(new Error(""))).toBe("An unexpected error occurred during login.");
  });
});

describe("signupErrorMessage", () => {
  it("names the first field in words", () => {
    expect(signupErrorMessage(apiError({ confirm_password: ["Too short."] }))).toBe(
      "Confirm Password: Too short.",
    );
    expect(signupErrorMessage(apiError({ detail: "Nope." }))).toBe("Nope.");
    expect(signupErrorMessage(new Error("offline"))).toBe("Signup failed. Please try again.");
  });
});
