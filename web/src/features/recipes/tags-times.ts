import {
  RECIPE_MINUTES_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_TAGS_MAX,
} from "@potluck/contract/limits";
import { ApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";

// A recipe's tags, times and source (issue 23 §2): how the form checks them and how the recipe
// page says them. The numbers are the contract's.

/** "45 min", "1 h", "1 h 15 min", "26 h 5 min"; "0 min" for nothing to wait. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return t("recipes.times.minutes", { minutes: whole });
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0
    ? t("recipes.times.hours", { hours })
    : t("recipes.times.hoursMinutes", { hours, minutes: rest });
}

/**
 * "Prep 15 min · Cook 30 min · Total 45 min": the times a recipe says, null when it says none.
 * The total shows only beside both parts (alone, it would repeat the one part).
 */
export function recipeTimes(recipe: {
  prep_minutes: number | null;
  cook_minutes: number | null;
  total_minutes: number | null;
}): string | null {
  const parts: string[] = [];
  if (recipe.prep_minutes !== null) {
    parts.push(t("recipes.times.prep", { time: formatMinutes(recipe.prep_minutes) }));
  }
  if (recipe.cook_minutes !== null) {
    parts.push(t("recipes.times.cook", { time: formatMinutes(recipe.cook_minutes) }));
  }
  if (parts.length === 2 && recipe.total_minutes !== null) {
    parts.push(t("recipes.times.total", { time: formatMinutes(recipe.total_minutes) }));
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** A tag as the server stores it: trimmed and lower-cased. */
export const normalizeTag = (tag: string) => tag.trim().toLowerCase();

/**
 * Why `typed` can't be added to `tags` (already normalized), or null when it can. Blank text
 * and a tag already there are no problem to report: nothing is added.
 */
export function tagProblem(typed: string, tags: string[]): string | null {
  const tag = normalizeTag(typed);
  if (tag === "" || tags.includes(tag)) return null;
  if (tag.length > RECIPE_TAG_MAX_LENGTH) {
    return t("recipes.tags.tooLong", { max: RECIPE_TAG_MAX_LENGTH, length: tag.length });
  }
  if (tags.length >= RECIPE_TAGS_MAX) {
    return t("recipes.tags.tooMany", { max: RECIPE_TAGS_MAX });
  }
  return null;
}

/** `tags` with `typed` added (normalized, once, within the limits); the same list otherwise. */
export function addTag(tags: string[], typed: string): string[] {
  const tag = normalizeTag(typed);
  if (tag === "" || tags.includes(tag) || tagProblem(typed, tags) !== null) return tags;
  return [...tags, tag];
}

/** Why typed minutes are refused. */
export const minutesProblem = () => t("recipes.times.problem", { max: RECIPE_MINUTES_MAX });

/** Minutes as typed: "" for none, a whole number 0–10080, else undefined (refused). */
export function parseMinutes(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const minutes = Number(trimmed);
  return minutes <= RECIPE_MINUTES_MAX ? minutes : undefined;
}

/** Why a typed source address is refused. */
export const sourceUrlProblem = () =>
  t("recipes.source.urlProblem", { max: RECIPE_SOURCE_URL_MAX });

/** Whether a typed source address can be saved: empty, or an http(s) URL within the limit. */
export function sourceUrlOk(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "") return true;
  if (trimmed.length > RECIPE_SOURCE_URL_MAX) return false;
  try {
    const url = new URL(trimmed);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** "bbcgoodfood.com" for "From …" under a recipe: the host without "www."; null if unreadable. */
export function sourceHost(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host ? host.replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

/** The submission fields whose refusals the form shows under the field, not in the box. */
export const FIELDS_SHOWN_IN_PLACE = [
  "tags",
  "prep_minutes",
  "cook_minutes",
  "source_url",
  "source_name",
  "notes",
];

/** The server's messages for one field of a refused save (400 `{"field": ["..."]}`). */
export function serverFieldErrors(error: unknown, field: string): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const body = error.body;
  if (!body || typeof body !== "object") return [];
  const messages = (body as Record<string, unknown>)[field];
  if (Array.isArray(messages)) return messages.map(String);
  return typeof messages === "string" ? [messages] : [];
}
