/**
 * One line of a language's parser table: the line, then what parseIngredientLine reads in it
 * (quantity, unit of units.json, the words to match, the note, the optional mark), then the
 * English catalogue name the line's words match in that language, or null when they match
 * none there and the line is kept as written (matched in English at most).
 */
export type Row = [
  line: string,
  quantity: number | null,
  unit: string | null,
  ingredient: string,
  note: string,
  optional: boolean,
  match: string | null,
];
