// Text folding for search, shared by the ingredient and recipe searches. It matches what
// PostgreSQL's lower(unaccent(...)) does to the stored side, so both sides compare alike.

// Letters that Unicode does not decompose into a base letter plus a mark, but unaccent folds.
const SPECIAL_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower case without accents: "Crème Brûlée" → "creme brulee". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_FOLDS[c] ?? c)
    .normalize("NFC");
}

/** Search words: folded runs of letters and digits, at most `max` of them. */
export function searchWords(text: string, max = 8): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}

// The accented forms each plain letter stands for, so a folded query finds "Crème fraîche".
const ACCENTED: Record<string, string> = {
  a: "aàáâãäåāăą",
  c: "cçćč",
  d: "dď",
  e: "eèéêëēĕėęě",
  g: "gğ",
  i: "iìíîïīį",
  l: "lł",
  n: "nñńň",
  o: "oòóôõöøō",
  r: "rř",
  s: "sśşš",
  t: "tţť",
  u: "uùúûüūůű",
  y: "yýÿ",
  z: "zźżž",
};

/**
 * A case-folded POSIX regular expression that matches `folded` inside a lower-cased name,
 * whatever accents the name carries. pg_trgm's GIN index serves `~` with such character
 * classes, so the accent-insensitive match still uses the trigram index.
 */
export function accentInsensitivePattern(folded: string): string {
  let pattern = "";
  for (const char of folded) {
    const variants = ACCENTED[char];
    if (variants) pattern += `[${variants}]`;
    else pattern += char.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
  }
  return pattern;
}
