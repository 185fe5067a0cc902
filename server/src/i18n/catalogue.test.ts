import { LANGUAGES } from "@potluck/contract/languages";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CATALOGUES, formatMessage, type MessageKey } from "./catalogue.js";
import { catalogueProblems, placeholdersOf } from "./check.js";
import { messageOfEnglish, translateEnglish, ZOD_MESSAGES } from "./from-english.js";

const english = CATALOGUES.en as Record<string, string>;

/** Values for every placeholder of a message: a number for a plural, a word otherwise. */
function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const placeholder of placeholdersOf(message, "en")) {
    const [name = "", kind] = placeholder.split(":");
    values[name] = kind === "plural" || kind === "number" ? 3 : `v${name}`;
  }
  return values;
}

/** The plural categories each plural of a message offers (=N choices aside). */
function pluralCategories(message: string, language: string): string[] {
  const categories: string[] = [];
  const walk = (elements: ReturnType<IntlMessageFormat["getAst"]>) => {
    for (const element of elements) {
      if (element.type === 6 || element.type === 5) {
        if (element.type === 6) categories.push(...Object.keys(element.options));
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(new IntlMessageFormat(message, language).getAst());
  return categories.filter((category) => !category.startsWith("="));
}

describe("the server's message catalogues", () => {
  it.each(LANGUAGES)("%s has every English key, with English's placeholders", (language) => {
    expect(
      catalogueProblems(english, CATALOGUES[language] as Record<string, string>, language),
    ).toEqual([]);
  });

  it.each(LANGUAGES)(
    "%s: every message formats, its plurals in the language's forms",
    (language) => {
      const allowed = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
      for (const [key, message] of Object.entries(CATALOGUES[language] as Record<string, string>)) {
        const text = formatMessage(language, key as MessageKey, sampleValues(english[key] ?? ""));
        expect(text, `${language} ${key}`).not.toBe("");
        for (const category of pluralCategories(message, language)) {
          expect(
            allowed.has(category as Intl.LDMLPluralRule),
            `${language} ${key}: ${category}`,
          ).toBe(true);
        }
      }
    },
  );

  it("finds each English error message back from its text, so the error handler can translate it", () => {
    for (const [key, message] of Object.entries(english)) {
      const kinds = [...placeholdersOf(message, "en")].map((p) => p.split(":")[1]);
      if (kinds.some((kind) => kind !== "argument")) continue;
      if (/^(mail|notifications|planner\.slots|planner\.calendar)\./.test(key)) continue;
      const text = formatMessage("en", key as MessageKey, sampleValues(message));
      expect(messageOfEnglish(text)?.key, text).toBe(key);
    }
  });

  it("knows zod's own messages, for rules that name none of ours", () => {
    const zodMessage = (schema: z.ZodType, input: unknown) =>
      schema.safeParse(input).error?.issues[0]?.message ?? "";
    const found = [
      zodMessage(z.string().max(3), "abcd"),
      zodMessage(z.string().min(2), "a"),
      zodMessage(z.number().max(3), 4),
      zodMessage(z.number().min(2), 1),
      zodMessage(z.number().positive(), 0),
      zodMessage(z.array(z.string()).max(1), ["a", "b"]),
      zodMessage(z.array(z.string()).min(1), []),
      zodMessage(z.string(), 5),
      zodMessage(z.enum(["a", "b"]), "c"),
      zodMessage(z.union([z.string(), z.number()]), null),
    ].map((text) => messageOfEnglish(text)?.key);
    expect(found).toEqual(ZOD_MESSAGES);
  });

  it("translates a filled-in English message with its values, and leaves unknown text alone", () => {
    expect(translateEnglish("Ensure this field has no more than 150 characters.", "de")).toBe(
      "Dieses Feld darf höchstens 150 Zeichen haben.",
    );
    expect(translateEnglish("Ensure this value is greater than or equal to 1.", "fr")).toBe(
      "La valeur doit être supérieure ou égale à 1.",
    );
    expect(translateEnglish("This field may not be blank.", "en")).toBe(
      "This field may not be blank.",
    );
    expect(translateEnglish("Something nobody wrote down.", "ja")).toBe(
      "Something nobody wrote down.",
    );
  });

  it("keeps the English texts as the spec and the tests have them", () => {
    expect(formatMessage("en", "mail.digest.subject", { count: 1 })).toBe(
      "Potluck: 1 new notification",
    );
    expect(formatMessage("en", "planner.calendar.name", { username: "ana" })).toBe(
      "Potluck: ana's meals",
    );
    expect(formatMessage("en", "recipes.rows.invalidJson")).toBe(
      "Invalid JSON: send a list of {ingredient_id, quantity, unit_id}.",
    );
    expect(formatMessage("de", "validation.blank")).toBe("Dieses Feld darf nicht leer sein.");
  });
});
