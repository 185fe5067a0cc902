import { describe, expect, it } from "vitest";
import {
  activeCount,
  activeFilters,
  NO_FILTERS,
  parseFilters,
  tagHref,
  withFilters,
} from "./filters";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("parseFilters", () => {
  it("reads every filter of the URL", () => {
    expect(
      parse(
        "tag=vegan&tag=quick&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4.5&following=true&visibility=private",
      ),
    ).toEqual({
      tag: ["vegan", "quick"],
      max_minutes: 30,
      ingredient: [12],
      exclude_ingredient: [7],
      min_rating: 4.5,
      following: true,
      visibility: "private",
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
      visibility: "followers" as const,
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

it("links a tag to Explore filtered by it", () => {
  expect(tagHref("Weeknight Dinner")).toBe("/explore?tag=weeknight+dinner");
});
