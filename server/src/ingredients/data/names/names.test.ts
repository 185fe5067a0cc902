import { existsSync, readFileSync } from "node:fs";
import { LANGUAGES } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import aisles from "../aisles.json" with { type: "json" };
import ingredients from "../ingredients.json" with { type: "json" };
import units from "../units.json" with { type: "json" };

type Name = string | Record<string, string>;
type Names = Record<"ingredients" | "units" | "aisles", Record<string, Name>>;

// Every shipped language but English, whose names are the catalogue's own.
const TRANSLATED = LANGUAGES.filter((language) => language !== "en");

const fileOf = (language: string) => new URL(`./${language}.json`, import.meta.url);

// A missing file reads as empty sections, so that its language fails by name, not the whole suite.
const load = (language: string): Names =>
  existsSync(fileOf(language))
    ? (JSON.parse(readFileSync(fileOf(language), "utf8")) as Names)
    : { ingredients: {}, units: {}, aisles: {} };

const expected = {
  ingredients: ingredients as string[],
  units: units as string[],
  aisles: Object.keys(aisles),
};

const forms = (name: Name): string[] => (typeof name === "string" ? [name] : Object.values(name));

describe.each(TRANSLATED)("catalogue names in %s", (language) => {
  const names = load(language);
  const categories = new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.slice()
    .sort();

  it("has a file", () => {
    expect(existsSync(fileOf(language))).toBe(true);
  });

  it("has exactly the three sections", () => {
    expect(Object.keys(names).sort()).toEqual(["aisles", "ingredients", "units"]);
  });

  for (const section of ["ingredients", "units", "aisles"] as const) {
    it(`names every ${section.slice(0, -1)} and nothing else`, () => {
      const have = Object.keys(names[section]);
      const missing = expected[section].filter((key) => !(key in names[section]));
      const extra = have.filter((key) => !expected[section].includes(key));
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
    });

    it(`writes every ${section.slice(0, -1)} name as a non-empty string or a plural object`, () => {
      const broken: string[] = [];
      for (const [key, name] of Object.entries(names[section])) {
        if (typeof name === "string") {
          if (name.trim() === "" || name !== name.trim()) broken.push(key);
          continue;
        }
        if (name === null || typeof name !== "object" || Array.isArray(name)) {
          broken.push(key);
          continue;
        }
        const keys = Object.keys(name).sort();
        if (JSON.stringify(keys) !== JSON.stringify(categories))
          broken.push(`${key} (categories ${keys.join(",")})`);
        for (const form of Object.values(name)) {
          if (typeof form !== "string" || form.trim() === "" || form !== form.trim())
            broken.push(`${key} (empty form)`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("gives no two ingredients the same name (case-insensitive)", () => {
    const owner = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [key, name] of Object.entries(names.ingredients)) {
      for (const form of new Set(forms(name).map((f) => f.toLocaleLowerCase(language)))) {
        const other = owner.get(form);
        if (other !== undefined && other !== key) duplicates.push(`${form}: ${other} / ${key}`);
        owner.set(form, key);
      }
    }
    expect(duplicates).toEqual([]);
  });
});
