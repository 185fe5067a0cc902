// The server in the caller's language (issue 37 §2): every request is answered in the
// signed-in cook's language, else the potluck_lang cookie's, else the best of Accept-Language,
// else English; mails in their recipient's language; the page's <html lang dir>; and English,
// exactly as before, for a caller who states no language.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from "@potluck/contract/languages";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { formatMessage } from "../src/i18n/catalogue.js";
import { sendDigests } from "../src/notifications/digest.js";
import { buildRecipe, buildUser, signedIn, TEST_PASSWORD } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";
import { finished, upload, zip } from "./import-fixtures.js";
import { startTestSmtpServer } from "./smtp-server.js";

const smtp = await startTestSmtpServer();
// A stand-in for web/dist, for the page's <html lang dir>.
const webDist = mkdtempSync(path.join(os.tmpdir(), "potluck-dist-"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html lang="en"><head><title>Potluck</title></head><body><div id=root></div></body></html>',
);
const { app, db, config } = await createTestApp({ env: smtp.env, webDist });
await startBackgroundJobs(app);

/** "This field may not be blank." in each language, as the catalogue has it. */
const BLANK: Record<Language, string> = {
  en: "This field may not be blank.",
  de: "Dieses Feld darf nicht leer sein.",
  fr: "Ce champ ne peut pas être vide.",
  es: "Este campo no puede estar vacío.",
  it: "Questo campo non può essere vuoto.",
  nl: "Dit veld mag niet leeg zijn.",
  "pt-BR": "Este campo não pode ficar em branco.",
  pl: "To pole nie może być puste.",
  ja: "この項目は空にできません。",
  ar: "لا يمكن ترك هذا الحقل فارغًا.",
};

/** A signup with an empty password: a 400 on that field. */
const blankSignup = (agent: Agent, headers: Record<string, string> = {}) =>
  agent.post(
    "/api/auth/signup/",
    {
      username: "someone",
      email: "someone@example.com",
      password: "",
      confirm_password: "",
      accept_tos: true,
    },
    { headers },
  );

describe("a 400 in the caller's language", () => {
  it.each(LANGUAGES)("%s by Accept-Language", async (language) => {
    const response = await blankSignup(new Agent(app), {
      "accept-language": `${language};q=0.9, xx;q=0.5`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [BLANK[language]] });
  });

  it.each(LANGUAGES)("%s by the potluck_lang cookie, before Accept-Language", async (language) => {
    const agent = new Agent(app);
    agent.setCookie(LANGUAGE_COOKIE, language);
    const response = await blankSignup(agent, {
      "accept-language": language === "ja" ? "de" : "ja",
    });
    expect(response.json()).toEqual({ password: [BLANK[language]] });
  });

  it.each(LANGUAGES)(
    "%s by the signed-in cook's preference, before the cookie",
    async (language) => {
      const { agent } = await signedIn(app, db);
      const chosen = await agent.patch("/api/users/me/preferences/", { language });
      expect(chosen.statusCode, chosen.body).toBe(200);
      agent.setCookie(LANGUAGE_COOKIE, language === "fr" ? "de" : "fr");
      const response = await agent.post(
        "/api/groceries/lists/",
        { name: "" },
        { headers: { "accept-language": language === "es" ? "it" : "es" } },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ name: [BLANK[language]] });
    },
  );

  it("fills in a message's values: a number, a value the caller sent", async () => {
    const { agent } = await signedIn(app, db);
    await agent.patch("/api/users/me/preferences/", { language: "de" });
    const long = await agent.post("/api/groceries/lists/", { name: "x".repeat(101) });
    expect(long.json()).toEqual({ name: ["Dieses Feld darf höchstens 100 Zeichen haben."] });
    const units = await agent.patch("/api/users/me/preferences/", { units: "imperial" });
    expect(units.json()).toEqual({ units: ["„imperial“ ist keine gültige Auswahl."] });
    // A detail too, and a 404's.
    expect((await agent.get("/api/recipes/recipes/2147483647/")).json()).toEqual({
      detail: "Nicht gefunden.",
    });
  });

  it("answers a 401 and a CSRF refusal in the language the request states", async () => {
    const headers = { "accept-language": "fr-CA,fr;q=0.9" };
    const anonymous = new Agent(app);
    expect((await anonymous.get("/api/users/me/", { headers })).json()).toEqual({
      detail: "Tu n'es pas connecté·e.",
    });
    const { agent } = await signedIn(app, db);
    const forged = await agent.patch(
      "/api/users/me/preferences/",
      { units: "us" },
      { csrf: "wrong", headers },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      detail: "Échec de la vérification CSRF : le jeton CSRF est absent ou incorrect.",
    });
  });

  it("is today's English for Accept-Language: *, none, or a language Potluck does not speak", async () => {
    const stated: Record<string, string>[] = [
      { "accept-language": "*" },
      {},
      { "accept-language": "tlh, sw;q=0.5" },
    ];
    for (const headers of stated) {
      const response = await blankSignup(new Agent(app), headers);
      expect(response.json()).toEqual({ password: ["This field may not be blank."] });
    }
    const agent = new Agent(app);
    agent.setCookie(LANGUAGE_COOKIE, "klingon");
    expect((await blankSignup(agent, { "accept-language": "*" })).json()).toEqual({
      password: ["This field may not be blank."],
    });
  });
});

describe("the language preference", () => {
  it("is null until the cook chooses, then one of the ten; anything else is a 400 that changes nothing", async () => {
    const { agent } = await signedIn(app, db);
    const preferences = "/api/users/me/preferences/";
    expect((await agent.get(preferences)).json()).toMatchObject({ language: null });
    for (const language of ["klingon", "DE", "de-DE", "", 5, null, ["de"], { de: true }]) {
      const response = await agent.patch(preferences, { language });
      expect(response.statusCode, JSON.stringify(language)).toBe(400);
      expect(Object.keys(response.json())).toEqual(["language"]);
    }
    expect((await agent.patch(preferences, { language: "klingon" })).json()).toEqual({
      language: ['"klingon" is not a valid choice.'],
    });
    expect((await agent.patch(preferences, { language: null })).json()).toEqual({
      language: ["This field may not be null."],
    });
    expect((await agent.get(preferences)).json()).toMatchObject({ language: null });
    const chosen = await agent.patch(preferences, { language: "pt-BR" });
    expect(chosen.json()).toEqual({
      units: "as_written",
      default_visibility: "public",
      language: "pt-BR",
    });
    expect((await agent.get(preferences)).json()).toMatchObject({ language: "pt-BR" });
    // Its own 400s in the language just chosen.
    expect((await agent.patch(preferences, { language: "xx" })).json()).toEqual({
      language: ["“xx” não é uma opção válida."],
    });
    expect((await agent.patch(preferences, {})).json()).toMatchObject({ language: "pt-BR" });
  });

  it("is kept from the potluck_lang cookie at sign-in when the account has none, and not otherwise", async () => {
    const login = async (username: string, cookie: string) => {
      const agent = new Agent(app);
      agent.setCookie(LANGUAGE_COOKIE, cookie);
      const response = await agent.post("/api/auth/login/", { username, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      return agent;
    };
    const cook = await buildUser(db);
    const first = await login(cook.username, "nl");
    expect((await first.get("/api/users/me/preferences/")).json()).toMatchObject({
      language: "nl",
    });
    const second = await login(cook.username, "ja");
    expect((await second.get("/api/users/me/preferences/")).json()).toMatchObject({
      language: "nl",
    });
    // A cookie naming no language of the ten is no choice.
    const other = await buildUser(db);
    const third = await login(other.username, "tlh");
    expect((await third.get("/api/users/me/preferences/")).json()).toMatchObject({
      language: null,
    });
  });

  it("is kept from the cookie at signup", async () => {
    const agent = new Agent(app);
    agent.setCookie(LANGUAGE_COOKIE, "it");
    const username = `cuoca_${Date.now()}`;
    const response = await agent.post("/api/auth/signup/", {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
      accept_tos: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ detail: "Account creato." });
    const stored = await db.execute<{ language: string | null }>(
      sql`select language from users where username = ${username}`,
    );
    expect(stored.rows[0]?.language).toBe("it");
  });

  it("starts a cook on metric units outside English, and as written in English", async () => {
    for (const [headers, expected] of [
      [{ "accept-language": "de-DE,de;q=0.9" }, "metric"],
      [{ "accept-language": "ja" }, "metric"],
      [{ "accept-language": "en-US" }, "as_written"],
      [{}, "as_written"],
    ] as const) {
      const agent = new Agent(app);
      const username = `units_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const response = await agent.post(
        "/api/auth/signup/",
        {
          username,
          email: `${username}@example.com`,
          password: TEST_PASSWORD,
          confirm_password: TEST_PASSWORD,
          accept_tos: true,
        },
        { headers },
      );
      expect(response.statusCode, response.body).toBe(201);
      const stored = await db.execute<{ units_preference: string }>(
        sql`select units_preference from users where username = ${username}`,
      );
      expect([headers, stored.rows[0]?.units_preference]).toEqual([headers, expected]);
    }
  });

  it("is in the account export", async () => {
    const { agent } = await signedIn(app, db);
    await agent.patch("/api/users/me/preferences/", { language: "ar" });
    const response = await agent.get("/api/users/me/export/");
    expect(response.statusCode).toBe(200);
    // potluck.json is the zip's first entry, stored uncompressed or deflated: read it by name.
    const { default: yauzl } = await import("yauzl");
    const manifest = await new Promise<string>((resolve, reject) => {
      yauzl.fromBuffer(response.rawPayload, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        zip.on("entry", (entry: { fileName: string }) => {
          if (entry.fileName !== "potluck.json") return zip.readEntry();
          zip.openReadStream(entry as never, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          });
        });
        zip.readEntry();
      });
    });
    expect(JSON.parse(manifest).preferences).toMatchObject({ language: "ar" });
  });
});

describe("mails in their recipient's language", () => {
  it("writes a reset link in the cook's language, whoever asks for it", async () => {
    const { user, agent } = await signedIn(app, db);
    await agent.patch("/api/users/me/preferences/", { language: "de" });
    const asked = await new Agent(app).post(
      "/api/auth/password-reset/",
      { email: user.email },
      { headers: { "accept-language": "fr" } },
    );
    expect(asked.statusCode).toBe(202);
    // The answer is the asker's; the mail is the cook's.
    expect(asked.json().detail).toBe(
      "Si un compte utilise cette adresse, nous lui avons envoyé un lien pour réinitialiser son mot de passe.",
    );
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe("Setze dein Potluck-Passwort zurück");
    expect(mail.text).toContain(`Hallo ${user.username},`);
    expect(mail.text).toContain(`Potluck-Kontos „${user.username}“ zurücksetzen`);
    expect(mail.text).toContain("/reset-password?token=");
    expect(mail.text).toContain("— Potluck");
  });

  it("writes the password-changed notice in the cook's language, and in English for a cook who chose none", async () => {
    const japanese = await signedIn(app, db);
    await japanese.agent.patch("/api/users/me/preferences/", { language: "ja" });
    const english = await signedIn(app, db);
    for (const { agent } of [japanese, english]) {
      const changed = await agent.post(
        "/api/auth/password/",
        {
          old_password: TEST_PASSWORD,
          new_password: "a brand new pass phrase",
          confirm_password: "a brand new pass phrase",
        },
        { headers: { "accept-language": "pl" } },
      );
      expect(changed.statusCode, changed.body).toBe(204);
    }
    const inJapanese = await smtp.waitFor(japanese.user.email);
    expect(inJapanese.subject).toBe("Potluck のパスワードが変更されました");
    expect(inJapanese.text).toContain(
      `Potluck アカウント「${japanese.user.username}」のパスワード`,
    );
    const inEnglish = await smtp.waitFor(english.user.email);
    expect(inEnglish.subject).toBe("Your Potluck password was changed");
    expect(inEnglish.text).toContain(`Hello ${english.user.username},`);
  });
});

describe("the notification digest", () => {
  it("is written in the recipient's language, its verbs agreeing with how many cooks did it", async () => {
    const [bo, ana, cy] = [
      await signedIn(app, db),
      await signedIn(app, db),
      await signedIn(app, db),
    ];
    await bo.agent.patch("/api/users/me/preferences/", { language: "fr" });
    const settings = "/api/users/me/notification-settings/";
    expect((await bo.agent.patch(settings, { follow: { email: true } })).statusCode).toBe(200);
    // Ana writes in German: the mail is Bo's, in French.
    await ana.agent.patch("/api/users/me/preferences/", { language: "de" });
    await ana.agent.post(`/api/users/${bo.user.id}/follow/`);
    await cy.agent.post(`/api/users/${bo.user.id}/follow/`);
    const deps = { db, jobs: app.jobs, publicUrl: config.mail.publicUrl, log: app.log };
    expect(await sendDigests(deps)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(bo.user.email);
    expect(mail.subject).toBe("Potluck : 2 nouvelles notifications");
    expect(mail.text).toContain(`Bonjour ${bo.user.username},`);
    expect(mail.text).toContain(`${ana.user.username} te suit désormais.`);
    expect(mail.text).toContain(`${cy.user.username} te suit désormais.`);
    expect(mail.text).toContain("Pour choisir ce que nous t'envoyons par e-mail");
  });
});

describe("an import's reasons", () => {
  it("are said in the reader's language, however they were stored", async () => {
    const { agent } = await signedIn(app, db);
    const archive = await zip([["notes.txt", "hello"]]);
    const id = (await upload(agent, archive)).json().id;
    const english = await finished(agent, id);
    expect(english.reason).toBe(
      "This file is not one we can import: upload an export from Paprika, Mealie, Tandoor, Nextcloud Cookbook or Potluck, or recipe pages (schema.org JSON-LD).",
    );
    await agent.patch("/api/users/me/preferences/", { language: "nl" });
    const dutch = (await agent.get(`/api/imports/${id}/`)).json();
    expect(dutch.reason).toMatch(/^Dit bestand kunnen we niet importeren: /);
    const list = (await agent.get("/api/imports/")).json();
    expect(list[0].reason).toBe(dutch.reason);
  });
});

describe("the calendar feed", () => {
  it("names the meals in the planner owner's language", async () => {
    const cook = await signedIn(app, db);
    await cook.agent.patch("/api/users/me/preferences/", { language: "de" });
    const recipe = await buildRecipe(db, cook.user.id, { title: "Linsensuppe" });
    const today = new Date().toISOString().slice(0, 10);
    const entry = await cook.agent.post("/api/planner/entries/", {
      date: today,
      slot: "dinner",
      recipe_id: recipe.id,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const link = (await cook.agent.post("/api/planner/calendar-link/")).json<{ url: string }>();
    // A calendar app sends no cookie and its own Accept-Language.
    const feed = await new Agent(app).get(new URL(link.url).pathname, {
      headers: { "accept-language": "en-US" },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain("SUMMARY:Abendessen: Linsensuppe");
    expect(feed.body).toContain(`X-WR-CALNAME:Potluck: Mahlzeiten von ${cook.user.username}`);
  });
});

describe("the page's <html lang dir>", () => {
  const page = (agent: Agent, url: string, headers: Record<string, string> = {}) =>
    agent.get(url, { headers });

  it("follows the request's language, right to left for Arabic, and tells caches so", async () => {
    const german = await page(new Agent(app), "/explore", { "accept-language": "de-AT,de;q=0.9" });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.headers.vary).toMatch(/cookie/i);
    expect(german.headers.vary).toMatch(/accept-language/i);
    expect(german.headers["cache-control"]).toBe("no-cache");

    const arabic = new Agent(app);
    arabic.setCookie(LANGUAGE_COOKIE, "ar");
    for (const url of ["/", "/index.html", "/recipe/1/soup"]) {
      const response = await page(arabic, url, { "accept-language": "de" });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="ar" dir="rtl">');
    }

    const english = await page(new Agent(app), "/explore", { "accept-language": "*" });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
  });

  it("is the signed-in cook's own language", async () => {
    const { agent } = await signedIn(app, db);
    await agent.patch("/api/users/me/preferences/", { language: "ja" });
    const response = await page(agent, "/planner", { "accept-language": "fr" });
    expect(response.body).toContain('<html lang="ja" dir="ltr">');
  });

  it("answers an unknown API address in the caller's language", async () => {
    const response = await page(new Agent(app), "/api/nothing-here/", { "accept-language": "es" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: formatMessage("es", "http.notFound") });
  });
});
