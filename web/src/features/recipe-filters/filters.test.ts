import { afterEach, describe, expect, it } from "vitest";
import { setCatalogue } from "../../lib/i18n";
import german from "../../lib/i18n/messages/de.json";
import english from "../../lib/i18n/messages/en.json";
import { activeFilters } from "./active-filters";
import { activeCount, NO_FILTERS, parseFilters, withFilters } from "./filters";
import { tagHref } from "./tags";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("parseFilters", () => {
  it("reads every filter of the URL", () => {
    expect(
      parse(
        "tag=vegan&tag=quick&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4.5&following=true&visibility=private&diet=vegan&without_allergen=peanuts&max_kcal=500&safe_for_table=true",
      ),
    ).toEqual({
      tag: ["vegan", "quick"],
      max_minutes: 30,
      ingredient: [12],
      exclude_ingredient: [7],
      min_rating: 4.5,
      following: true,
      safe_for_table: true,
      visibility: "private",
      diet: ["vegan"],
      without_allergen: ["peanuts"],
      max_kcal: 500,
    });
  });

  it("gives no filters for an empty query", () => {
    expect(parse("")).toEqual(NO_FILTERS);
    expect(parse("search=soup")).toEqual(NO_FILTERS);
  });

  it("normalises tags as the server stores them and drops duplicates and blanks", () => {
    expect(parse("tag=%20Vegan%20&tag=vegan&tag=&tag=QUICK").tag).toEqual(["vegan", "quick"]);
    expect(parse(`tag=${"x".repeat(31)}`).tag).toEqual([]);
  });

  it("leaves out values the server would refuse", () => {
    expect(
      parse(
        "max_minutes=soon&min_rating=7&ingredient=abc&ingredient=0&ingredient=-3&exclude_ingredient=1.5&following=yes&visibility=secret",
      ),
    ).toEqual(NO_FILTERS);
    expect(parse("max_minutes=99999999").max_minutes).toBeUndefined();
    expect(parse("min_rating=0").min_rating).toBeUndefined();
  });

  it("keeps at most 20 values of a repeatable filter", () => {
    const many = Array.from({ length: 25 }, (_, i) => `ingredient=${i + 1}`).join("&");
    expect(parse(many).ingredient).toHaveLength(20);
  });
});

describe("withFilters", () => {
  it("writes filters in a fixed order and keeps other parameters", () => {
    const params = withFilters(new URLSearchParams("search=soup&tag=old"), {
      ...NO_FILTERS,
      tag: ["vegan", "quick"],
      max_minutes: 30,
      ingredient: [12],
      exclude_ingredient: [7],
      min_rating: 4,
      following: true,
    });
    expect(params.toString()).toBe(
      "search=soup&tag=vegan&tag=quick&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4&following=true",
    );
  });

  it("round-trips through parseFilters", () => {
    const filters = {
      tag: ["a b", "ü"],
      max_minutes: 90,
      ingredient: [1, 2],
      exclude_ingredient: [3],
      min_rating: 3,
      following: false,
      safe_for_table: true,
      visibility: "followers" as const,
      diet: ["vegetarian" as const],
      without_allergen: [],
      max_kcal: 700,
    };
    expect(parseFilters(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("removes every filter parameter for no filters", () => {
    expect(
      withFilters(new URLSearchParams("tag=a&following=true&x=1"), NO_FILTERS).toString(),
    ).toBe("x=1");
  });
});

describe("activeFilters", () => {
  const filters = parse(
    "tag=vegan&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4&following=true",
  );
  const names = (id: number) => ({ 12: "chicken", 7: "peanuts" })[id] ?? `#${id}`;

  it("names each active filter the way the empty result says it", () => {
    expect(activeFilters(filters, names).map((one) => one.label)).toEqual([
      "tag “vegan”",
      "under 30 minutes",
      "with chicken",
      "without peanuts",
      "rated 4+ stars",
      "from cooks I follow",
    ]);
    expect(activeCount(filters)).toBe(6);
    expect(activeCount(NO_FILTERS)).toBe(0);
  });

  it("gives the filters without each one", () => {
    const [tag, minutes] = activeFilters(filters, names);
    expect(tag?.without.tag).toEqual([]);
    expect(tag?.without.max_minutes).toBe(30);
    expect(minutes?.without.max_minutes).toBeUndefined();
    expect(minutes?.without.tag).toEqual(["vegan"]);
  });
});

describe("the language filter", () => {
  it("reads one of the ten languages, writes it back and names it in the reader's language", () => {
    const filters = parse("language=pt-BR");
    expect(filters).toEqual({ ...NO_FILTERS, language: "pt-BR" });
    expect(withFilters(new URLSearchParams("search=feijoada"), filters).toString()).toBe(
      "search=feijoada&language=pt-BR",
    );
    const [active] = activeFilters(filters, String);
    expect(active?.label).toBe("written in Brazilian Portuguese");
    expect(active?.without).toEqual(NO_FILTERS);
  });

  it("leaves out a language Potluck does not speak", () => {
    expect(parse("language=klingon")).toEqual(NO_FILTERS);
    expect(parse("language=PT-br")).toEqual(NO_FILTERS);
  });
});

describe("the diet, allergen and kcal filters", () => {
  afterEach(() => setCatalogue("en", english));

  it("reads diets, allergens and kcal from the URL, in the order given, each once", () => {
    expect(
      parse(
        "diet=vegan&diet=gluten_free&diet=vegan&without_allergen=milk&without_allergen=tree_nuts&max_kcal=450",
      ),
    ).toEqual({
      ...NO_FILTERS,
      diet: ["vegan", "gluten_free"],
      without_allergen: ["milk", "tree_nuts"],
      max_kcal: 450,
    });
  });

  it("leaves out codes it does not know and kcal the server would refuse", () => {
    expect(
      parse(
        "diet=keto&diet=Vegan&diet=&without_allergen=nuts&without_allergen=PEANUTS&max_kcal=lots",
      ),
    ).toEqual(NO_FILTERS);
    expect(parse("diet=keto&diet=vegan").diet).toEqual(["vegan"]);
    expect(parse("without_allergen=soya&without_allergen=soybeans").without_allergen).toEqual([
      "soybeans",
    ]);
    for (const kcal of ["-1", "1.5", "20001", "999999", " 300", "3e2", ""]) {
      expect(parse(`max_kcal=${encodeURIComponent(kcal)}`).max_kcal).toBeUndefined();
    }
    expect(parse("max_kcal=0").max_kcal).toBe(0);
    expect(parse("max_kcal=20000").max_kcal).toBe(20000);
  });

  it("takes each value once, and all fourteen allergens at a time", () => {
    const many = Array.from({ length: 25 }, () => "diet=vegan&without_allergen=fish").join("&");
    expect(parse(many).diet).toEqual(["vegan"]);
    const allergens = [
      "gluten",
      "crustaceans",
      "eggs",
      "fish",
      "peanuts",
      "soybeans",
      "milk",
      "tree_nuts",
      "celery",
      "mustard",
      "sesame",
      "sulphites",
      "lupin",
      "molluscs",
    ];
    expect(
      parse(allergens.map((one) => `without_allergen=${one}`).join("&")).without_allergen,
    ).toEqual(allergens);
  });

  it("writes them after the other filters and round-trips", () => {
    const filters = {
      ...NO_FILTERS,
      tag: ["quick"],
      language: "de" as const,
      diet: ["vegetarian" as const, "nut_free" as const],
      without_allergen: ["peanuts" as const, "sesame" as const],
      max_kcal: 500,
    };
    const params = withFilters(new URLSearchParams("search=curry&diet=old&max_kcal=9"), filters);
    expect(params.toString()).toBe(
      "search=curry&tag=quick&language=de&diet=vegetarian&diet=nut_free&without_allergen=peanuts&without_allergen=sesame&max_kcal=500",
    );
    expect(parseFilters(params)).toEqual(filters);
    expect(
      withFilters(new URLSearchParams("diet=vegan&without_allergen=milk&max_kcal=300&x=1"), {
        ...NO_FILTERS,
      }).toString(),
    ).toBe("x=1");
  });

  it("names each one, removable on its own", () => {
    const filters = parse("diet=vegetarian&diet=gluten_free&without_allergen=peanuts&max_kcal=500");
    const active = activeFilters(filters, String);
    expect(active.map((one) => [one.key, one.label])).toEqual([
      ["diet:vegetarian", "vegetarian"],
      ["diet:gluten_free", "gluten-free"],
      ["without_allergen:peanuts", "without peanuts"],
      ["max_kcal", "under 500 kcal"],
    ]);
    expect(activeCount(filters)).toBe(4);
    expect(active[0]?.without).toEqual({ ...filters, diet: ["gluten_free"] });
    expect(active[2]?.without).toEqual({ ...filters, without_allergen: [] });
    expect(active[3]?.without).toEqual({ ...filters, max_kcal: undefined });
  });

  it("counts every filter the way the empty result names them", () => {
    const all = parse(
      "tag=a&tag=b&max_minutes=30&ingredient=1&exclude_ingredient=2&min_rating=4&following=true&visibility=public&language=fr&diet=vegan&diet=egg_free&without_allergen=fish&max_kcal=700",
    );
    expect(activeCount(all)).toBe(13);
    expect(activeFilters(all, String)).toHaveLength(13);
  });

  it("names them in the reader's language", () => {
    setCatalogue("de", german);
    const labels = activeFilters(
      parse("diet=vegetarian&without_allergen=tree_nuts&max_kcal=1500"),
      String,
    ).map((one) => one.label);
    expect(labels).toEqual(["vegetarisch", "ohne Schalenfrüchte", "unter 1.500 kcal"]);
  });
});

it("links a tag to Explore filtered by it", () => {
  expect(tagHref("Weeknight Dinner")).toBe("/explore?tag=weeknight+dinner");
});
