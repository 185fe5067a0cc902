/**
 * One screen of cook mode: a step's HTML, the heading of the section it sits under, and the
 * paragraph that introduces it ("For the sauce:"), shown above it, if any.
 */
export interface CookStep {
  html: string;
  section: string | null;
  lead: string | null;
}

const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/gi;
const LISTS = new Set(["ol", "ul"]);
/** A section of notes, not steps: "Notes", "Note:". */
const NOTES_HEADING = /^notes?:?$/i;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

/**
 * The steps of a recipe's instructions, for cook mode, in the order they are written: each item
 * of its (top-level) numbered or bulleted lists and each paragraph outside them, so nothing the
 * cook wrote is left out ("Rest the batter 10 minutes before frying" above the list is a step
 * too). A paragraph that ends in a colon ("For the sauce:") introduces what follows: it is shown
 * with the next step as its lead-in rather than on a screen of its own. Blank ones are skipped.
 * A list item's own sub-list stays part of that step. Headings (H1/H2) are not steps; they name
 * the section of the steps after them. A section headed "Notes" holds no steps: notes are
 * read on the recipe's page, not cooked step by step.
 *
 * Read with a small tokenizer rather than the DOM, so it runs (and is tested) anywhere: the HTML
 * was cleaned by the server to a handful of attribute-less tags (server/src/http/clean-html.ts).
 */
export function splitIntoSteps(html: string): CookStep[] {
  const steps: CookStep[] = [];
  let section: string | null = null;
  let listDepth = 0;
  let open: { tag: string; start: number; section: string | null } | null = null;
  let lead: string | null = null;
  // Under a "Notes" heading nothing is a step: imports made before recipes had notes of their
  // own (issue 35 §1) put an export's notes there, and a cook may have written one.
  let inNotes = false;

  for (const match of html.matchAll(TAG)) {
    const [whole, slash, rawName] = match;
    const name = (rawName ?? "").toLowerCase();
    const at = match.index;
    const closing = slash === "/";
    if (LISTS.has(name)) listDepth += closing ? -1 : 1;

    if (!closing && !open) {
      const topLevelItem = name === "li" && listDepth === 1;
      const outsideLists = listDepth === 0 && ["p", "h1", "h2"].includes(name);
      if (topLevelItem || outsideLists) open = { tag: name, start: at + whole.length, section };
      continue;
    }
    // Nested list items close inside the step they belong to.
    if (!closing || !open || name !== open.tag || (name === "li" && listDepth !== 1)) continue;

    const inner = html.slice(open.start, at).trim();
    const text = textOf(inner);
    if (name === "h1" || name === "h2") {
      if (text) {
        section = text;
        inNotes = NOTES_HEADING.test(text);
        // A lead-in belongs to its own section; before a new heading it stands alone.
        if (lead !== null) steps.push({ html: lead, section: open.section, lead: null });
        lead = null;
      }
    } else if (text !== "" && !inNotes) {
      if (name === "p" && text.endsWith(":") && lead === null) lead = `<p>${inner}</p>`;
      else {
        steps.push({ html: inner, section: open.section, lead });
        lead = null;
      }
    }
    open = null;
  }
  if (lead !== null) steps.push({ html: lead, section, lead: null });

  if (steps.length > 0) return steps;
  // Bare text with no block around it is one step.
  return textOf(html) ? [{ html: html.trim(), section: null, lead: null }] : [];
}

/** The step shown after a move of `by` (±1) from `current`, kept within the steps. */
export function moveStep(current: number, by: number, count: number): number {
  return Math.min(Math.max(current + by, 0), Math.max(count - 1, 0));
}

/** Pointer travel (px) that counts as a swipe rather than a tap or a wobble. */
export const SWIPE_MIN_PX = 50;

/**
 * A finished pointer gesture as a step move: a swipe to the left goes forward (+1), to the right
 * back (-1); anything shorter or more vertical than horizontal is not a swipe (0).
 */
export function swipeMove(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
