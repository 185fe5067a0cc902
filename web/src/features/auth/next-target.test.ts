import { describe, expect, it } from "vitest";
import { nextTarget, wallReason, withNext } from "./next-target";

const target = (query: string) => nextTarget(new URLSearchParams(query));

describe("nextTarget", () => {
  it("keeps a path of this site, query included", () => {
    expect(target("next=%2Frecipe%2F7%2Fpancakes")).toBe("/recipe/7/pancakes");
    expect(target("next=%2Fgrocery-lists%3Fa%3D1")).toBe("/grocery-lists?a=1");
  });

  it("goes home without one, or for a target off the site", () => {
    expect(target("")).toBe("/");
    expect(target("next=https%3A%2F%2Fevil.example")).toBe("/");
    expect(target("next=%2F%2Fevil.example")).toBe("/");
    expect(target("next=%2F%5Cevil.example")).toBe("/");
  });
});

describe("withNext", () => {
  it("carries the target on, and nothing for home", () => {
    expect(withNext("/signup", "/recipes/7")).toBe("/signup?next=%2Frecipes%2F7");
    expect(withNext("/login?signupSuccess=true", "/recipes/7")).toBe(
      "/login?signupSuccess=true&next=%2Frecipes%2F7",
    );
    expect(withNext("/signup", "/")).toBe("/signup");
  });
});

describe("wallReason", () => {
  it("says why for a recipe's page", () => {
    expect(wallReason("/recipe/7/pancakes")).toBe("Log in or sign up to read this recipe.");
    expect(wallReason("/recipes/7")).toBe("Log in or sign up to read this recipe.");
    expect(wallReason("/recipes/7?from=feed")).toBe("Log in or sign up to read this recipe.");
  });

  it("says nothing for other pages", () => {
    expect(wallReason("/")).toBeNull();
    expect(wallReason("/recipes")).toBeNull();
    expect(wallReason("/recipes/new")).toBeNull();
    expect(wallReason("/recipes/7/edit")).toBeNull();
    expect(wallReason("/grocery-lists")).toBeNull();
  });
});
