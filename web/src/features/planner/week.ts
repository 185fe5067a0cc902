import { daysIntoWeek, type Weekday } from "@potluck/contract/languages";
import { PLANNER_SLOTS } from "@potluck/contract/limits";
import { dayFormat } from "../../lib/dates";
import { formattingLocale, t } from "../../lib/i18n";
import { firstDayOfWeek } from "../../lib/i18n/format";

/**
 * The planner's calendar arithmetic. A day is a `YYYY-MM-DD` string, as the API sends it: a
 * calendar day, not an instant, so it is computed in UTC where no daylight-saving change can
 * shift it; only "today" comes from the device's own clock and time zone.
 */
export type Day = string;
export type Slot = (typeof PLANNER_SLOTS)[number];
export const SLOTS = PLANNER_SLOTS;

/**
 * The word a slot is shown with, in the reader's language. (The contract has the English ones
 * too, PLANNER_SLOT_LABELS, but in a module that builds zod schemas, which would put zod into the
 * planner page's first load.)
 */
export function slotLabel(slot: Slot): string {
  switch (slot) {
    case "breakfast":
      return t("planner.slot.breakfast");
    case "lunch":
      return t("planner.slot.lunch");
    case "dinner":
      return t("planner.slot.dinner");
    case "snack":
      return t("planner.slot.snack");
  }
}

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The UTC midnight of a day that exists (2025-02-30 does not); null otherwise. */
function parseDay(text: string): Date | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

const formatUtcDay = (date: Date): Day =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const isDay = (text: string): boolean => parseDay(text) !== null;

/** Today on this device's calendar. */
export const today = (now: Date = new Date()): Day =>
  `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export function addDays(day: Day, days: number): Day {
  const date = parseDay(day);
  if (!date) throw new Error(`Not a day: ${day}`);
  return formatUtcDay(new Date(date.getTime() + days * MS_PER_DAY));
}

/**
 * The first day of the week that holds `day`, weeks starting on `firstDay` (1 Monday … 7
 * Sunday; the reader's, firstDayOfWeek, unless given): Monday in Germany, Sunday in Japan.
 */
export function weekStartOf(day: Day, firstDay: Weekday = firstDayOfWeek()): Day {
  const date = parseDay(day);
  if (!date) throw new Error(`Not a day: ${day}`);
  return addDays(day, -daysIntoWeek((date.getUTCDay() || 7) as Weekday, firstDay));
}

/** The seven days of the week that starts on `start`. */
export const weekDays = (start: Day): Day[] =>
  Array.from({ length: 7 }, (_, index) => addDays(start, index));

/**
 * The week the address asks for (`?week=YYYY-MM-DD`, its first day): any day of it names the
 * week; no day or not a day means the week of `todayDay`. `canonical` says whether the address
 * already reads that way (so the page can rewrite `?week=2025-06-04` as its first day).
 */
export function weekFromParam(
  param: string | null,
  todayDay: Day,
): { start: Day; canonical: boolean } {
  if (param !== null && isDay(param)) {
    const start = weekStartOf(param);
    return { start, canonical: start === param };
  }
  return { start: weekStartOf(todayDay), canonical: param === null };
}

/** The planner's address at the week of `day`, of `owner`'s planner ("" for mine). */
export const plannerHref = (day: Day, owner = ""): string => {
  const query = new URLSearchParams({ week: weekStartOf(day) });
  if (owner) query.set("planner", owner);
  return `/planner?${query}`;
};

// Day and month names in the reader's language come from lib/dates.ts (dayFormat).

/** The locale the planner's lists of days are written in. */
export const dateLocale = (): string => formattingLocale();

/** Thin and narrow spaces (some engines put them around a range's dash) as plain ones. */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

const dateOf = (day: Day): Date => {
  const date = parseDay(day);
  if (!date) throw new Error(`Not a day: ${day}`);
  return date;
};

/** "Tuesday". */
export const weekdayName = (day: Day): string => dayFormat("weekday").format(dateOf(day));
/** "3 June". */
export const dayAndMonth = (day: Day): string => dayFormat("dayMonth").format(dateOf(day));
/** "Tuesday 3 June": how a day is named in headings, menus and messages. */
export const dayName = (day: Day): string => dayFormat("day").format(dateOf(day));
/** "Tuesday 3 June, Dinner": a slot of a day, as cells, menus and messages name it. */
export const slotName = (day: Day, slot: Slot): string =>
  t("planner.cell.name", { day: dayName(day), slot: slotLabel(slot) });

/** "2 – 8 June 2025", "30 June – 6 July 2025", "29 Dec 2025 – 4 January 2026": the week's title. */
export function weekTitle(first: Day): string {
  const [start, end] = [dateOf(first), dateOf(addDays(first, 6))];
  if (start.getUTCFullYear() !== end.getUTCFullYear()) {
    // Only a week from December into January: its first day short ("29 Dec 2025").
    return t("planner.week.titleAcrossYears", {
      start: dayFormat("shortDay").format(start),
      end: dayFormat("fullDay").format(end),
    });
  }
  return plainSpaces(dayFormat("fullDay").formatRange(start, end));
}
