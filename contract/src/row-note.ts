// A recipe row's note and its optional mark as every reader of the row shows them: the recipe
// page, cook mode, print and the JSON-LD export (issue 34 §7). No zod here: pages that show a
// line import this module alone.

/** The unit whose row has no quantity ("Salt to taste", issue 34 §11). */
export const TO_TASTE_UNIT = "to taste";

/** A row's note ("diced", "28 ounce can") and whether it is optional; both absent on old rows. */
export interface RowNote {
  note?: string | null;
  optional?: boolean;
}

/**
 * What follows a row's line: ", diced" for its note, " (optional)" for its mark, both in that
 * order ("2 onions, diced", "1 tsp Vanilla extract (optional)"): the way the line parser reads
 * them back (a note after a comma, "(optional)" in brackets).
 */
export function rowNoteSuffix(row: RowNote): string {
  const note = row.note?.trim();
  return `${note ? `, ${note}` : ""}${row.optional ? " (optional)" : ""}`;
}

/** The whole line with its note and mark: `text` + rowNoteSuffix. */
export function withRowNote(text: string, row: RowNote): string {
  return `${text}${rowNoteSuffix(row)}`;
}
