// `node web/scripts/i18n-check.mjs` (part of `npm run lint`): the message catalogues are whole
// and sound (issue 37, decision 0037). For the web (web/src/lib/i18n/messages/<language>.json)
// and, once it has them, the server (server/src/i18n/messages/<language>.json):
// - every language has a catalogue, with every key of English's and no other;
// - every message is valid ICU MessageFormat, with the placeholders of the English message
//   (same names, same kinds: plain, number, date, time, select, plural, selectordinal, tag);
//   a select keeps English's cases; a plural carries every category the language needs
//   (Intl.PluralRules(language).resolvedOptions().pluralCategories, `other` always) and none
//   it never picks (`=0` and the like are always allowed);
// - no key is unused: each appears in the code (a literal key in `t("…")`/`tRich("…")`, or a
//   literal key kept in a typed table and passed on); and no key the code calls is missing.
//   The server also turns the English error texts of its schemas and routes into the caller's
//   language by their text (server/src/i18n/from-english.ts): there a key whose English text
//   is written in server/src or contract/src (every piece of it between placeholders) is used.
// Exits 1 and lists every problem when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";

export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "pl", "ja", "ar"];
const REFERENCE = "en";
/** CLDR's order, for messages that read the same on every engine. */
const CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"];

/** Each placeholder of a message by name → its kind; select and plural cases alongside. */
export function placeholdersOf(elements) {
  const found = new Map();
  const cases = new Map();
  const plurals = [];
  const note = (name, kind) => {
    const before = found.get(name);
    found.set(name, before && before !== kind ? `${before}|${kind}` : kind);
  };
  const walk = (list) => {
    for (const element of list) {
      switch (element.type) {
        case TYPE.argument:
          note(element.value, "argument");
          break;
        case TYPE.number:
          note(element.value, "number");
          break;
        case TYPE.date:
          note(element.value, "date");
          break;
        case TYPE.time:
          note(element.value, "time");
          break;
        case TYPE.tag:
          note(element.value, "tag");
          walk(element.children);
          break;
        case TYPE.select:
          note(element.value, "select");
          cases.set(element.value, Object.keys(element.options).sort());
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural: {
          const kind = element.pluralType === "ordinal" ? "selectordinal" : "plural";
          note(element.value, kind);
          plurals.push({ name: element.value, kind, selectors: Object.keys(element.options) });
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        }
        default:
          break;
      }
    }
  };
  walk(elements);
  return { found, cases, plurals };
}

const describe = (found) =>
  [...found]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, kind]) => `${name}:${kind}`)
    .join(", ") || "none";

/** The problems of one message in `language`, against the English message's placeholders. */
export function checkMessage(language, key, message, english) {
  if (typeof message !== "string") return [`${language}: ${key} is not a text`];
  let elements;
  try {
    elements = parse(message, { requiresOtherClause: true });
  } catch (error) {
    return [`${language}: ${key} is not valid ICU (${error.message}): ${JSON.stringify(message)}`];
  }
  const problems = [];
  const mine = placeholdersOf(elements);
  for (const { name, kind, selectors } of mine.plurals) {
    const needed = new Intl.PluralRules(language, {
      type: kind === "selectordinal" ? "ordinal" : "cardinal",
    })
      .resolvedOptions()
      .pluralCategories.sort((a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b));
    const keywords = selectors.filter((selector) => !selector.startsWith("="));
    const missing = needed.filter((category) => !keywords.includes(category));
    const never = keywords.filter((category) => !needed.includes(category));
    if (missing.length > 0) {
      problems.push(`${language}: ${key}: {${name}, ${kind}} lacks ${missing.join(", ")}`);
    }
    if (never.length > 0) {
      problems.push(
        `${language}: ${key}: {${name}, ${kind}} has ${never.join(", ")}, which ${language} never picks`,
      );
    }
  }
  if (english && language !== REFERENCE) {
    const theirs = placeholdersOf(english);
    if (describe(mine.found) !== describe(theirs.found)) {
      problems.push(
        `${language}: ${key} has placeholders ${describe(mine.found)}; English has ${describe(theirs.found)}`,
      );
    }
    for (const [name, englishCases] of theirs.cases) {
      const own = mine.cases.get(name);
      if (own && own.join(",") !== englishCases.join(",")) {
        problems.push(
          `${language}: ${key}: {${name}, select} has cases ${own.join(", ")}; English has ${englishCases.join(", ")}`,
        );
      }
    }
  }
  return problems;
}

/**
 * The problems of a set of catalogues ({ language: { key: message } }, a language missing is
 * undefined) and of the code's use of them: `used` holds every key the code names, `called`
 * maps the keys of its t()/tRich() calls to where they are.
 */
export function checkCatalogues({ catalogues, used, called, label = "", writtenIn }) {
  const prefix = label ? `${label} ` : "";
  const problems = [];
  const reference = catalogues[REFERENCE];
  if (!reference) return [`${prefix}${REFERENCE}: no catalogue`];
  const englishElements = new Map();
  for (const [key, message] of Object.entries(reference)) {
    const own = checkMessage(REFERENCE, key, message);
    problems.push(...own);
    if (own.length === 0) englishElements.set(key, parse(message));
  }
  for (const language of LANGUAGES.filter((l) => l !== REFERENCE)) {
    const catalogue = catalogues[language];
    if (!catalogue) {
      problems.push(`${language}: no catalogue`);
      continue;
    }
    for (const key of Object.keys(reference)) {
      if (!(key in catalogue)) problems.push(`${language}: ${key} is missing`);
    }
    for (const [key, message] of Object.entries(catalogue)) {
      if (!(key in reference)) {
        problems.push(`${language}: ${key} is not in English`);
        continue;
      }
      problems.push(...checkMessage(language, key, message, englishElements.get(key)));
    }
  }
  for (const key of Object.keys(reference)) {
    if (used.has(key)) continue;
    const elements = englishElements.get(key);
    if (writtenIn && elements && isWrittenIn(elements, writtenIn)) continue;
    problems.push(`${REFERENCE}: ${key} is not used in the code`);
  }
  for (const [key, places] of called) {
    if (!(key in reference)) {
      problems.push(`code: ${key} is not in the catalogue (${places.slice(0, 3).join(", ")})`);
    }
  }
  return problems.map((problem) => `${prefix}${problem}`);
}

/**
 * Whether an English message of plain text and {arguments} is written in `code` (its pieces
 * between the placeholders each there, as in a template literal): the server finds such a
 * message by its English text.
 */
export function isWrittenIn(elements, code) {
  if (!elements.every((e) => e.type === TYPE.literal || e.type === TYPE.argument)) return false;
  const pieces = [];
  let piece = "";
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      piece += element.value;
    } else {
      pieces.push(piece);
      piece = "";
    }
  }
  pieces.push(piece);
  const wanted = pieces.filter((text) => text.trim() !== "");
  return wanted.length > 0 && wanted.every((text) => code.includes(text));
}

// A literal key: area.topic.what, lowerCamelCase segments.
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
const LITERAL = /(["'`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)\1/g;
// t("key"), tRich("key"), and on the server t(language, "key") or t(request, "key").
const CALL = /\b(?:t|tRich)\(\s*(?:[A-Za-z_$][\w$.]*\s*,\s*)?(["'`])([^"'`$\\\s]+)\1/g;
// A key built from pieces, in the web's code: a t()/tRich() call with a template holding
// ${…} or a concatenation, or anywhere a template or concatenation that starts like a key
// ("planner.slots." + slot, `recipes.${name}.title`). Keys held in variables and typed tables
// are fine: they are literals where they are written. (The build shortens literal keys; a
// key put together at run time would not be found.)
const BUILT_KEY = new RegExp(
  [
    /(?<![\w$.])(?<!function\s+)(?:t|tRich)\(\s*(?:`[^`]*\$\{|(["'])[^"'\n]*\1\s*\+)/.source,
    /`[a-z][A-Za-z0-9]*\.(?:[A-Za-z0-9]+\.)*\$\{/.source,
    /(["'])[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*\.\2\s*\+/.source,
  ].join("|"),
  "g",
);

/**
 * What a body of code names, tests left out (a key only a test names is unused; a test that
 * calls a missing key fails by itself): `used`, every literal that looks like a key; `called`,
 * the literal keys of its t()/tRich() calls.
 */
export function scanCode(files) {
  const used = new Set();
  const called = new Map();
  const notLiteral = [];
  for (const { file, text } of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const [, , key] of text.matchAll(LITERAL)) used.add(key);
    for (const match of text.matchAll(BUILT_KEY)) {
      notLiteral.push(`${file}:${text.slice(0, match.index).split("\n").length}`);
    }
    for (const match of text.matchAll(CALL)) {
      const key = match[2];
      if (!KEY.test(key)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      called.set(key, [...(called.get(key) ?? []), `${file}:${line}`]);
    }
  }
  return { used, called, notLiteral };
}

function sourceFiles(dir, root = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      return name === "node_modules" ? [] : sourceFiles(full, root);
    }
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")
      ? [{ file: path.relative(root, full), text: readFileSync(full, "utf8") }]
      : [];
  });
}

function readCatalogues(dir) {
  const catalogues = {};
  const problems = [];
  for (const language of LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    if (!existsSync(file)) continue;
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8"));
      const notText = Object.entries(parsed).filter(([, value]) => typeof value !== "string");
      for (const [key] of notText) problems.push(`${language}: ${key} is not a text`);
      catalogues[language] = Object.fromEntries(
        Object.entries(parsed).filter(([, value]) => typeof value === "string"),
      );
    } catch (error) {
      problems.push(`${language}.json is not JSON: ${error.message}`);
    }
  }
  for (const name of readdirSync(dir)) {
    const language = name.replace(/\.json$/, "");
    if (name.endsWith(".json") && !LANGUAGES.includes(language)) {
      problems.push(`${name}: not one of the languages`);
    }
  }
  return { catalogues, problems };
}

/** Every problem of the repository's catalogues (web, and the server's when it has them). */
export function checkRepository(repo) {
  const problems = [];
  const areas = [
    {
      label: "web",
      messages: "web/src/lib/i18n/messages",
      code: "web/src",
    },
    {
      label: "server",
      messages: "server/src/i18n/messages",
      code: "server/src",
      englishTextsIn: ["server/src", "contract/src"],
    },
  ];
  for (const area of areas) {
    const messagesDir = path.join(repo, area.messages);
    if (!existsSync(messagesDir)) {
      if (area.label === "web") problems.push(`web: ${area.messages} is missing`);
      continue;
    }
    const { catalogues, problems: reading } = readCatalogues(messagesDir);
    problems.push(...reading.map((problem) => `${area.label} ${problem}`));
    const { used, called, notLiteral } = scanCode(sourceFiles(path.join(repo, area.code)));
    if (area.label === "web") {
      for (const place of notLiteral) {
        problems.push(`web code: a key built from pieces at ${place}`);
      }
    }
    const writtenIn = area.englishTextsIn
      ?.flatMap((dir) => sourceFiles(path.join(repo, dir)))
      .filter(({ file }) => !/\.test\.tsx?$/.test(file) && !file.startsWith("i18n/"))
      .map(({ text }) => text)
      .join("\n");
    problems.push(...checkCatalogues({ catalogues, used, called, label: area.label, writtenIn }));
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const problems = checkRepository(repo);
  if (problems.length === 0) {
    console.log("i18n: every catalogue is whole, every message sound, every key used.");
  } else {
    for (const problem of problems) console.error(problem);
    console.error(`i18n: ${problems.length} problem(s) in the message catalogues.`);
    process.exit(1);
  }
}
