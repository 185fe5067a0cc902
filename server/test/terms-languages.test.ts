// The Terms of Service in the caller's language: a version with a translation is served in it,
// with a note that the English text is the binding one; English callers get exactly the stored
// text, as before; a version without translations is English for everyone.
import type { Language } from "@potluck/contract/languages";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FIRST_TERMS_VERSION } from "../src/terms/first-version.js";
import { signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const URL = "/api/tos/latest/";
const ENGLISH = FIRST_TERMS_VERSION.content;

/** The opening note of each translation, in its own language. */
const NOTES: Record<Exclude<Language, "en">, string> = {
  de: "Diese Übersetzung dient nur der Information; maßgeblich ist die englische Fassung.",
  fr: "Cette traduction est fournie à titre indicatif ; seule la version anglaise fait foi.",
  es: "Esta traducción se ofrece solo a título informativo; prevalece la versión en inglés.",
  it: "Questa traduzione è fornita solo per comodità; fa fede la versione inglese.",
  nl: "Deze vertaling is alleen bedoeld voor het gemak; de Engelse versie is bindend.",
  "pt-BR": "Esta tradução é oferecida apenas por conveniência; prevalece a versão em inglês.",
  pl: "To tłumaczenie ma charakter wyłącznie informacyjny; wiążąca jest wersja angielska.",
  ja: "この翻訳は参考用です。正式な規約として適用されるのは英語版です。",
  ar: "هذه الترجمة مقدَّمة للتيسير فقط، والنسخة الإنجليزية هي المعتمدة.",
};

const count = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;
const h1 = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

interface Terms {
  version_number: number;
  content: string;
  published_at: string;
  language: string;
}

const latest = async (agent: Agent, headers: Record<string, string> = {}) => {
  const response = await agent.get(URL, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<Terms>(), vary: String(response.headers.vary ?? "") };
};

describe("GET /api/tos/latest/ in the caller's language", () => {
  it("is the stored English text, unchanged, with language en, without a stated language or for *", async () => {
    const [stored] = (
      await db.execute<{ content: string; published_at: Date }>(
        sql`select content, published_at from terms_versions where version_number = 1`,
      )
    ).rows;
    expect(stored?.content).toBe(ENGLISH);
    const stated: Record<string, string>[] = [
      {},
      { "accept-language": "*" },
      { "accept-language": "en-GB" },
    ];
    for (const headers of stated) {
      const { body } = await latest(new Agent(app), headers);
      expect(body).toEqual({
        version_number: 1,
        content: ENGLISH,
        published_at: new Date(stored?.published_at ?? 0).toISOString(),
        language: "en",
      });
    }
  });

  it.each(Object.entries(NOTES))("is the %s translation by Accept-Language", async (code, note) => {
    const { body, vary } = await latest(new Agent(app), { "accept-language": `${code};q=0.9` });
    expect(body.version_number).toBe(1);
    expect(body.language).toBe(code);
    expect(h1(body.content)).toBeTruthy();
    expect(h1(body.content)).not.toBe(h1(ENGLISH));
    // The same structure as the English, plus the note, right under the title.
    for (const tag of ["h1", "h2", "li", "ul"]) {
      expect(count(body.content, tag), tag).toBe(count(ENGLISH, tag));
    }
    expect(count(body.content, "p")).toBe(count(ENGLISH, "p") + 1);
    expect(body.content).toMatch(new RegExp(`^<h1>[^<]+</h1>\\n<p><em>${note}</em></p>\\n`));
    expect(body.content).toContain("Potluck");
    expect(vary).toMatch(/accept-language/i);
    expect(vary).toMatch(/cookie/i);
  });

  it("follows the signed-in cook's preference before Accept-Language", async () => {
    const { agent } = await signedIn(app, db);
    const chosen = await agent.patch("/api/users/me/preferences/", { language: "ja" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { body } = await latest(agent, { "accept-language": "de" });
    expect(body.language).toBe("ja");
    expect(h1(body.content)).toBe("利用規約");
    expect(body.content).toContain(NOTES.ja);
  });
});

// Last: it publishes a newer version for the rest of the file.
describe("a newer version without translations", () => {
  it("is served in English to everyone, a German caller too", async () => {
    const content = "<h1>Terms of Service</h1>\n<p>Version two.</p>";
    await db.execute(
      sql`insert into terms_versions (version_number, content) values (2, ${content})`,
    );
    const { body } = await latest(new Agent(app), { "accept-language": "de" });
    expect(body).toMatchObject({ version_number: 2, content, language: "en" });
  });
});
