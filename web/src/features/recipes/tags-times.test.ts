import { RECIPE_TAGS_MAX } from "@potluck/contract/limits";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import {
  addTag,
  formatMinutes,
  parseMinutes,
  recipeTimes,
  serverFieldErrors,
  sourceHost,
  sourceUrlOk,
  tagProblem,
} from "./tags-times";

describe("formatMinutes", () => {
  it("says minutes under an hour", () => {
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(1)).toBe("1 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(59)).toBe("59 min");
  });
  it("says hours from 60 on, and the minutes left when there are any", () => {
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(75)).toBe("1 h 15 min");
    expect(formatMinutes(120)).toBe("2 h");
    expect(formatMinutes(10080)).toBe("168 h");
    expect(formatMinutes(20160 - 1)).toBe("335 h 59 min");
  });
});

describe("recipeTimes", () => {
  it("says prep, cook and their total", () => {
    expect(recipeTimes({ prep_minutes: 15, cook_minutes: 30, total_minutes: 45 })).toBe(
      "Prep 15 min · Cook 30 min · Total 45 min",
    );
    expect(recipeTimes({ prep_minutes: 20, cook_minutes: 55, total_minutes: 75 })).toBe(
      "Prep 20 min · Cook 55 min · Total 1 h 15 min",
    );
  });
  it("says only the part given, without repeating it as the total", () => {
    expect(recipeTimes({ prep_minutes: 10, cook_minutes: null, total_minutes: 10 })).toBe(
      "Prep 10 min",
    );
    expect(recipeTimes({ prep_minutes: null, cook_minutes: 90, total_minutes: 90 })).toBe(
      "Cook 1 h 30 min",
    );
    expect(recipeTimes({ prep_minutes: 0, cook_minutes: 0, total_minutes: 0 })).toBe(
      "Prep 0 min · Cook 0 min · Total 0 min",
    );
  });
  it("is null for a recipe without times", () => {
    expect(recipeTimes({ prep_minutes: null, cook_minutes: null, total_minutes: null })).toBeNull();
  });
});

describe("parseMinutes", () => {
  it("takes whole minutes 0–10080 and empty for none", () => {
    expect(parseMinutes("")).toBeNull();
    expect(parseMinutes("  ")).toBeNull();
    expect(parseMinutes("0")).toBe(0);
    expect(parseMinutes(" 15 ")).toBe(15);
    expect(parseMinutes("10080")).toBe(10080);
  });
  it("refuses the rest", () => {
    for (const text of ["10081", "-1", "1.5", "1e3", "abc"]) {
      expect(parseMinutes(text)).toBeUndefined();
    }
  });
});

describe("tags", () => {
  it("adds a tag trimmed and lower-cased, once", () => {
    expect(addTag([], "  Vegan ")).toEqual(["vegan"]);
    expect(addTag(["vegan"], "VEGAN")).toEqual(["vegan"]);
    expect(addTag(["vegan"], "   ")).toEqual(["vegan"]);
  });
  it("refuses a tag over 30 characters and a 21st tag, saying why", () => {
    const long = "a".repeat(31);
    expect(tagProblem(long, [])).toBe("A tag can be at most 30 characters (this one has 31).");
    expect(addTag([], long)).toEqual([]);
    expect(tagProblem("a".repeat(30), [])).toBeNull();
    const full = Array.from({ length: RECIPE_TAGS_MAX }, (_, n) => `tag${n}`);
    expect(tagProblem("one more", full)).toBe(
      "A recipe can have at most 20 tags: remove one to add another.",
    );
    expect(addTag(full, "one more")).toBe(full);
    // One already there is no problem: nothing is added.
    expect(tagProblem("tag1", full)).toBeNull();
  });
});

describe("source", () => {
  it("takes empty or an http(s) address within 2000 characters", () => {
    expect(sourceUrlOk("")).toBe(true);
    expect(sourceUrlOk("https://example.com/soup")).toBe(true);
    expect(sourceUrlOk("http://example.com")).toBe(true);
    expect(sourceUrlOk("ftp://example.com")).toBe(false);
    expect(sourceUrlOk("example.com/soup")).toBe(false);
    expect(sourceUrlOk(`https://example.com/${"a".repeat(2000)}`)).toBe(false);
  });
  it("says the host without www.", () => {
    expect(sourceHost("https://www.bbcgoodfood.com/recipes/soup")).toBe("bbcgoodfood.com");
    expect(sourceHost("http://cooking.example.org:8080/x")).toBe("cooking.example.org");
    expect(sourceHost("not a url")).toBeNull();
  });
});

describe("serverFieldErrors", () => {
  it("reads one field's messages from a refused save", () => {
    const error = new ApiError(400, "Bad Request", {
      tags: ["Ensure this field has no more than 20 elements."],
      source_url: "Enter a valid URL.",
    });
    expect(serverFieldErrors(error, "tags")).toEqual([
      "Ensure this field has no more than 20 elements.",
    ]);
    expect(serverFieldErrors(error, "source_url")).toEqual(["Enter a valid URL."]);
    expect(serverFieldErrors(error, "prep_minutes")).toEqual([]);
  });
  it("is empty for anything but a 400", () => {
    expect(serverFieldErrors(new ApiError(500, "Server Error", { tags: ["x"] }), "tags")).toEqual(
      [],
    );
    expect(serverFieldErrors(new Error("offline"), "tags")).toEqual([]);
    expect(serverFieldErrors(null, "tags")).toEqual([]);
  });
});
