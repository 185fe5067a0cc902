import type { RecipeVisibility } from "@potluck/contract";
import type { FoundRecipe } from "../recipes/import/find-recipe.js";
import { durationMinutes } from "../recipes/import/find-recipe.js";

/**
 * One recipe read from an import's file (or fetched from its address), before it is saved:
 * what the single-recipe import finds in a page (FoundRecipe), plus what an export carries
 * beside it. Every format reads into this shape, and save.ts makes a recipe of it the one way.
 */
export interface ImportedRecipe extends FoundRecipe {
  /** The source's notes as plain text (paragraphs by blank lines), or "": the recipe's notes. */
  notes: string;
  /** Where the recipe came from (http or https), or null. */
  sourceUrl: string | null;
  /** Who or where it came from when that is no address ("Nonna"), or "". */
  sourceName: string;
  /** The picture's bytes (embedded, or in the archive), checked and re-encoded when saved. */
  picture: Buffer | null;
  /** The exporting cook's own rating on Potluck's scale (1–10, half stars), or absent. */
  rating?: number;
  /**
   * Potluck's own export only: the recipe exactly as it was (no line parsing, no cleaning of
   * tags), restored as it is.
   */
  exact?: {
    content: string;
    servings: number;
    visibility: RecipeVisibility;
    tags: string[];
    /** As the export writes them (contract exportedIngredientLine): names, not ids. */
    lines: ExactLine[];
    collections: string[];
  };
}

/** An ingredient line of a Potluck export, per ONE serving; matched to this site by names. */
export interface ExactLine {
  ingredient: string | null;
  text: string | null;
  quantity: number | null;
  unit: string | null;
  /** Absent from exports older than notes (issue 34 §7). */
  note?: string | null;
  optional?: boolean;
}

/** A recipe with nothing in it yet: formats fill in what they have. */
export function emptyRecipe(name: string): ImportedRecipe {
  return {
    name,
    sections: [],
    ingredients: [],
    description: "",
    servings: null,
    image: null,
    keywords: [],
    prepMinutes: null,
    cookMinutes: null,
    totalMinutes: null,
    notes: "",
    sourceUrl: null,
    sourceName: "",
    picture: null,
  };
}

/** Lines of a text block, trimmed, blank ones dropped. */
export const textLines = (text: unknown): string[] =>
  typeof text === "string"
    ? text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== "")
    : [];

const UNIT_MINUTES: [RegExp, number][] = [
  [/^d(ays?)?$/, 1440],
  [/^h(ours?|rs?)?$/, 60],
  [/^m(in(ute)?s?)?$/, 1],
  [/^s(ec(ond)?s?)?$/, 1 / 60],
];

/**
 * Minutes from what apps write for a time: an ISO 8601 duration ("PT1H30M"), words ("1 hr 30
 * mins", "45 minutes", "1 1/2 hours"), "1:30" (hours and minutes) or a bare number (minutes).
 * Null when none of those.
 */
export function minutesFromText(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if (text === "") return null;
  if (/^p/i.test(text)) return durationMinutes(text);
  if (/^\d+$/.test(text)) return Number(text);
  const clock = /^(\d+):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  let total = 0;
  let found = false;
  for (const match of text.matchAll(/(\d+(?:[.,]\d+)?)(?:\s+(\d+)\/(\d+))?\s*([a-z]+)/g)) {
    const [, whole = "0", numerator, denominator, unit = ""] = match;
    const factor = UNIT_MINUTES.find(([pattern]) => pattern.test(unit))?.[1];
    if (factor === undefined) continue;
    let number = Number(whole.replace(",", "."));
    if (numerator && denominator && Number(denominator) > 0) {
      number += Number(numerator) / Number(denominator);
    }
    total += number * factor;
    found = true;
  }
  return found ? Math.round(total) : null;
}

/** The first number in a yield ("4 servings", "Serves 6", 8), or null. */
export function servingsFromText(value: unknown): number | null {
  if (typeof value === "number") return value > 0 && Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = /\d+(?:[.,]\d+)?/.exec(value);
  if (!match) return null;
  const number = Number(match[0].replace(",", "."));
  return number > 0 && Number.isFinite(number) ? number : null;
}

/** The address when it is http(s), else null. */
export function httpAddress(value: unknown): string | null {
  if (typeof value !== "string" || !URL.canParse(value.trim())) return null;
  const url = new URL(value.trim());
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

/** Names from a list of strings or of `{name}` objects, or a comma-separated string. */
export function names(value: unknown): string[] {
  if (typeof value === "string") return value.split(",").map((name) => name.trim());
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === "string") return [item.trim()];
    if (item && typeof item === "object" && typeof item.name === "string") return [item.name];
    return [];
  });
}

/** Steps of an instructions text: one per paragraph, or per line when it has no blank lines. */
export function stepsOf(text: unknown): string[] {
  if (typeof text !== "string") return [];
  const paragraphs = text.split(/\r?\n\s*\r?\n/);
  const parts = paragraphs.length > 1 ? paragraphs : text.split(/\r?\n/);
  return parts.map((part) => part.replace(/\s+/g, " ").trim()).filter((part) => part !== "");
}
