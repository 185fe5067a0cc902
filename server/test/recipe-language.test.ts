// A recipe's language (issue 37 §3): given on create and update, by default its author's; on
// detail and list items; explore filters by it; search stems the words of a recipe in German,
// French, Spanish, Italian, Dutch and Portuguese, and keeps English words matching as before.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

interface Saved {
  id: number;
  language: string;
}

function submit(
  agent: Agent,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields);
  return agent.request(method, url, body.payload, {
    headers: { "content-type": body.contentType, ...headers },
  });
}

async function create(agent: Agent, fields: Record<string, string>, acceptLanguage?: string) {
  const response = await submit(
    agent,
    "POST",
    "/api/recipes/recipes/",
    { title: "Soup", content: "<p>Stir.</p>", ...fields },
    acceptLanguage ? { "accept-language": acceptLanguage } : {},
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Saved>();
}

const titlesOf = async (url: string) => {
  const response = await new Agent(app).get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { title: string; language: string }[] }>().results;
};

describe("a recipe's language", () => {
  it("is the author's language when the submission names none", async () => {
    const { agent } = await signedIn(app, db);
    // No preference yet: the language Potluck speaks to them (here their browser's).
    expect((await create(agent, {}, "de-DE,de;q=0.9")).language).toBe("de");
    await agent.patch("/api/users/me/preferences/", { language: "fr" });
    expect((await create(agent, {}, "de-DE")).language).toBe("fr");
    expect((await create(agent, { language: "pt-BR" })).language).toBe("pt-BR");
  });

  it("is kept by an update that leaves it out and changed by one that names it", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await create(agent, { language: "it" });
    const url = `/api/recipes/recipes/${recipe.id}/`;
    const kept = await submit(agent, "PUT", url, { title: "Zuppa", content: "<p>Mescola.</p>" });
    expect(kept.json<Saved>().language).toBe("it");
    const changed = await submit(agent, "PUT", url, {
      title: "Zuppa",
      content: "<p>Mescola.</p>",
      language: "es",
    });
    expect(changed.json<Saved>().language).toBe("es");
    expect((await agent.get(url)).json<Saved>().language).toBe("es");
  });

  it("refuses a language Potluck does not speak, and saves nothing", async () => {
    const { agent, user } = await signedIn(app, db);
    const response = await submit(agent, "POST", "/api/recipes/recipes/", {
      title: "Soup",
      content: "<p>Stir.</p>",
      language: "klingon",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ language: ['"klingon" is not a valid choice.'] });
    const count = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from recipes where author_id = ${user.id}`,
    );
    expect(count.rows[0]?.count).toBe(0);
  });

  it("filters explore, and a language that is not one of ours is a 400", async () => {
    const { agent, user } = await signedIn(app, db);
    await create(agent, { title: "Bigos", language: "pl" });
    await create(agent, { title: "Stew", language: "en" });
    const polish = await titlesOf(`/api/recipes/recipes/?author=${user.username}&language=pl`);
    expect(polish).toEqual([expect.objectContaining({ title: "Bigos", language: "pl" })]);
    const english = await titlesOf(`/api/recipes/recipes/?author=${user.username}&language=en`);
    expect(english.map((recipe) => recipe.title)).toEqual(["Stew"]);
    const bad = await new Agent(app).get("/api/recipes/recipes/?language=xx");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["language"]);
  });
});

describe("search in the recipe's language", () => {
  it("finds a word's other forms in German, French, Spanish, Italian, Dutch and Portuguese", async () => {
    const { agent } = await signedIn(app, db);
    const written = {
      de: "Gebratene Kartoffel mit Zwiebel",
      fr: "Salade de tomate",
      es: "Tortilla con cebollas asadas",
      it: "Pasta ai pomodori freschi",
      nl: "Stamppot met wortelen",
      "pt-BR": "Feijoada com linguiças",
    };
    for (const [language, title] of Object.entries(written)) {
      await create(agent, { title, language });
    }
    // Found as typed, not as a typo correction ("Kartoffeln" is one edit from "Kartoffel").
    const found = async (words: string) => {
      const response = await new Agent(app).get(
        `/api/recipes/recipes/?search=${encodeURIComponent(words)}`,
      );
      const page = response.json<{ results: { title: string }[]; did_you_mean?: string }>();
      expect(page.did_you_mean).toBeUndefined();
      return page.results.map((recipe) => recipe.title);
    };
    expect(await found("Kartoffeln")).toContain(written.de);
    expect(await found("tomates")).toContain(written.fr);
    expect(await found("cebolla")).toContain(written.es);
    expect(await found("pomodoro")).toContain(written.it);
    expect(await found("wortel")).toContain(written.nl);
    expect(await found("linguiça")).toContain(written["pt-BR"]);
    // The stems are for matching only: never offered as a typo's correction.
    const stems = await db.execute(sql`select word from search_words where word like '~%'`);
    expect(stems.rows).toEqual([]);
  });

  it("leaves English words as they were: a stem never matches an English recipe's word", async () => {
    const { agent, user } = await signedIn(app, db);
    await create(agent, { title: "Chicken soup", language: "en" });
    await create(agent, { title: "Chick pea curry", language: "en" });
    // German and Dutch stem "chicken" to "chick": looked for among stemmed recipes only.
    const found = await titlesOf(`/api/recipes/recipes/?author=${user.username}&search=chicken`);
    expect(found.map((recipe) => recipe.title)).toEqual(["Chicken soup"]);
  });
});

describe("where language meets who may read", () => {
  it("finds by language filter and by stem only the recipes the reader may read", async () => {
    const { agent, user } = await signedIn(app, db);
    const tag = user.username;
    await create(agent, { title: `Kartoffelsuppe ${tag}`, language: "de", visibility: "public" });
    await create(agent, { title: `Kartoffelgratin ${tag}`, language: "de", visibility: "private" });
    await create(agent, {
      title: `Kartoffelpuffer ${tag}`,
      language: "de",
      visibility: "followers",
    });
    const stranger = new Agent(app);
    const listed = await stranger.get(`/api/recipes/recipes/?author=${tag}&language=de`);
    expect(listed.json<{ results: { title: string }[] }>().results.map((r) => r.title)).toEqual([
      `Kartoffelsuppe ${tag}`,
    ]);
    // The author reads all three, by the filter and by a plural only the stems find.
    const own = await agent.get(`/api/recipes/recipes/?mine=true&language=de&search=${tag}`);
    expect(own.json<{ results: unknown[] }>().results).toHaveLength(3);
    const searched = await stranger.get(
      `/api/recipes/recipes/?search=${encodeURIComponent(`Kartoffelsuppen ${tag}`)}`,
    );
    const titles = searched.json<{ results: { title: string }[] }>().results.map((r) => r.title);
    expect(titles).toContain(`Kartoffelsuppe ${tag}`);
    expect(titles).not.toContain(`Kartoffelgratin ${tag}`);
    expect(titles).not.toContain(`Kartoffelpuffer ${tag}`);
  });
});
