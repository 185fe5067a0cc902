import { FIRST_DAY_OF_WEEK, LANGUAGES } from "@potluck/contract/languages";
import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compileCatalogue, shortenKeys, shortIds } from "../../../scripts/precompile-messages";
import { dayFormat, formatDate, formatDateTime } from "../dates";
import { bootLanguage } from "./boot";
import { chooseLanguage, languageCookieText } from "./choose";
import { firstDayOfWeek, formatList, formatNumber } from "./format";
import { currentLanguage, isPseudo, loadLanguage, localized, setCatalogue, t } from "./index";
import english from "./messages/en.json";
import { accent, pseudoCatalogue, pseudoMessage } from "./pseudo";

afterEach(() => {
  setCatalogue("en", english);
  vi.unstubAllGlobals();
});

const pseudo = (message: string, values?: Record<string, unknown>) =>
  new IntlMessageFormat(pseudoMessage(message), "en").format(values as never);

describe("the pseudo-language en-XA", () => {
  it("accents every letter and lengthens the message by about 35%", () => {
    expect(pseudo("Save recipe")).toBe("Šàṽé ŕéçîþé~~~~");
    expect(accent("Potluck 2 kg")).toBe("Þöţļûçķ 2 ķĝ");
    expect(/[A-Za-z]/.test(accent("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))).toBe(
      false,
    );
  });

  it("keeps placeholders, plurals and tags working", () => {
    expect(pseudo("{name} shared {list} with you", { name: "Ann", list: "Week" })).toBe(
      "Ann šĥàŕéð Week ŵîţĥ ýöû~~~~~~",
    );
    const plural = "{count, plural, one {# recipe} other {# recipes}}";
    expect(pseudo(plural, { count: 1 })).toBe("1 ŕéçîþé~~~");
    expect(pseudo(plural, { count: 3 })).toBe("3 ŕéçîþéš~~~");
    expect(
      pseudo("Read the <link>guide</link>", { link: (chunks: string[]) => `[${chunks}]` }),
    ).toBe("Ŕéàð ţĥé [ĝûîðé]~~~~~");
  });

  it("is made as well from a catalogue the build parsed", () => {
    const plural = "{count, plural, one {# recipe} other {# recipes}}";
    const compiled = compileCatalogue({ plural, save: "Save recipe" });
    expect(pseudoCatalogue(compiled)).toEqual(pseudoCatalogue({ plural, save: "Save recipe" }));
    expect(
      new IntlMessageFormat(pseudoMessage(compiled.plural ?? []), "en").format({ count: 2 }),
    ).toBe("2 ŕéçîþéš~~~");
    expect(() => compileCatalogue({ "a.b": "{oops" }, "de.json")).toThrow(
      /^de\.json: a\.b is not valid ICU/,
    );
  });

  it("reads the build's short ids as the keys they stand for", () => {
    const ids = shortIds(["b.c.d", "a.b.c", "recipes.form.save"]);
    expect([...ids]).toEqual([
      ["a.b.c", "0"],
      ["b.c.d", "1"],
      ["recipes.form.save", "2"],
    ]);
    expect(
      shortenKeys(
        [
          "t(\"recipes.form.save\"); tRich('a.b.c', {});",
          "const KEYS = { x: `b.c.d` };",
          'import("./messages/en.json"); const other = "recipes.form.other";',
        ].join("\n"),
        ids,
      ),
    ).toBe(
      [
        "t(\"2\"); tRich('0', {});",
        "const KEYS = { x: `1` };",
        'import("./messages/en.json"); const other = "recipes.form.other";',
      ].join("\n"),
    );
  });

  it("is made from the whole English catalogue and loaded by its cookie's name", async () => {
    const catalogue = pseudoCatalogue(english);
    expect(Object.keys(catalogue)).toEqual(Object.keys(english));
    await loadLanguage("en-XA");
    expect(isPseudo()).toBe(true);
    expect(currentLanguage()).toBe("en");
    expect(t("app.languageMenu.cardTitle")).toBe("Ļàñĝûàĝé~~~");
    // Dates the app writes itself are accented too: not a text left in English.
    expect(localized("28 Nov 2026")).toBe("28 Ñöṽ 2026");
    expect(formatDate(new Date(2026, 10, 28))).toBe("28 Ñöṽ 2026");
    expect(dayFormat("day").format(new Date(Date.UTC(2026, 10, 28)))).toBe("Šàţûŕðàý 28 Ñöṽéɱƀéŕ");
  });
});

describe("the language a page starts in", () => {
  const boot = (
    servedLang: string | null,
    servedDir: boolean,
    cookie = "",
    wanted: string[] = [],
  ) => bootLanguage({ servedLang, servedDir, cookie, wanted });

  it("is the one the server wrote, which already weighed preference, cookie and browser", () => {
    expect(boot("de", true, "potluck_lang=fr", ["ja"])).toBe("de");
    expect(boot("ar", false, "potluck_lang=fr")).toBe("ar");
    expect(boot("en", true, "potluck_lang=fr", ["ja"])).toBe("en");
  });

  it("else the cookie, else the browser's languages, else English", () => {
    // index.html as built (lang="en", no dir) is not a choice.
    expect(boot("en", false, "theme=dark; potluck_lang=pt-BR", ["ja"])).toBe("pt-BR");
    expect(boot("en", false, "", ["de-AT", "en"])).toBe("de");
    expect(boot(null, false, "potluck_lang=klingon", ["tlh"])).toBe("en");
    expect(boot("xx", true, "", ["pt-PT"])).toBe("pt-BR");
  });

  it("is the pseudo-language only by the cookie, whatever the server wrote", () => {
    expect(boot("de", true, "potluck_lang=en-XA")).toBe("en-XA");
    expect(boot("en-XA", true, "")).toBe("en");
  });
});

describe("choosing a language", () => {
  it("keeps it a year in a cookie the server reads", () => {
    expect(languageCookieText("pt-BR")).toBe(
      "potluck_lang=pt-BR; Max-Age=31536000; Path=/; SameSite=Lax",
    );
  });

  it("saves it on the account when signed in, then reloads", async () => {
    const document = { cookie: "" };
    const fetch = vi.fn(async () => new Response('{"language":"de"}', { status: 200 }));
    vi.stubGlobal("document", document);
    vi.stubGlobal("fetch", fetch);
    const reload = vi.fn();
    await chooseLanguage("de", true, reload);
    expect(document.cookie).toBe(languageCookieText("de"));
    expect(fetch).toHaveBeenCalledWith(
      "/api/users/me/preferences/",
      expect.objectContaining({ method: "PATCH", body: '{"language":"de"}' }),
    );
    expect(reload).toHaveBeenCalledOnce();

    // Signed out, or the server refusing: the cookie alone, and the reload all the same.
    fetch.mockClear();
    await chooseLanguage("ja", false, reload);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockImplementation(async () => new Response("{}", { status: 400 }));
    await chooseLanguage("fr", true, reload);
    expect(document.cookie).toBe(languageCookieText("fr"));
    expect(reload).toHaveBeenCalledTimes(3);
  });
});

describe("numbers, dates and weeks the local way", () => {
  it("writes numbers as the language does", () => {
    expect(formatNumber(1.5)).toBe("1.5");
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatNumber(1.5, {}, "de")).toBe("1,5");
    expect(formatNumber(1234.5, {}, "de")).toBe("1.234,5");
    expect(formatNumber(1234.5, {}, "fr")).toBe("1\u202f234,5");
    expect(formatNumber(0.333, { maximumFractionDigits: 2 }, "pl")).toBe("0,33");
    setCatalogue("it", {});
    expect(formatNumber(2.25)).toBe("2,25");
  });

  it("joins lists as the language does", () => {
    expect(formatList(["Monday", "Tuesday", "Friday"])).toBe("Monday, Tuesday and Friday");
    expect(formatList(["lundi", "mardi"], "disjunction", "fr")).toBe("lundi ou mardi");
    expect(formatList(["月曜日", "火曜日"], "conjunction", "ja")).toBe("月曜日、火曜日");
  });

  it("writes dates in the reader's language; English keeps its British ways", () => {
    const at = new Date(2026, 10, 28, 3, 24);
    expect(formatDateTime(at)).toBe("28 Nov 2026, 03:24");
    setCatalogue("de", {});
    expect(formatDateTime(at)).toBe("28.11.2026, 03:24");
    expect(formatDate(at)).toBe("28.11.2026");
    setCatalogue("ja", {});
    expect(formatDateTime(at)).toBe("2026/11/28 3:24");
    setCatalogue("fr", {});
    expect(formatDate(at)).toBe("28 nov. 2026");
    // A locale passed in is used as it is.
    expect(formatDate(at, "en-US")).toBe("Nov 28, 2026");
  });

  it("starts the week where CLDR does; English keeps its Monday", () => {
    const days = Object.fromEntries(
      LANGUAGES.map((language) => [language, firstDayOfWeek(language)]),
    );
    expect(days).toEqual({
      en: 1,
      de: 1,
      fr: 1,
      es: 1,
      it: 1,
      nl: 1,
      "pt-BR": 7,
      pl: 1,
      ja: 7,
      ar: 6,
    });
    setCatalogue("ja", {});
    expect(firstDayOfWeek()).toBe(7);
  });

  it("has a table that says what CLDR says, English apart", () => {
    type WithWeekInfo = Intl.Locale & { getWeekInfo(): { firstDay: number } };
    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      const cldr = (new Intl.Locale(language) as WithWeekInfo).getWeekInfo().firstDay;
      expect([language, FIRST_DAY_OF_WEEK[language]]).toEqual([language, cldr]);
    }
  });
});
