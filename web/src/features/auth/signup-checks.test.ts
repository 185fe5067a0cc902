import { describe, expect, it } from "vitest";
import { firstProblemField, type SignupValues, signupProblems } from "./signup-checks";

const good: SignupValues = {
  username: "rosa.home",
  email: "rosa@example.com",
  first_name: "",
  last_name: "",
  password: "tasty-pancakes-42",
  confirm_password: "tasty-pancakes-42",
  accept_tos: true,
};

describe("signupProblems", () => {
  it("finds nothing wrong with a complete form", () => {
    expect(signupProblems(good)).toEqual({});
  });

  it("names every problem at once, in the spec's words where it has them", () => {
    const problems = signupProblems({
      ...good,
      password: "short",
      confirm_password: "shorter",
      accept_tos: false,
    });
    expect(problems).toEqual({
      password: "This password is too short. It must contain at least 8 characters.",
      confirm_password: "Passwords do not match.",
      accept_tos: "You must agree to the Terms of Service to sign up.",
    });
    expect(firstProblemField(problems)).toBe("password");
  });

  it("asks for the required fields and a real address", () => {
    const problems = signupProblems({ ...good, username: "  ", email: "rosa", password: "" });
    expect(problems.username).toBe("This field may not be blank.");
    expect(problems.email).toBe("Enter a valid email address.");
    expect(problems.password).toBe("This field may not be blank.");
    expect(firstProblemField(problems)).toBe("username");
  });

  it("refuses a password of digits only", () => {
    const digits = "1234567890";
    expect(signupProblems({ ...good, password: digits, confirm_password: digits }).password).toBe(
      "This password is entirely numeric.",
    );
  });
});
