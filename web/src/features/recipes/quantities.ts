/**
 * Quantities are stored per ONE serving; the form shows and submits them for this many
 * (FORM_SERVINGS in contract/src/recipes.ts, repeated here: a value import of the contract
 * would pull zod into the page chunks).
 */
export const FORM_SERVINGS = 4;

/** Rounds to 2 decimals, nudged so that 1.005 becomes 1.01 rather than 1. */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Removes binary floating-point noise (0.1 × 3 = 0.30000000000000004) without losing digits. */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** What the detail page shows: the per-serving quantity for that many guests, 2 decimals. */
export function scaleQuantity(perServing: number, guests: number): number {
  return roundTo2(perServing * guests);
}

/** Guests on the detail page: an integer of at least 1; anything else becomes 1. */
export function parseGuests(input: string): number {
  if (!/^\s*\d+(\.\d*)?\s*$/.test(input)) return 1;
  const guests = Math.floor(Number(input));
  return guests >= 1 ? guests : 1;
}

/** The form edits quantities for the recipe's servings: stored per-serving quantity × servings. */
export function toFormQuantity(perServing: number, servings = FORM_SERVINGS): number {
  return clean(perServing * servings);
}

/** What the form submits: the quantity typed for the recipe's servings ÷ servings. */
export function toPerServing(formQuantity: number, servings = FORM_SERVINGS): number {
  return clean(formQuantity / servings);
}

/** Quantities read without trailing zeros: 2.5, 0.33, 400. */
export function formatQuantity(value: number): string {
  return String(roundTo2(value));
}
