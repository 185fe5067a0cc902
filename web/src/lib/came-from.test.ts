import { beforeEach, describe, expect, it } from "vitest";
import { EXPLORE, forgetLastPage, originFor, rememberPage } from "./came-from";

// Issue 34 §19: "← Back to Explore" after coming from My Recipes. The back link leads to the
// page the cook came from, defaulting to Explore.

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeEach(() => {
  globalThis.sessionStorage = memoryStorage();
  forgetLastPage();
});

describe("where a recipe was opened from", () => {
  it("is Explore when the cook came from nowhere (a link from elsewhere, a new tab)", () => {
    expect(originFor("a1")).toEqual(EXPLORE);
  });

  it("is My Recipes, by the spec's name, after My Recipes", () => {
    rememberPage("/recipes", "", "My Recipes");
    expect(originFor("a1")).toEqual({ path: "/recipes", name: "My Recipes" });
  });

  it("is Explore by the spec's name, its search kept", () => {
    rememberPage("/explore", "?q=soup", "Explore Recipes");
    expect(originFor("a1")).toEqual({ path: "/explore?q=soup", name: "Explore" });
  });

  it("names any other page by its title: a collection, a cook, a list, the planner", () => {
    rememberPage("/recipes/collections/3", "", "Sunday bakes");
    expect(originFor("a1")).toEqual({ path: "/recipes/collections/3", name: "Sunday bakes" });
    rememberPage("/cooks/rosa", "", "rosa");
    expect(originFor("a2").name).toBe("rosa");
    rememberPage("/planner", "", "Planner");
    expect(originFor("a3")).toEqual({ path: "/planner", name: "Planner" });
  });

  it("is still My Recipes after editing the recipe, or opening another from it", () => {
    rememberPage("/recipes", "", "My Recipes");
    expect(originFor("detail").name).toBe("My Recipes");
    rememberPage("/recipes/12", "", "Soup");
    rememberPage("/recipes/12/edit", "", "Edit Recipe");
    rememberPage("/recipe/12/soup", "", "Soup");
    rememberPage("/login", "", "Login");
    expect(originFor("after-update")).toEqual({ path: "/recipes", name: "My Recipes" });
  });

  it("stays what it was for that page on Back, Forward and a reload", () => {
    rememberPage("/recipes", "", "My Recipes");
    expect(originFor("a1").name).toBe("My Recipes");
    rememberPage("/explore", "", "Explore Recipes");
    expect(originFor("a2").name).toBe("Explore");
    forgetLastPage(); // a reload
    expect(originFor("a1").name).toBe("My Recipes");
    expect(originFor("a2").name).toBe("Explore");
  });
});
