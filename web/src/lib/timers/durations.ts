import { t } from "../i18n";

/**
 * Reading durations out of a recipe step ("Bake for 25 minutes", "1 hr 10 min", "2–3 minutes"),
 * for cook mode to offer each as a timer. Pure and DOM-free, so it is tested on its own.
 */

/** A duration found in a text: where it is, what it says and how long it is. */
export interface FoundDuration {
  start: number;
  end: number;
  /** As written: "2–3 minutes". */
  text: string;
  /** Whole seconds; the longer end of a range ("2–3 minutes" is 180). */
  seconds: number;
}

/** Longer than this is not a kitchen timer (or a misreading): left as text. */
const MAX_SECONDS = 100 * 60 * 60;

const UNICODE_FRACTIONS: Record<string, number> = {
  "½": 1 / 2,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 1 / 4,
  "¾": 3 / 4,
  "⅕": 1 / 5,
  "⅙": 1 / 6,
  "⅛": 1 / 8,
};
const ONES = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const FRACTION = `[${Object.keys(UNICODE_FRACTIONS).join("")}]`;
const WORD_NUMBER = `(?:(?:${TENS.join("|")})(?:[- ](?:${ONES.slice(0, 9).join("|")}))?|${ONES.join("|")})`;
/**
 * A number as recipes write them: 25, 1.5 (or 1,5), 1½, 1 1/2, 1/2, ½, "ten", "forty-five",
 * "a"/"an" ("an hour") and the halves ("half an hour", "a half hour").
 */
const NUMBER = [
  String.raw`\d+\s+\d+/\d+`,
  String.raw`\d+/\d+`,
  String.raw`\d+(?:[.,]\d+)?\s?${FRACTION}?`,
  FRACTION,
  `half an?`,
  `a half`,
  WORD_NUMBER,
  `an?`,
].join("|");
/** Hours, minutes, seconds; not "m" or "s" alone (metres, plurals and the like). */
const UNIT = "hours?|hrs?|h|minutes?|mins?|seconds?|secs?";
// A range's separator: a hyphen or dash, "to" or "or" ("2 or 3 minutes"); "and" after "between".
const RANGE = String.raw`\s*[-–—]\s*|\s+(?:to|or)\s+`;

/**
 * One amount with its unit, or a range of two: "25 minutes", "2–3 min", "between 2 and 3
 * minutes", "10-minute". Not inside a word or a longer number ("1350 min" is not "350 min"),
 * and the unit is a whole word ("4 minced" is no duration; digits may follow an "h": "1h30").
 * Groups: 1–2 the ends of a "between" range, 3–4 the amount or the ends of a range, 5 the unit.
 */
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,/])(?:between\s+(${NUMBER})\s+and\s+(${NUMBER})|(${NUMBER})(?:(?:${RANGE})(${NUMBER}))?)(?:\s*|-)(${UNIT})(?!\p{L})(?!(?<!h)\p{N})`,
  "giu",
);
/** What may join the parts of one duration: "1 hour 10 minutes", "1 hour, 10 min", "… and …". */
const JOIN = /^(?:\s*,)?\s+(?:and\s+)?$|^$/i;
/** "an hour and a half", "2 hours and a half". */
const AND_A_HALF = /^\s+and\s+a\s+half(?![\p{L}\p{N}])/iu;
/** "1h30": minutes straight after an hour's "h". */
const HOUR_MINUTES = /^(\d{2})(?![\p{L}\p{N}])/u;

function numberValue(raw: string): number | null {
  const text = raw.trim().toLowerCase().replace(/\s+/g, " ");
  if (text === "a" || text === "an") return 1;
  if (text.startsWith("half") || text === "a half") return 0.5;
  const mixed = /^(\d+) (\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const decimal = new RegExp(String.raw`^(\d+(?:[.,]\d+)?)?\s?(${FRACTION})?$`, "u").exec(text);
  if (decimal && (decimal[1] || decimal[2])) {
    const whole = decimal[1] ? Number(decimal[1].replace(",", ".")) : 0;
    return whole + (decimal[2] ? (UNICODE_FRACTIONS[decimal[2]] ?? 0) : 0);
  }
  const [tens, ones] = text.split(/[- ]/);
  const tensIndex = TENS.indexOf(tens ?? "");
  if (tensIndex >= 0) return (tensIndex + 2) * 10 + (ones ? ONES.indexOf(ones) + 1 : 0);
  const onesIndex = ONES.indexOf(text);
  return onesIndex >= 0 ? onesIndex + 1 : null;
}

function unitSeconds(unit: string): number {
  const u = unit.toLowerCase();
  if (u.startsWith("h")) return 3600;
  if (u.startsWith("m")) return 60;
  return 1;
}

interface Part {
  start: number;
  end: number;
  seconds: number;
  unitSeconds: number;
  range: boolean;
}

/** Every single amount with its unit in `text`, in order. */
function findParts(text: string): Part[] {
  const parts: Part[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const [whole, betweenLow, betweenHigh, amount, rangeHigh, unit = ""] = match;
    const low = numberValue(betweenLow ?? amount ?? "");
    const high = numberValue(betweenHigh ?? rangeHigh ?? amount ?? "");
    if (low === null || high === null) continue;
    const range = !!(betweenHigh ?? rangeHigh);
    const per = unitSeconds(unit);
    let end = match.index + whole.length;
    let seconds = Math.max(low, high) * per;
    const rest = text.slice(end);
    const half = AND_A_HALF.exec(rest);
    const hourMinutes = /^h$/i.test(unit) ? HOUR_MINUTES.exec(rest) : null;
    if (half && per > 1) {
      seconds += per / 2;
      end += half[0].length;
    } else if (hourMinutes?.[1]) {
      seconds += Number(hourMinutes[1]) * 60;
      end += hourMinutes[0].length;
    }
    parts.push({ start: match.index, end, seconds, unitSeconds: per, range });
  }
  return parts;
}

/**
 * The durations in a text, in order: "1 hour 10 minutes" is one of 4200 s, "2–3 minutes" one of
 * 180 s (a timer for the longer end: the cook checks and stops it early). Zero, and anything over
 * 100 hours, is left alone.
 */
export function findDurations(text: string): FoundDuration[] {
  // The parts that make one duration ("1 hour" + "10 minutes") merged, in order.
  const merged: Part[] = [];
  for (const part of findParts(text)) {
    const last = merged[merged.length - 1];
    const joins =
      last !== undefined &&
      !last.range &&
      !part.range &&
      part.unitSeconds < last.unitSeconds &&
      JOIN.test(text.slice(last.end, part.start));
    if (joins) {
      merged[merged.length - 1] = {
        ...last,
        end: part.end,
        seconds: last.seconds + part.seconds,
        // The smallest unit so far: "1 hour 10 minutes 5 hours" does not join again.
        unitSeconds: part.unitSeconds,
      };
    } else merged.push(part);
  }
  return merged
    .map((part) => ({
      start: part.start,
      end: part.end,
      text: text.slice(part.start, part.end),
      seconds: Math.round(part.seconds),
    }))
    .filter((found) => found.seconds > 0 && found.seconds <= MAX_SECONDS);
}

/** Words that end a timer's name rather than say what it is for ("Bake for", "simmer about"). */
const TRAILING = new Set([
  "for",
  "about",
  "around",
  "approximately",
  "approx",
  "roughly",
  "another",
  "a",
  "an",
  "further",
  "additional",
  "extra",
  "more",
  "over",
  "in",
  "after",
  "within",
  "at",
  "least",
  "up",
  "to",
  "only",
  "just",
  "some",
  "nearly",
  "almost",
  "the",
  "or",
  "and",
  "then",
  "every",
  "each",
  "between",
]);
/** Words that join a clause to the one before it ("…, then simmer"): not part of the name. */
const LEADING = new Set(["then", "and", "or", "but", "now", "next", "finally", "after", "that"]);
const MAX_NAME_WORDS = 3;

/**
 * A short name for a timer started from the duration at `start` in `text`: the first words of the
 * clause that leads up to it ("Simmer for 10 minutes" → "Simmer", "Drain, then let the pasta
 * rest 2 minutes" → "Let the pasta"), looking back a clause when the one before the duration says
 * nothing ("…until golden, about 25 minutes"). Null when nothing fits: the caller names it after
 * the step.
 */
export function timerName(text: string, start: number): string | null {
  const clauses = text
    .slice(0, start)
    .split(/[.;:!?,()–—]|\s-\s|\band\b|\bthen\b/i)
    .reverse();
  for (const clause of clauses) {
    const words = clause.split(/\s+/).filter((word) => /[\p{L}]/u.test(word));
    while (words.length > 0 && LEADING.has((words[0] ?? "").toLowerCase())) words.shift();
    while (words.length > 0 && TRAILING.has((words[words.length - 1] ?? "").toLowerCase())) {
      words.pop();
    }
    // A clause that is a number or a duration itself says nothing about what is timed.
    if (words.length === 0 || words.every((word) => /\d/.test(word))) continue;
    const name = words.slice(0, MAX_NAME_WORDS).join(" ");
    return name.charAt(0).toUpperCase() + name.slice(1);
  }
  return null;
}

/** "25 min", "1 hr 10 min", "1 min 30 sec": a length as a timer's name shows it. */
export function formatLength(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (hours) parts.push(t("lib.durations.hours", { count: hours }));
  if (minutes) parts.push(t("lib.durations.minutes", { count: minutes }));
  if (seconds || parts.length === 0) parts.push(t("lib.durations.seconds", { count: seconds }));
  return parts.join(" ");
}
