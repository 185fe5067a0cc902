import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import {
  checkCatalogues,
  checkMessage,
  isWrittenIn,
  LANGUAGES,
  scanCode,
} from "../../../scripts/i18n-check.mjs";

// The catalogue check of `npm run lint` (scripts/i18n-check.mjs), run on small catalogues
// made here: a sound set passes, and each way of breaking it is caught.

const plural = (forms: Record<string, string>) =>
  `{count, plural, ${Object.entries(forms)
    .map(([category, text]) => `${category} {${text}}`)
    .join(" ")}}`;

const COUNTS: Record<string, string> = {
  en: plural({ one: "# recipe", other: "# recipes" }),
  de: plural({ one: "# Rezept", other: "# Rezepte" }),
  fr: plural({ one: "# recette", many: "# de recettes", other: "# recettes" }),
  es: plural({ one: "# receta", many: "# de recetas", other: "# recetas" }),
  it: plural({ one: "# ricetta", many: "# di ricette", other: "# ricette" }),
  nl: plural({ one: "# recept", other: "# recepten" }),
  "pt-BR": plural({ one: "# receita", many: "# de receitas", other: "# receitas" }),
  pl: plural({ one: "# przepis", few: "# przepisy", many: "# przepisów", other: "# przepisu" }),
  ja: plural({ other: "レシピ#件" }),
  ar: plural({
    zero: "لا وصفات",
    one: "وصفة واحدة",
    two: "وصفتان",
    few: "# وصفات",
    many: "# وصفة",
    other: "# وصفة",
  }),
};

/** A whole, sound set: three keys in the ten languages. */
function sound(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        "recipes.form.save": language === "en" ? "Save" : `Save (${language})`,
        "recipes.list.count": COUNTS[language] ?? "",
        "groceries.share.done":
          language === "en" ? "{name} shared <link>{list}</link>" : "<link>{list}</link> · {name}",
      },
    ]),
  );
}

const allUsed = () => ({
  used: new Set(["recipes.form.save", "recipes.list.count", "groceries.share.done"]),
  called: new Map([["recipes.form.save", ["a.tsx:1"]]]),
});

describe("the catalogue check", () => {
  it("passes a whole, sound set of catalogues", () => {
    expect(checkCatalogues({ catalogues: sound(), ...allUsed() })).toEqual([]);
  });

  it("finds a key missing from a language, one English lacks, and a missing catalogue", () => {
    const catalogues = sound();
    delete catalogues.de?.["recipes.form.save"];
    if (catalogues.ja) catalogues.ja["recipes.form.old"] = "古い";
    delete catalogues.ar;
    expect(checkCatalogues({ catalogues, ...allUsed() })).toEqual([
      "de: recipes.form.save is missing",
      "ja: recipes.form.old is not in English",
      "ar: no catalogue",
    ]);
  });

  it("finds a message that is not valid ICU", () => {
    const catalogues = sound();
    if (catalogues.fr) catalogues.fr["recipes.form.save"] = "Enregistrer {";
    if (catalogues.es) catalogues.es["recipes.list.count"] = "{count, plural, one {# receta}}";
    const problems = checkCatalogues({ catalogues, ...allUsed() });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^fr: recipes\.form\.save is not valid ICU/);
    expect(problems[1]).toMatch(/^es: recipes\.list\.count is not valid ICU/);
  });

  it("finds placeholders renamed, dropped, added or of another kind", () => {
    const catalogues = sound();
    const set = (language: string, message: string) => {
      const catalogue = catalogues[language];
      if (catalogue) catalogue["groceries.share.done"] = message;
    };
    set("de", "{nom} hat <link>{list}</link> geteilt");
    set("fr", "{name} a partagé {list}");
    set("it", "{name} ha condiviso <link>{list}</link> {extra}");
    set("nl", "{name, number} deelde <link>{list}</link>");
    // A quote next to a brace hides the placeholder: ICU reads '{list}' as text.
    set("es", "{name} compartió <link>'{list}'</link>");
    expect(checkCatalogues({ catalogues, ...allUsed() })).toEqual([
      "de: groceries.share.done has placeholders link:tag, list:argument, nom:argument; English has link:tag, list:argument, name:argument",
      "fr: groceries.share.done has placeholders list:argument, name:argument; English has link:tag, list:argument, name:argument",
      "es: groceries.share.done has placeholders link:tag, name:argument; English has link:tag, list:argument, name:argument",
      "it: groceries.share.done has placeholders extra:argument, link:tag, list:argument, name:argument; English has link:tag, list:argument, name:argument",
      "nl: groceries.share.done has placeholders link:tag, list:argument, name:number; English has link:tag, list:argument, name:argument",
    ]);
  });

  it("asks each plural for the categories its language needs, and none it never picks", () => {
    const catalogues = sound();
    const set = (language: string, message: string) => {
      const catalogue = catalogues[language];
      if (catalogue) catalogue["recipes.list.count"] = message;
    };
    set("pl", plural({ one: "# przepis", other: "# przepisów" }));
    set("ar", plural({ one: "وصفة", other: "# وصفة" }));
    set("ja", plural({ one: "レシピ1件", other: "レシピ#件" }));
    set("fr", plural({ one: "# recette", other: "# recettes" }));
    // Exact matches are always allowed.
    set("de", plural({ "=0": "Keine Rezepte", one: "# Rezept", other: "# Rezepte" }));
    // A plural English uses as a select keeps its kind.
    set("nl", "{count, select, other {# recepten}}");
    expect(checkCatalogues({ catalogues, ...allUsed() })).toEqual([
      "fr: recipes.list.count: {count, plural} lacks many",
      "nl: recipes.list.count has placeholders count:select; English has count:plural",
      "pl: recipes.list.count: {count, plural} lacks few, many",
      "ja: recipes.list.count: {count, plural} has one, which ja never picks",
      "ar: recipes.list.count: {count, plural} lacks zero, two, few, many",
    ]);
    // English too: an `other` alone is not English's plural.
    expect(checkMessage("en", "k", plural({ other: "# recipes" }))).toEqual([
      "en: k: {count, plural} lacks one",
    ]);
  });

  it("keeps a select's cases as English has them", () => {
    const english = "{slot, select, dinner {Dinner} other {Meal}}";
    expect(
      checkMessage(
        "de",
        "k",
        "{slot, select, abendessen {Abendessen} other {Essen}}",
        parse(english),
      ),
    ).toEqual(["de: k: {slot, select} has cases abendessen, other; English has dinner, other"]);
    expect(
      checkMessage("de", "k", "{slot, select, dinner {Abendessen} other {Essen}}", parse(english)),
    ).toEqual([]);
  });

  it("finds a key no code uses and a key the code calls that is not there", () => {
    const problems = checkCatalogues({
      catalogues: sound(),
      used: new Set(["recipes.form.save", "recipes.list.count"]),
      called: new Map([
        ["recipes.form.save", ["a.tsx:1"]],
        ["recipes.form.saveButon", ["b.tsx:7", "c.tsx:9"]],
      ]),
      label: "web",
    });
    expect(problems).toEqual([
      "web en: groceries.share.done is not used in the code",
      "web code: recipes.form.saveButon is not in the catalogue (b.tsx:7, c.tsx:9)",
    ]);
  });

  it("counts a server message used when its English text is written in the code", () => {
    const elements = parse("Ensure this field has no more than {max} characters.");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
    expect(isWrittenIn(elements, "`Ensure this field has no more than ${max} characters.`")).toBe(
      true,
    );
    expect(isWrittenIn(elements, '"Ensure this field has no more than 5 letters."')).toBe(false);
    expect(isWrittenIn(parse(plural({ one: "#", other: "#" })), "#")).toBe(false);
  });
});

describe("what the code names", () => {
  it("reads the literal keys of t() and tRich() calls, and literal keys anywhere, outside tests", () => {
    const { used, called } = scanCode([
      {
        file: "app/page.tsx",
        text: [
          'const title = t("recipes.page.title");',
          "const rich = tRich(\n  'recipes.page.rich', { link });",
          "const label = t(`recipes.page.label`, { n });",
          'const LABELS: Record<Slot, MessageKey> = { dinner: "planner.slots.dinner" };',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
          "const notAKey = t(`recipes.${name}`);",
          'const also = formatMessage(language, "mail.digest.subject");',
          'const server = t(language, "mail.reset.subject");',
          'split("a.b"); set("not.aCall"); const path = "./foo.ts";',
        ].join("\n"),
      },
      { file: "app/page.test.tsx", text: 'expect(t("recipes.page.onlyInTests")).toBe("x");' },
    ]);
    expect([...called.keys()]).toEqual([
      "recipes.page.title",
      "recipes.page.rich",
      "recipes.page.label",
      "mail.reset.subject",
    ]);
    expect(called.get("recipes.page.rich")).toEqual(["app/page.tsx:2"]);
    expect(used.has("planner.slots.dinner")).toBe(true);
    expect(used.has("mail.digest.subject")).toBe(true);
    expect(used.has("recipes.page.onlyInTests")).toBe(false);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
    expect(used.has("recipes.${name}")).toBe(false);
  });
});

describe("keys written as literals", () => {
  it("finds a key built from pieces, and lets a key be held in a variable or a table", () => {
    const { notLiteral } = scanCode([
      {
        file: "a.tsx",
        text: [
          "t(\"recipes.form.save\"); tRich('a.b.c', { link }); t(`x.y.z`, { n });",
          "t(key); tRich(\n  labels[slot], {});",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
          "t(`${area}.title`);",
          't("planner.slots." + slot);',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
          "const key = `planner.slots.${slot}` as MessageKey;",
          "const other = 'recipes.' + name;",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
          "const url = `/api/recipes/${id}/`; const label = `${first}.${last}`;",
          "const list = items.map((t) => t.trim()); format(t);",
          "export function t(key: MessageKey, values?: MessageValues): string {",
        ].join("\n"),
      },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: code, as the scan reads it.
      { file: "a.test.ts", text: "t(`a.${b}`);" },
    ]);
    expect(notLiteral).toEqual(["a.tsx:4", "a.tsx:5", "a.tsx:6", "a.tsx:7"]);
  });
});
