import { describe, expect, it } from "vitest";
import { accentInsensitivePattern, foldText, searchWords } from "./search-text.js";

describe("foldText", () => {
  it("lower-cases and drops accents as unaccent does", () => {
    expect(foldText("Crème Brûlée")).toBe("creme brulee");
    expect(foldText("JALAPEÑO")).toBe("jalapeno");
    expect(foldText("Smørrebrød Œufs Weißwurst")).toBe("smorrebrod oeufs weisswurst");
  });
});

describe("searchWords", () => {
  it("keeps runs of letters and digits, folded, and drops query syntax", () => {
    expect(searchWords("  Chicken & RICE | 7up:* !")).toEqual(["chicken", "rice", "7up"]);
    expect(searchWords("'); drop --")).toEqual(["drop"]);
    expect(searchWords("!!!")).toEqual([]);
  });

  it("takes at most 8 words", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("accentInsensitivePattern", () => {
  const matches = (query: string, name: string) =>
    new RegExp(accentInsensitivePattern(foldText(query))).test(name.toLowerCase());

  it("finds accented names from plain letters", () => {
    expect(matches("creme fraiche", "Crème fraîche")).toBe(true);
    expect(matches("pure", "Pumpkin purée")).toBe(true);
    expect(matches("cremes", "Crème fraîche")).toBe(false);
  });

  it("escapes regular-expression characters", () => {
    expect(matches("(.*", "anything")).toBe(false);
    expect(matches("a+b", "a+b sauce")).toBe(true);
    expect(matches("[x]", "x")).toBe(false);
  });
});
