import { describe, expect, it } from "vitest";
import {
  freeLineText,
  ingredientLineText,
  localNumber,
  nameForCount,
  recipeLineText,
} from "./units";

// Lines in the reader's language (issue 37 §3): the names as the answers carry them outside
// English (`{name, forms, code}`), the form their count takes, the language's decimal comma.

const egg = {
  de: { name: "Ei", forms: { one: "Ei", other: "Eier" } },
  pl: { name: "Jajko", forms: { one: "Jajko", few: "Jajka", many: "Jajek", other: "Jajka" } },
  ja: { name: "卵" },
};
const flourDe = { name: "Weizenmehl (Type 405)" };
const piece = {
  de: { name: "Stück", code: "piece" },
  pl: { name: "szt.", code: "piece" },
  ja: { name: "個", code: "piece" },
};
const kg = { name: "kg", code: "kg" };
const tbspDe = { name: "EL", code: "tbsp" };
const cloveDe = { name: "Zehe", forms: { one: "Zehe", other: "Zehen" }, code: "clove" };
const onionDe = { name: "Zwiebel", forms: { one: "Zwiebel", other: "Zwiebeln" } };

const de = { language: "de" };
const pl = { language: "pl" };

describe("a line in German", () => {
  it("counts with the plural form and keeps the noun's capital", () => {
    expect(ingredientLineText(2, piece.de, egg.de, "as_written", {}, de).text).toBe("2 Eier");
    expect(ingredientLineText(1, piece.de, egg.de, "as_written", {}, de).text).toBe("1 Ei");
    expect(ingredientLineText(1.5, piece.de, egg.de, "as_written", {}, de).text).toBe("1½ Eier");
  });
  it("writes decimals with a comma and keeps kitchen glyphs", () => {
    expect(ingredientLineText(1.5, kg, flourDe, "as_written", {}, de).text).toBe(
      "1,5 kg Weizenmehl (Type 405)",
    );
    expect(ingredientLineText(2.5, tbspDe, { name: "Olivenöl" }, "as_written", {}, de).text).toBe(
      "2½ EL Olivenöl",
    );
    expect(ingredientLineText(2, cloveDe, { name: "Knoblauch" }, "as_written", {}, de).text).toBe(
      "2 Zehen Knoblauch",
    );
  });
  it("buys whole, the need beside it for the page to say", () => {
    const line = ingredientLineText(8 / 3, piece.de, onionDe, "as_written", { buying: true }, de);
    expect(line).toMatchObject({ amount: "3", name: "Zwiebeln", needed: "2⅔" });
  });
  it("names a converted unit by the reader's names", () => {
    const unitName = (code: string) => (code === "g" ? { name: "g", code: "g" } : undefined);
    expect(
      ingredientLineText(0.5, kg, flourDe, "as_written", {}, { language: "de", unitName }).text,
    ).toBe("500 g Weizenmehl (Type 405)");
  });
  it("says to taste after the name", () => {
    const toTaste = { name: "nach Geschmack", code: "to taste" };
    expect(ingredientLineText(0, toTaste, { name: "Salz" }, "as_written", {}, de).text).toBe(
      "Salz nach Geschmack",
    );
  });
  it("keeps a row kept as written as written", () => {
    expect(freeLineText(1.5, kg, "Wundermehl", "as_written", {}, de).text).toBe(
      "1,5 kg Wundermehl",
    );
  });
  it("reads a recipe's row for the guests", () => {
    const line = { ingredient: egg.de, quantity: 0.5, unit: piece.de, text: null };
    expect(recipeLineText(line, 4, 4, "as_written", de).text).toBe("2 Eier");
  });
});

describe("a line in Polish", () => {
  it("counts with one, few and many", () => {
    expect(ingredientLineText(1, piece.pl, egg.pl, "as_written", {}, pl).text).toBe("1 jajko");
    expect(ingredientLineText(2, piece.pl, egg.pl, "as_written", {}, pl).text).toBe("2 jajka");
    expect(ingredientLineText(5, piece.pl, egg.pl, "as_written", {}, pl).text).toBe("5 jajek");
    expect(ingredientLineText(1.5, piece.pl, egg.pl, "as_written", {}, pl).text).toBe("1½ jajka");
  });
  it("writes decimals with a comma", () => {
    expect(ingredientLineText(1.5, kg, { name: "Mąka pszenna" }, "as_written", {}, pl).text).toBe(
      "1,5 kg Mąka pszenna",
    );
  });
});

describe("a line in Japanese", () => {
  it("puts the name first and counts with its counter", () => {
    const ja = { language: "ja" };
    expect(ingredientLineText(2, piece.ja, egg.ja, "as_written", {}, ja).text).toBe("卵 2個");
    const tbsp = { name: "大さじ", code: "tbsp" };
    expect(ingredientLineText(2, tbsp, { name: "醤油" }, "as_written", {}, ja).text).toBe(
      "醤油 大さじ2",
    );
  });
});

describe("the pieces", () => {
  it("picks a form by the language's plural rules", () => {
    expect(nameForCount(egg.pl, 22, "pl")).toBe("Jajka");
    expect(nameForCount(egg.pl, 25, "pl")).toBe("Jajek");
    expect(nameForCount({ name: "Mehl" }, 3, "de")).toBe("Mehl");
    // Arabic: the dual is not written after the numeral 2; 3 to 10 take the plural.
    const arabicEgg = {
      name: "بيضة",
      forms: {
        zero: "بيضات",
        one: "بيضة",
        two: "بيضتان",
        few: "بيضات",
        many: "بيضة",
        other: "بيضة",
      },
    };
    expect(nameForCount(arabicEgg, 2, "ar")).toBe("بيضة");
    expect(nameForCount(arabicEgg, 3, "ar")).toBe("بيضات");
    expect(nameForCount(arabicEgg, 1, "ar")).toBe("بيضة");
  });
  it("keeps English numbers as they are", () => {
    expect(localNumber("1.5", "en")).toBe("1.5");
    expect(localNumber("1.5", "fr")).toBe("1,5");
  });
});
