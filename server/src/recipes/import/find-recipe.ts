import type { SourceNutrition } from "@potluck/contract";
import { bestLanguage, type Language } from "@potluck/contract/languages";
import type { ChildNode, Document, Element } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";

// Finding the schema.org Recipe in a page: JSON-LD first (every <script type=
// "application/ld+json"> block, in document order, a block that does not parse skipped),
// microdata only when no JSON-LD block holds a recipe. Either way the result is read into the
// same plain shape.

export interface FoundRecipe {
  name: string;
  /** Sections of steps; a section without a name holds steps outside any section. */
  sections: { name: string; steps: string[] }[];
  ingredients: string[];
  /** The page's description of the dish (plain text), or "" without one. */
  description: string;
  /** The first number of recipeYield, when it has one above 0. */
  servings: number | null;
  /** As written in the page (maybe relative). */
  image: string | null;
  /** The page's keywords and recipeCategory, each as written (comma-separated lists split). */
  keywords: string[];
  /** prepTime, cookTime and totalTime in whole minutes, or null when absent or unreadable. */
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
  /**
   * The page's language when it is one of the ten (issue 37 §3): the recipe's inLanguage, else
   * the page's `<html lang>`; null when it states none of them. Its ingredient lines are read in it.
   */
  language?: Language | null;
  /** The page's `nutrition` (NutritionInformation) per serving, or null without one. */
  nutrition?: SourceNutrition | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The Recipe of the page, or null when it has none. */
export function findRecipe(html: string): FoundRecipe | null {
  const document = parseDocument(html);
  const node = recipeFromJsonLd(document) ?? recipeFromMicrodata(document);
  if (!node) return null;
  const recipe = readRecipe(node);
  return { ...recipe, language: recipe.language ?? htmlLanguage(document) };
}

// ---------- JSON-LD ----------

function recipeFromJsonLd(document: Document): JsonObject | null {
  const blocks: Json[] = [];
  for (const script of DomUtils.findAll(isJsonLdScript, document.children)) {
    const parsed = parseJson(DomUtils.textContent(script));
    if (parsed !== undefined) blocks.push(parsed);
  }
  const byId = indexById(blocks);
  for (const block of blocks) {
    const recipe = firstRecipe(block, byId, new Set());
    if (recipe) return resolveReferences(recipe, byId, new Set()) as JsonObject;
  }
  return null;
}

/** `@id` references point anywhere in the page's JSON-LD, so every block is indexed first. */
function indexById(blocks: Json[]): Map<string, JsonObject> {
  const byId = new Map<string, JsonObject>();
  const index = (value: Json) => {
    if (Array.isArray(value)) value.forEach(index);
    else if (isObject(value)) {
      const id = value["@id"];
      if (typeof id === "string" && Object.keys(value).length > 1 && !byId.has(id)) {
        byId.set(id, value);
      }
      Object.values(value).forEach(index);
    }
  };
  blocks.forEach(index);
  return byId;
}

/**
 * Every Recipe in parsed JSON-LD (one recipe, an array of them, a `@graph`, nested in other
 * nodes), in document order, read as a page's would be: a bulk import's `.json` files.
 */
export function recipesInJsonLd(value: unknown): FoundRecipe[] {
  const byId = indexById([value as Json]);
  const found: JsonObject[] = [];
  const seen = new Set<JsonObject>();
  const visit = (node: Json) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    const target = referenced(node, byId) ?? node;
    if (hasRecipeType(target)) {
      if (!found.includes(target)) found.push(target);
      return;
    }
    Object.values(target).forEach(visit);
  };
  visit(value as Json);
  return found.map((node) => readRecipe(resolveReferences(node, byId, new Set()) as JsonObject));
}

const isJsonLdScript = (element: Element) =>
  element.name === "script" && /ld\+json/i.test(element.attribs.type ?? "");

function parseJson(text: string): Json | undefined {
  // Some sites wrap the block in a CDATA section or an HTML comment.
  const cleaned = text
    .trim()
    .replace(/^(?:<!\[CDATA\[|<!--)/, "")
    .replace(/(?:\]\]>|-->)$/, "")
    .trim();
  try {
    return JSON.parse(cleaned) as Json;
  } catch {
    return undefined;
  }
}

const hasRecipeType = (node: JsonObject) => {
  const type = node["@type"];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === "string" && /(?:^|[/:])Recipe$/.test(t));
};

/** The first Recipe depth-first in document order (in @graph, mainEntity, ItemList...). */
function firstRecipe(
  value: Json,
  byId: Map<string, JsonObject>,
  seen: Set<JsonObject>,
): JsonObject | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstRecipe(item, byId, seen);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value) || seen.has(value)) return null;
  seen.add(value);
  const target = referenced(value, byId) ?? value;
  if (hasRecipeType(target)) return target;
  for (const child of Object.values(target)) {
    const found = firstRecipe(child, byId, seen);
    if (found) return found;
  }
  return null;
}

/** The object a bare `{"@id": ...}` stands for, if the page defines it. */
function referenced(node: JsonObject, byId: Map<string, JsonObject>): JsonObject | undefined {
  const id = node["@id"];
  if (typeof id !== "string" || Object.keys(node).length !== 1) return undefined;
  return byId.get(id);
}

/** A copy with every `{"@id": ...}` reference replaced by what it names (cycles cut). */
function resolveReferences(
  value: Json,
  byId: Map<string, JsonObject>,
  path: Set<JsonObject>,
): Json {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, byId, path));
  if (!isObject(value)) return value;
  const target = referenced(value, byId) ?? value;
  if (path.has(target)) return null;
  path.add(target);
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(target))
    copy[key] = resolveReferences(child, byId, path);
  path.delete(target);
  return copy;
}

// ---------- microdata ----------

function recipeFromMicrodata(document: Document): JsonObject | null {
  const scope = DomUtils.findOne(
    (element) =>
      "itemscope" in element.attribs &&
      /schema\.org\/Recipe\b/i.test(element.attribs.itemtype ?? ""),
    document.children,
  );
  return scope ? readItem(scope) : null;
}

/** An itemscope's properties as JSON-LD would write them (every value a list). */
function readItem(scope: Element): JsonObject {
  const item: JsonObject = { "@type": (scope.attribs.itemtype ?? "").split("/").pop() ?? "" };
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
      const element = node as Element;
      const names = (element.attribs.itemprop ?? "").split(/\s+/).filter(Boolean);
      const nested = "itemscope" in element.attribs;
      if (names.length > 0) {
        const value: Json = nested ? readItem(element) : propertyValue(element);
        for (const name of names) {
          const list = item[name];
          item[name] = Array.isArray(list) ? [...list, value] : [value];
        }
      }
      // A nested item's properties are its own.
      if (!nested) visit(element.children);
    }
  };
  visit(scope.children);
  return item;
}

function propertyValue(element: Element): string {
  const attribute = (name: string) => element.attribs[name] ?? "";
  switch (element.name) {
    case "meta":
      return attribute("content");
    case "img":
    case "audio":
    case "video":
    case "source":
    case "iframe":
    case "embed":
      return attribute("src");
    case "a":
    case "link":
    case "area":
      return attribute("href");
    case "time":
      return attribute("datetime") || DomUtils.textContent(element);
    case "data":
    case "meter":
      return attribute("value");
    default:
      // Steps marked up as lists keep their line breaks; HTML is read as text later.
      return DomUtils.getOuterHTML(element.children);
  }
}

// ---------- reading a Recipe node ----------

/** Plain text of a value that may hold HTML or entities ("Mac &amp; cheese"). */
export function plainText(value: string): string {
  const withBreaks = value.replace(/<\s*(?:br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, "$&\n");
  const text = DomUtils.textContent(parseDocument(withBreaks));
  // Entities written twice ("&amp;amp;") or inside JSON strings come out after one more pass.
  const decoded = /&(?:#\d+|#x[\da-f]+|[a-z]+);/i.test(text)
    ? DomUtils.textContent(parseDocument(text))
    : text;
  return decoded
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function strings(value: Json | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (isObject(value)) {
    const text = value.text ?? value.name ?? value["@value"];
    return strings(text);
  }
  return [];
}

/** One of the ten languages for a language tag ("de-DE", "fr", "pt-BR"), or null. */
function shippedLanguage(tag: string | undefined): Language | null {
  return tag ? bestLanguage([tag.trim()]) : null;
}

/** The page's `<html lang>`, when it is one of the ten. */
function htmlLanguage(document: Document): Language | null {
  const html = DomUtils.findOne((element) => element.name === "html", document.children, true);
  return shippedLanguage(html?.attribs.lang);
}

function readRecipe(node: JsonObject): FoundRecipe {
  const name = oneLine(plainText(strings(node.name)[0] ?? strings(node.headline)[0] ?? ""));
  const ingredients = strings(node.recipeIngredient ?? node.ingredients)
    .flatMap((line) => plainText(line).split("\n"))
    .map(oneLine)
    .filter((line) => line !== "");
  return {
    name,
    sections: readInstructions(node.recipeInstructions),
    ingredients,
    description: oneLine(plainText(strings(node.description)[0] ?? "")),
    servings: firstNumber(node.recipeYield),
    image: firstImage(node.image),
    keywords: [...strings(node.keywords), ...strings(node.recipeCategory)]
      .flatMap((text) => plainText(text).split(","))
      .map(oneLine)
      .filter((word) => word !== ""),
    prepMinutes: durationMinutes(node.prepTime),
    cookMinutes: durationMinutes(node.cookTime),
    totalMinutes: durationMinutes(node.totalTime),
    language: shippedLanguage(strings(node.inLanguage)[0]),
    nutrition: readNutrition(node.nutrition),
  };
}

/**
 * A page's NutritionInformation ("calories": "240 kcal", "fatContent": "9 g", "sodiumContent":
 * "300 mg"), per serving as schema.org means it; energy given in kJ only is converted. Null
 * when it states none of the nutrients.
 */
function readNutrition(value: Json | undefined): SourceNutrition | null {
  const node = Array.isArray(value) ? value.find(isObject) : value;
  if (!isObject(node)) return null;
  /** The first number of a field, in grams (or kcal) from the unit it is written with. */
  const amount = (field: string, perGram: Record<string, number> = {}): number | null => {
    const text = strings(node[field])[0];
    const match = text ? /(\d+(?:[.,]\d+)?)\s*([a-zµμ]*)/i.exec(text) : null;
    if (!match?.[1]) return null;
    const number = Number(match[1].replace(",", "."));
    const factor = perGram[(match[2] ?? "").toLowerCase()] ?? 1;
    const result = Math.round((number / factor) * 100) / 100;
    return Number.isFinite(result) && result <= 100_000 ? result : null;
  };
  const grams = { mg: 1000, µg: 1_000_000, μg: 1_000_000, mcg: 1_000_000 };
  const calories = amount("calories", { kj: 4.184 });
  const sodiumGrams = amount("sodiumContent", grams);
  const salt = amount("saltContent", grams);
  const found: SourceNutrition = {
    energy_kcal: calories === null ? null : Math.round(calories),
    protein_g: amount("proteinContent", grams),
    fat_g: amount("fatContent", grams),
    saturated_fat_g: amount("saturatedFatContent", grams),
    carbohydrate_g: amount("carbohydrateContent", grams),
    sugars_g: amount("sugarContent", grams),
    fibre_g: amount("fiberContent", grams),
    salt_g: salt ?? (sodiumGrams === null ? null : Math.round(sodiumGrams * 2.5 * 100) / 100),
    serving_size: oneLine(plainText(strings(node.servingSize)[0] ?? "")).slice(0, 100) || null,
  };
  const { serving_size: _, ...nutrients } = found;
  return Object.values(nutrients).some((one) => one !== null) ? found : null;
}

const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

/**
 * An ISO 8601 duration ("PT1H30M", "P0DT45M", "PT90M", "PT1.5H") in whole minutes (rounded);
 * null when absent, unreadable or empty ("PT").
 */
export function durationMinutes(value: Json | undefined): number | null {
  const text = strings(value)[0]?.trim();
  if (!text) return null;
  const match = DURATION.exec(text);
  if (!match || !/\d/.test(text)) return null;
  const [weeks, days, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part.replace(",", "."))));
  const total =
    (weeks ?? 0) * 10080 +
    (days ?? 0) * 1440 +
    (hours ?? 0) * 60 +
    (minutes ?? 0) +
    (seconds ?? 0) / 60;
  return Number.isFinite(total) ? Math.round(total) : null;
}

function readInstructions(value: Json | undefined): FoundRecipe["sections"] {
  const sections: FoundRecipe["sections"] = [{ name: "", steps: [] }];
  const current = () => sections[sections.length - 1] as FoundRecipe["sections"][number];
  const addSteps = (text: string) => {
    for (const line of plainText(text).split("\n")) {
      const step = oneLine(line);
      if (step !== "") current().steps.push(step);
    }
  };
  const visit = (item: Json | undefined, inSection: boolean) => {
    if (item === undefined || item === null) return;
    if (Array.isArray(item)) {
      for (const child of item) visit(child, inSection);
      return;
    }
    if (typeof item === "string") {
      addSteps(item);
      return;
    }
    if (!isObject(item)) return;
    const type = JSON.stringify(item["@type"] ?? "");
    const children = item.itemListElement ?? item.steps;
    if (/HowToSection/.test(type) && !inSection) {
      sections.push({ name: oneLine(plainText(strings(item.name)[0] ?? "")), steps: [] });
      visit(children, true);
      // Steps after the section belong to no section again.
      sections.push({ name: "", steps: [] });
      return;
    }
    if (children !== undefined && (/HowTo(?:Section|Step)|ItemList/.test(type) || !item.text)) {
      visit(children, inSection);
      return;
    }
    const text = strings(item.text)[0] ?? strings(item.name)[0] ?? strings(item.description)[0];
    if (text) addSteps(text);
  };
  visit(value, false);
  return sections.filter((section) => section.steps.length > 0);
}

/** The first number in recipeYield: "Serves 6" and "Makes 12 cookies" both count. */
function firstNumber(value: Json | undefined): number | null {
  for (const text of strings(value)) {
    const match = /\d+(?:[.,]\d+)?/.exec(text);
    if (match) {
      const number = Number(match[0].replace(",", "."));
      if (number > 0 && Number.isFinite(number)) return number;
    }
  }
  return null;
}

function firstImage(value: Json | undefined): string | null {
  if (value === undefined || value === null) return null;
  // Entities too: "mac&amp;cheese.jpg" is the address "mac&cheese.jpg".
  if (typeof value === "string") return plainText(value) || null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstImage(item);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value)) return firstImage(value.url ?? value.contentUrl ?? value["@id"] ?? null);
  return null;
}
