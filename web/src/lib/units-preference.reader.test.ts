import { afterEach, beforeEach, expect, test } from "vitest";
import { setCatalogue } from "./i18n";
import english from "./i18n/messages/en.json";
import { lineText } from "./units-preference";

// Lines in the reader's language (issue 37 §3): the names as the API gives them outside English
// (`forms`, a unit's `code`), the form a count takes there, the decimal comma, glyphs kept.

const egg = {
  de: { name: "Ei", forms: { one: "Ei", other: "Eier" } },
  pl: { name: "Jajko", forms: { one: "Jajko", few: "Jajka", many: "Jajek", other: "Jajka" } },
};
const piece = { de: { name: "Stück", code: "piece" }, pl: { name: "szt.", code: "piece" } };
const kg = { name: "kg", code: "kg" };

const inLanguage = (language: "de" | "pl") =>
  // The lines need only the language; the catalogue's messages stay English here.
  setCatalogue(language, english as never);

beforeEach(() => setCatalogue("en", english));
afterEach(() => setCatalogue("en", english));

test("German: 2 Eier, 1,5 kg, ½ kept", () => {
  inLanguage("de");
  const row = { ingredient: egg.de, quantity: 0.5, unit: piece.de, text: null };
  expect(lineText(row, 4, 4, "as_written").text).toBe("2 Eier");
  expect(lineText({ ...row, quantity: 0.25 }, 2, 2, "as_written").text).toBe("½ Ei");
  const flour = {
    ingredient: { name: "Weizenmehl (Type 405)" },
    quantity: 1.5,
    unit: kg,
    text: null,
  };
  expect(lineText(flour, 1, 1, "as_written").text).toBe("1,5 kg Weizenmehl (Type 405)");
});

test("Polish: 1 jajko, 2 jajka, 5 jajek", () => {
  inLanguage("pl");
  const row = (count: number) => ({
    ingredient: egg.pl,
    quantity: count,
    unit: piece.pl,
    text: null,
  });
  expect(lineText(row(1), 1, 1, "as_written").text).toBe("1 jajko");
  expect(lineText(row(2), 1, 1, "as_written").text).toBe("2 jajka");
  expect(lineText(row(5), 1, 1, "as_written").text).toBe("5 jajek");
  const flour = {
    ingredient: { name: "Mąka pszenna (typ 450)" },
    quantity: 1.5,
    unit: kg,
    text: null,
  };
  expect(lineText(flour, 1, 1, "as_written").text).toBe("1,5 kg Mąka pszenna (typ 450)");
});

test("English stays as it was", () => {
  const row = { ingredient: { name: "Egg" }, quantity: 0.5, unit: { name: "piece" }, text: null };
  expect(lineText(row, 4, 4, "as_written").text).toBe("2 eggs");
});
