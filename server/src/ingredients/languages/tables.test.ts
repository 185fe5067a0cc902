import { LANGUAGES, type Language } from "@potluck/contract/languages";
import { afterAll, describe, expect, it } from "vitest";
import units from "../data/units.json" with { type: "json" };
import { parseIngredientLine } from "../parse-line.js";
import { hasNamesFile, matchLocalName } from "./names.js";
import { arTable } from "./tables/ar.js";
import { deTable } from "./tables/de.js";
import { esTable } from "./tables/es.js";
import { frTable } from "./tables/fr.js";
import { itTable } from "./tables/it.js";
import { jaTable } from "./tables/ja.js";
import { nlTable } from "./tables/nl.js";
import { plTable } from "./tables/pl.js";
import { ptBRTable } from "./tables/pt-BR.js";
import type { Row } from "./tables/types.js";

// The parser's table per language (issue 37 §3 and Tests): lines a recipe in that language
// has, and how each is read. The score per language (lines read exactly as the table says /
// lines) is printed after the run; every line must be read so.

const TABLES: Partial<Record<Language, Row[]>> = {
  de: deTable,
  fr: frTable,
  es: esTable,
  it: itTable,
  nl: nlTable,
  "pt-BR": ptBRTable,
  pl: plTable,
  ja: jaTable,
  ar: arTable,
};

const scores: string[] = [];

describe.each(LANGUAGES.filter((language) => TABLES[language]))("%s lines", (language) => {
  const table = TABLES[language] ?? [];
  let parsedRight = 0;
  let matchedRight = 0;
  let matchChecked = 0;

  it("has at least 40 lines", () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  it.each(table)("reads %j", (line, quantity, unit, ingredient, note, optional) => {
    const parsed = parseIngredientLine(line, language);
    const read = {
      quantity: parsed.quantity,
      unit: parsed.unit,
      ingredient: parsed.ingredientText,
      note: parsed.note,
      optional: parsed.optional,
    };
    const expected = { quantity, unit, ingredient, note, optional };
    if (JSON.stringify(read) === JSON.stringify(expected)) parsedRight += 1;
    expect(read).toEqual(expected);
    if (unit !== null) expect(units).toContain(unit);
  });

  it.each(table)("matches the words of %j in the language", (line, ...rest) => {
    const [, , ingredient, , , match] = rest;
    const found = matchLocalName(ingredient, language);
    const name = found && found.extra.length === 0 ? found.name : null;
    matchChecked += 1;
    if (name === match) matchedRight += 1;
    // Without a names file yet, a language matches by its synonyms only: reported, not failed.
    if (hasNamesFile(language)) expect({ line, name }).toEqual({ line, name: match });
  });

  afterAll(() => {
    const names = hasNamesFile(language) ? "" : " (no names file yet: synonyms only)";
    scores.push(
      `${language}: parsed ${parsedRight}/${table.length} (${Math.round((100 * parsedRight) / table.length)}%), matched ${matchedRight}/${matchChecked}${names}`,
    );
  });
});

describe("every language", () => {
  it("never throws, whatever the text, and reads only units of the catalogue", () => {
    const odd = ["", " ", "()", "1/0 EL", "x".repeat(500), "½½½", "1 - - 2", "/ / /", "٫٫٫"];
    const lines = [
      ...Object.values(TABLES).flatMap((table) => table.map(([line]) => line)),
      ...odd,
    ];
    for (const language of LANGUAGES) {
      for (const line of lines) {
        const parsed = parseIngredientLine(line, language);
        expect(parsed.quantity === null || Number.isFinite(parsed.quantity)).toBe(true);
        if (parsed.unit !== null) expect(units).toContain(parsed.unit);
      }
    }
  });
});

afterAll(() => {
  console.log(`Parser score per language\n${scores.join("\n")}`);
});
