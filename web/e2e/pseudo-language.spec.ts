import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { IntlMessageFormat } from "intl-messageformat";
import { accent, pseudoMessage } from "../src/lib/i18n/pseudo";
import {
  createGroceryList,
  logIn,
  PASSWORD,
  planExtra,
  publishRecipes,
  signUp,
  uniqueName,
} from "./fixtures";

// Issue 37 §1: every page of the router in the pseudo-language en-XA (accented, lengthened
// English made from the catalogue, lib/i18n/pseudo.ts). A text a person sees or hears that is
// still plain English did not come from the catalogue: the journey lists every one (text
// nodes, aria-label, placeholder, title, alt, the document's title) with the page and the
// element, and fails. What it leaves alone: the cook's own content, which it names with
// "Qqz" so that it is recognisable; what the server sent as data for that content (an
// ingredient's, a unit's or an aisle's name: the server speaks English to en-XA); the product
// name; anything marked translate="no" (the language menu's names).

/** Every letter the pseudo-language writes (none of them ASCII). */
const PSEUDO_LETTERS = accent("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
const PSEUDO = new RegExp(`[${PSEUDO_LETTERS}]`, "u");
const USER_CONTENT = /\S*qqz\S*/giu;
/** What the fixtures write for a cook that this journey does not choose. */
const FIXTURE_CONTENT = ["Mix and bake."];
const PRODUCT = /(?<![\p{L}\p{N}])Potluck(?![\p{L}\p{N}])/gu;
/** Addresses are not words: a mail address, a web address (a placeholder's example). */
const ADDRESSES = /\S+@\S+\.\S+|https?:\/\/\S*/gu;
/** Browsers and systems by their own names ("Firefox on Linux", settings/user-agent.ts). */
const PRODUCT_NAMES = [
  "Samsung Internet",
  "ChromeOS",
  "Chrome",
  "Firefox",
  "Safari",
  "Edge",
  "Opera",
  "Android",
  "Windows",
  "Linux",
  "iPhone",
  "iPad",
  "iOS",
  "Mac",
];

const english = JSON.parse(
  readFileSync(new URL("../src/lib/i18n/messages/en.json", import.meta.url), "utf8"),
) as Record<string, string>;
/** An English message as the pseudo-language shows it. */
function pseudo(key: string, values?: Record<string, string | number>): string {
  const message = english[key];
  if (message === undefined) throw new Error(`${key} is not in en.json`);
  return String(new IntlMessageFormat(pseudoMessage(message), "en").format(values));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Seen {
  text: string;
  where: string;
}
interface Leftover extends Seen {
  page: string;
  kind: "English" | "English inside a pseudo text";
}

/**
 * What a person sees or hears on the page now: visible text nodes (a <select>'s options
 * too), the aria-label, placeholder, title and alt of visible elements, the document's title.
 */
function seenOnPage(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const seen: { text: string; where: string }[] = [];
    const clean = (text: string) => text.replace(/\s+/g, " ").trim();
    const skipped = (element: Element) =>
      element.closest('script, style, noscript, template, [translate="no"]') !== null;
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
    const describe = (element: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = element; e && parts.length < 3 && e !== document.body; ) {
        const id = e.id ? `#${e.id}` : "";
        const classes = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join("");
        parts.unshift(`${e.tagName.toLowerCase()}${id}${classes}`);
        e = e.parentElement;
      }
      return parts.join(" > ");
    };
    const add = (text: string | null | undefined, where: string) => {
      const value = clean(text ?? "");
      if (/\p{L}/u.test(value)) seen.push({ text: value, where });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent)) continue;
      // An <option>'s box is its <select>'s.
      const box = parent.closest("select") ?? parent;
      if (!visible(box)) continue;
      add(node.textContent, describe(parent));
    }
    const labelled = document.body.querySelectorAll(
      "[aria-label], [placeholder], [title], img[alt], input[type=submit][value], input[type=button][value]",
    );
    for (const element of labelled) {
      if (skipped(element) || !visible(element)) continue;
      for (const attribute of ["aria-label", "placeholder", "title", "alt"]) {
        add(element.getAttribute(attribute), `${describe(element)}[${attribute}]`);
      }
      if (element instanceof HTMLInputElement && /^(submit|button)$/.test(element.type)) {
        add(element.value, `${describe(element)}[value]`);
      }
    }
    add(document.title, "document title");
    return seen;
  });
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    }
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/**
 * Every string of an API answer: the server's data for the content this journey made. Rich
 * text the server sends as HTML (a recipe's steps, the terms) counts by its text's pieces.
 */
function stringsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") {
    if (/[A-Za-z]/.test(value)) into.add(value);
    if (/<[a-z][^>]*>/i.test(value)) {
      for (const piece of value.split(/<[^>]*>/)) {
        const text = decodeEntities(piece).replace(/\s+/g, " ").trim();
        if (/[A-Za-z]/.test(text)) into.add(text);
      }
    }
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
  return into;
}

class Crawl {
  readonly leftovers: Leftover[] = [];
  /** What the server sent: names of the content shown, whole words only. */
  private readonly data = new Set<string>(PRODUCT_NAMES);
  private patterns: { size: number; list: RegExp[] } = { size: -1, list: [] };
  private readonly reading: Promise<void>[] = [];

  /** Strings the server sent for this journey's content (or anyone's, on a shared page). */
  allowData(strings: Iterable<string>): void {
    for (const text of strings) this.data.add(text);
  }

  /**
   * Every JSON answer of the API that the page reads is data: other journeys' cooks and
   * recipes on the explore page, the moderators' lists, the units and aisles of the pickers.
   */
  watch(page: Page): void {
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!new URL(response.url()).pathname.startsWith("/api/") || !type.includes("json")) return;
      this.reading.push(
        response.json().then(
          (body) => void stringsOf(body, this.data),
          () => undefined,
        ),
      );
    });
  }

  private dataPatterns(): RegExp[] {
    if (this.patterns.size !== this.data.size) {
      const sorted = [...this.data].sort((a, b) => b.length - a.length);
      this.patterns = {
        size: this.data.size,
        list: sorted.map(
          (text) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, "gu"),
        ),
      };
    }
    return this.patterns.list;
  }

  /** What is left of a text once the content, the data and the product name are taken out. */
  private rest(text: string): string {
    let rest = text;
    for (const known of FIXTURE_CONTENT) rest = rest.replaceAll(known, " ");
    for (const pattern of this.dataPatterns()) rest = rest.replace(pattern, " ");
    return rest.replace(USER_CONTENT, " ").replace(PRODUCT, " ").replace(ADDRESSES, " ");
  }

  async check(page: Page, path: string): Promise<void> {
    // The page speaks the pseudo-language (the cookie), not English.
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    const seen = await seenOnPage(page);
    // The crawl reads the page at all: its own texts are there, in the pseudo-language.
    const accented = seen.filter(({ text }) => PSEUDO.test(text)).length;
    expect(accented, `texts in the pseudo-language on ${path}`).toBeGreaterThanOrEqual(5);
    await Promise.all(this.reading);
    for (const { text, where } of seen) {
      const rest = this.rest(text);
      if (!/[A-Za-z]/.test(rest)) continue;
      const kind = PSEUDO.test(rest) ? "English inside a pseudo text" : "English";
      this.leftovers.push({ page: path, text, where, kind });
    }
  }

  /** One line per text and element, with the pages it was seen on. */
  report(): string[] {
    const byText = new Map<string, string[]>();
    for (const { page, text, where, kind } of this.leftovers) {
      const line = `${kind}: "${text}" at ${where}`;
      const pages = byText.get(line) ?? [];
      if (!pages.includes(page)) pages.push(page);
      byText.set(line, pages);
    }
    return [...byText].map(([line, pages]) => `${line} (${pages.join(", ")})`).sort();
  }
}

async function usePseudoLanguage(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: "potluck_lang", value: "en-XA", url: baseURL ?? "http://127.0.0.1:3999" },
  ]);
}

/** The page as a person reads it: its heading there and nothing still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: pseudo("components.common.loading") }),
  ).toHaveCount(0);
}

test("every signed-out page speaks from the catalogue", async ({ page, context, baseURL }) => {
  await usePseudoLanguage(context, baseURL);
  const crawl = new Crawl();
  crawl.watch(page);
  const pages = [
    "/about",
    "/login",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/reset-password?uid=1&token=qqz-not-a-token",
    "/terms-of-service",
    "/cookie-policy",
    "/explore",
    "/qqz-no-such-page",
  ];
  for (const path of pages) {
    await page.goto(path);
    await settled(page);
    await crawl.check(page, path);
  }
  // A page for cooks only sends a visitor to sign in first.
  await page.goto("/planner");
  await expect(page).toHaveURL(/\/login\?next=/);
  await settled(page);
  await crawl.check(page, "/planner (signed out)");
  expect(crawl.report()).toEqual([]);
});

test("every signed-in page speaks from the catalogue", async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  // The cook and their content, made in English (the fixtures read English labels).
  const username = uniqueName("qqzcook");
  await signUp(page, username);
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const headers = { "X-CSRFToken": csrfToken };
  const profile = await page.request.patch("/api/users/me/", {
    headers,
    data: { first_name: "Qqzfirst", last_name: "Qqzlast" },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const [recipeId] = await publishRecipes(page, ["Qqzsoup"]);
  const collection = await page.request.post("/api/recipes/collections/", {
    headers,
    data: { name: "Qqzbox" },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const collectionId = (await collection.json()).id;
  const saved = await page.request.put(
    `/api/recipes/collections/${collectionId}/recipes/${recipeId}/`,
    { headers },
  );
  expect(saved.ok(), await saved.text()).toBe(true);
  const listUrl = await createGroceryList(page, "Qqzlist");
  const listId = Number(listUrl.split("/").pop());
  await planExtra(page, "flour", "All-purpose flour", "50", "g");
  await expect(page.getByText("All-purpose flour").first()).toBeVisible();
  const pad = (n: number) => String(n).padStart(2, "0");
  const now = new Date();
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  for (const entry of [
    { date: today, slot: "dinner", recipe_id: recipeId, guests: 2 },
    { date: today, slot: "lunch", note: "Qqznote" },
  ]) {
    const planned = await page.request.post("/api/planner/entries/", { headers, data: entry });
    expect(planned.status(), await planned.text()).toBe(201);
  }
  const recipe = await (await page.request.get(`/api/recipes/recipes/${recipeId}/`)).json();

  // What the server sent for that content is data, not the web's words.
  const crawl = new Crawl();
  const data = new Set<string>();
  for (const url of [
    `/api/groceries/lists/${listId}/`,
    `/api/groceries/planned-extras/?grocery_list=${listId}`,
    // A line's sources as the server joins them ("Pancakes (4 guests) & Extras").
    `/api/groceries/items/?grocery_list=${listId}`,
    `/api/recipes/recipes/${recipeId}/`,
    // The unit pickers list every unit, a list's sections are its aisles.
    "/api/ingredients/units/",
    "/api/groceries/aisles/",
  ]) {
    stringsOf(await (await page.request.get(url)).json(), data);
  }
  crawl.allowData(data);
  crawl.watch(page);

  await usePseudoLanguage(context, baseURL);
  const visit = async (path: string, ready?: (page: Page) => Promise<void>) => {
    await page.goto(path);
    await settled(page);
    if (ready) await ready(page);
    await crawl.check(page, path);
  };
  const shows = (text: string) => async (page: Page) => {
    await expect(page.getByText(text).first()).toBeVisible();
  };
  await visit("/");
  await visit("/explore", shows("Qqzsoup"));
  await visit("/recipes", shows("Qqzsoup"));
  await visit("/recipes/collections", shows("Qqzbox"));
  await visit(`/recipes/collections/${collectionId}`, shows("Qqzsoup"));
  await visit("/recipes/new");
  await visit("/recipes/import");
  await visit(`/recipes/${recipeId}`, shows("Mix and bake."));
  await visit(`/recipe/${recipeId}/${recipe.slug}`, shows("Mix and bake."));
  await visit(`/recipes/${recipeId}/edit`, async (page) => {
    await expect(page.locator("main input").first()).toHaveValue("Qqzsoup");
  });
  await visit("/grocery-lists", shows("Qqzlist"));
  await visit(`/grocery-list/${listId}`, shows("All-purpose flour"));
  await visit("/planner", async (page) => {
    await expect(page.getByText("Qqzsoup").first()).toBeVisible();
    await expect(page.getByText("Qqznote").first()).toBeVisible();
  });
  await visit(`/cooks/${username}`, shows("Qqzsoup"));
  await visit("/settings");
  // /admin shows a cook who is no moderator the page that is not there; the moderator's is
  // the next journey's.
  await visit("/admin");
  await visit("/notifications");
  await visit("/qqz-no-such-page");
  expect(crawl.report()).toEqual([]);
});

test("the moderators' page speaks from the catalogue", async ({ page, context, baseURL }) => {
  // A superuser, made as an operator makes one (as the moderation journey does).
  const username = uniqueName("qqzmod");
  execFileSync(
    "npm",
    [
      "run",
      "create-superuser",
      "-w",
      "server",
      "--",
      "--username",
      username,
      "--email",
      `${username}@example.com`,
      "--password",
      PASSWORD,
    ],
    {
      cwd: "..",
      stdio: "pipe",
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR ?? "",
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      },
    },
  );
  await logIn(page, username);
  await usePseudoLanguage(context, baseURL);
  const crawl = new Crawl();
  crawl.watch(page);
  await page.goto("/admin");
  await settled(page);
  const tabs = page.getByRole("tab");
  await expect(tabs).not.toHaveCount(0);
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await settled(page);
    await crawl.check(page, `/admin (tab ${index + 1})`);
  }
  expect(crawl.report()).toEqual([]);
});
