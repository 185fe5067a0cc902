import type { UnitsPreference } from "@potluck/contract";
// The units module alone: the contract's index would bring zod into every page that shows a quantity.
import {
  type CatalogueName,
  codeOf,
  freeLineText,
  type IngredientLineText,
  ingredientLineText,
  type LineUse,
  measureOf,
} from "@potluck/contract/units";
import { t } from "../../lib/i18n";
import { lineReader } from "../../lib/units-preference";

/** What a shopping line and a planned extra share: how they read. */
export interface ListLine {
  quantity: number | null;
  /** In the reader's language, as the API names it (`forms` and `code` outside English). */
  unit: CatalogueName | null;
  ingredient: CatalogueName;
  /** A free-text line's text; null for a catalogue ingredient. */
  text: string | null;
  /** A spooned food's grams per ml (ShoppingItem): its weight reads as a volume in US units. */
  grams_per_ml?: number | null;
}

/** A shopping line is read to buy: a counted thing whole, "3 onions (2⅔ needed)". */
const TO_BUY: LineUse = { buying: true };

/**
 * How a line reads in the cook's units and language: a catalogue ingredient as every ingredient line reads
 * ("1.5 kg All-purpose flour", "2 eggs"), a free-text line as every line kept as written
 * ("2 kg mystery flour", "paper towels": freeLineText). `use`: a shopping line by default,
 * counted things bought whole (issue 34 §6); a planned extra reads as planned (`{}`).
 */
export function listLineText(
  line: ListLine,
  units: UnitsPreference,
  use: LineUse = TO_BUY,
): IngredientLineText {
  const reader = lineReader();
  const asVolume = units === "us" ? volumeOf(line) : null;
  const read =
    line.text !== null
      ? freeLineText(line.quantity, line.unit, line.text, units, use, reader)
      : asVolume
        ? ingredientLineText(asVolume, "ml", line.ingredient, units, use, reader)
        : ingredientLineText(
            line.quantity ?? 0,
            line.unit ?? "",
            line.ingredient,
            units,
            use,
            reader,
          );
  return withNeededWords(read);
}

/**
 * A weight of something spooned as millilitres, for a cook who shops in US units: cups of
 * flour, not ounces (the list merges cups and grams into grams: issue 38 §3). Null for what
 * is not a weight or has no known density.
 */
function volumeOf(line: ListLine): number | null {
  const unit = line.unit === null ? undefined : measureOf(codeOf(line.unit));
  if (!line.grams_per_ml || unit?.dimension !== "mass" || line.quantity === null) return null;
  return (line.quantity * unit.base) / line.grams_per_ml;
}

/**
 * "3 onions (2⅔ needed)" in the reader's language: the contract writes the need in English
 * after the line; the line is kept and the need said by the catalogue.
 */
function withNeededWords(read: IngredientLineText): IngredientLineText {
  const english = ` (${read.needed} needed)`;
  if (!read.needed || !read.text.endsWith(english)) return read;
  const words = read.text.slice(0, -english.length);
  return { ...read, text: t("groceries.line.needed", { line: words, needed: read.needed }) };
}
