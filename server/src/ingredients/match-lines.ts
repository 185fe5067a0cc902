import type { Language } from "@potluck/contract/languages";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { matchLocalName } from "./languages/names.js";
import { recipeUsesSql } from "./ranking.js";
import { foldText } from "./search-text.js";

// Matching the words of parsed ingredient lines to the catalogue: every line of a request in
// one query. The rules (and why these numbers) are in docs/decisions/0015-recipe-import.md.

/**
 * Names that recipes write one way and the catalogue another (British and American words,
 * shorthand), as whole folded texts or phrases inside one.
 */
const WHOLE_TEXT_SYNONYMS: Record<string, string> = {
  flour: "all-purpose flour",
  "plain flour": "all-purpose flour",
  "all purpose flour": "all-purpose flour",
  "plain white flour": "all-purpose flour",
  "white flour": "all-purpose flour",
  "self-rising flour": "self-raising flour",
  "self rising flour": "self-raising flour",
  "self raising flour": "self-raising flour",
  "strong white bread flour": "bread flour",
  "strong flour": "bread flour",
  "powdered sugar": "icing sugar",
  "confectioners sugar": "icing sugar",
  "confectioners' sugar": "icing sugar",
  "confectioner's sugar": "icing sugar",
  "superfine sugar": "caster sugar",
  "castor sugar": "caster sugar",
  "golden caster sugar": "caster sugar",
  "white sugar": "granulated sugar",
  scallion: "spring onion",
  scallions: "spring onion",
  "green onion": "spring onion",
  "green onions": "spring onion",
  coriander: "cilantro",
  "fresh coriander": "cilantro",
  "coriander leaves": "cilantro",
  "coriander leaf": "cilantro",
  "cilantro leaves": "cilantro",
  courgette: "zucchini",
  courgettes: "zucchini",
  aubergine: "eggplant",
  aubergines: "eggplant",
  rocket: "arugula",
  "garbanzo beans": "chickpea",
  "garbanzo bean": "chickpea",
  "bicarbonate of soda": "baking soda",
  "bicarb of soda": "baking soda",
  bicarb: "baking soda",
  cornflour: "cornstarch",
  "corn starch": "cornstarch",
  "beef mince": "ground beef",
  "minced beef": "ground beef",
  "lean beef mince": "ground beef",
  "pork mince": "ground pork",
  "minced pork": "ground pork",
  "lamb mince": "ground lamb",
  "minced lamb": "ground lamb",
  "chicken mince": "ground chicken",
  "turkey mince": "ground turkey",
  "chilli flakes": "red pepper flakes",
  "chili flakes": "red pepper flakes",
  "dried chilli flakes": "red pepper flakes",
  "crushed red pepper": "red pepper flakes",
  "crushed red pepper flakes": "red pepper flakes",
  cumin: "ground cumin",
  "heavy whipping cream": "heavy cream",
  "whipping cream": "whipping cream",
  "natural yogurt": "plain yogurt",
  "natural yoghurt": "plain yogurt",
  "bouillon cube": "stock cube",
  oil: "vegetable oil",
  "cooking oil": "vegetable oil",
  "neutral oil": "vegetable oil",
  evoo: "extra virgin olive oil",
  "extra-virgin olive oil": "extra virgin olive oil",
  parmigiano: "parmigiano-reggiano",
  "red pepper": "red bell pepper",
  "green pepper": "green bell pepper",
  "yellow pepper": "yellow bell pepper",
  "bell pepper": "red bell pepper",
  capsicum: "red bell pepper",
  vanilla: "vanilla extract",
  "vanilla essence": "vanilla extract",
  "pure vanilla extract": "vanilla extract",
  "sea salt flakes": "flaky sea salt",
  "black peppercorns": "black pepper",
  pepper: "black pepper",
  "ground pepper": "black pepper",
  "salt and pepper": "salt",
  "salt & pepper": "salt",
  "tomato puree": "tomato paste",
  "tomato purée": "tomato paste",
  "tinned tomatoes": "canned tomatoes",
  "tinned chopped tomatoes": "chopped tomatoes",
  "diced tomatoes": "chopped tomatoes",
  "crushed tomatoes": "canned tomatoes",
  "soya sauce": "soy sauce",
  mayo: "mayonnaise",
  dijon: "dijon mustard",
  rice: "white rice",
  "long grain rice": "long-grain rice",
  "long grain white rice": "long-grain rice",
  "bread crumbs": "breadcrumbs",
  "dried breadcrumbs": "breadcrumbs",
  "italian parsley": "flat-leaf parsley",
  "flat leaf parsley": "flat-leaf parsley",
  "fresh parsley": "parsley",
  "lemon rind": "lemon zest",
  "orange rind": "orange zest",
  "icing sugar": "icing sugar",
  "caster sugar": "caster sugar",
  prawns: "prawn",
  shrimps: "shrimp",
  chilli: "red chili",
  chillies: "red chili",
  "red chilli": "red chili",
  "red chillies": "red chili",
  "green chilli": "green chili",
  "green chillies": "green chili",
  "chilli powder": "chili powder",
  "chile powder": "chili powder",
  "hot pepper sauce": "hot sauce",
  stock: "chicken stock",
  "vegetable bouillon": "vegetable stock",
  "veg stock": "vegetable stock",
  "baking soda": "baking soda",
  "semisweet chocolate chips": "chocolate chips",
  "semi-sweet chocolate chips": "chocolate chips",
  "chocolate chip": "chocolate chips",
  "egg noodle": "egg noodles",
  "spring onion": "spring onion",
  beansprouts: "bean sprout",
  mangetout: "snow pea",
  swede: "swede",
  rutabaga: "swede",
  beet: "beetroot",
  beets: "beetroot",
  "cooking spray": "cooking spray",
  "nonstick cooking spray": "cooking spray",
  "whole egg": "egg",
  "egg yolks": "egg yolk",
  "unsalted butter": "unsalted butter",
  "stick butter": "butter",
  "grana padano": "grana padano",
  "chestnut mushrooms": "cremini mushroom",
  "chestnut mushroom": "cremini mushroom",
  "baby bella mushrooms": "cremini mushroom",
  "fast-action dried yeast": "instant yeast",
  "fast action dried yeast": "instant yeast",
  "fast-action yeast": "instant yeast",
  "easy-bake yeast": "instant yeast",
  "dried yeast": "active dry yeast",
};

/**
 * The catalogue name (folded) that a whole folded text is a known other name of: "flour" is
 * all-purpose flour. The ingredient search ranks it right after an exact name.
 */
export function synonymOf(folded: string): string | undefined {
  return Object.hasOwn(WHOLE_TEXT_SYNONYMS, folded) ? WHOLE_TEXT_SYNONYMS[folded] : undefined;
}

/**
 * Whether words as a line writes them ("Crushed tomatoes") are a known other name of a
 * catalogue ingredient, as a whole (the parser then keeps a preparation word among them).
 */
export function isKnownOtherName(words: string): boolean {
  const folded = foldText(words)
    .replace(/[^\p{L}\p{N}' &-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return synonymOf(folded) !== undefined || synonymOf(singularOfLastWord(folded)) !== undefined;
}

/** Plural forms whose singular is not "drop the s". */
const IRREGULAR_SINGULARS: Record<string, string> = {
  leaves: "leaf",
  loaves: "loaf",
  halves: "half",
  knives: "knife",
  chives: "chives",
  molasses: "molasses",
  hummus: "hummus",
  couscous: "couscous",
  asparagus: "asparagus",
  swiss: "swiss",
  oats: "oats",
  grits: "grits",
  greens: "greens",
  brussels: "brussels",
  noodles: "noodles",
  lardons: "lardons",
  croutons: "croutons",
  sprinkles: "sprinkles",
  herbes: "herbes",
  citrus: "citrus",
  tofu: "tofu",
  tamales: "tamale",
};

export function singular(word: string): string {
  const irregular = IRREGULAR_SINGULARS[word];
  if (irregular) return irregular;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeiou]oes$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/**
 * The text to look up for a line written in `language`: a name of that language (names files,
 * every plural form; languages/names.ts) stands for its English catalogue name, which the query
 * then finds as an exact name; words that name nothing there are looked up as they are, among
 * the English names (and the cook's own ingredients), as an English line is.
 */
export function lookupInLanguage(
  ingredientText: string,
  language: Language,
): { text: string; singularText: string } {
  if (language !== "en") {
    const local = matchLocalName(ingredientText, language);
    if (local) {
      const name = foldText(local.name);
      return { text: name, singularText: name };
    }
  }
  return lookupText(ingredientText);
}

/** The text to look up: folded, with a known synonym put in its place. */
export function lookupText(ingredientText: string): { text: string; singularText: string } {
  const folded = foldText(ingredientText)
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}' &-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const text = WHOLE_TEXT_SYNONYMS[folded] ?? folded;
  const singularFolded = singularOfLastWord(folded);
  const singularText = WHOLE_TEXT_SYNONYMS[singularFolded] ?? singularOfLastWord(text);
  return { text, singularText };
}

function singularOfLastWord(text: string): string {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  return [...words, singular(last)].join(" ");
}

/**
 * Candidates come from the trigram index on lower(name), at a low similarity threshold (0.2,
 * so that "chopped red onion" still finds "Red onion") or as a word of a longer name
 * ("parmesan" in "Parmesan cheese"). Each is scored by how well the whole catalogue name
 * appears in the line's words (or the words in the name, a little less), best first; ties go
 * to the name closest overall, then the shorter. A line matches when its best score reaches
 * MATCH_THRESHOLD.
 */
const CANDIDATE_SIMILARITY = 0.2;
export const MATCH_THRESHOLD = 0.6;

export interface CatalogueMatch {
  id: number;
  name: string;
}

/**
 * The best catalogue ingredient for each text (null when none is close enough), among the
 * shared catalogue and the ingredients `userId` added. One query for all texts.
 */
export async function matchIngredientTexts(
  db: Db,
  userId: number,
  ingredientTexts: string[],
  /** The texts' language, or each text's. */
  language: Language | readonly Language[] = "en",
): Promise<(CatalogueMatch | null)[]> {
  // Each distinct text is looked up once ("1 egg" fifty times is one lookup).
  const keyOf = (lookup: { text: string; singularText: string }) =>
    `${lookup.text}\u0000${lookup.singularText}`;
  const lookups = ingredientTexts.map((text, index) =>
    lookupInLanguage(text, typeof language === "string" ? language : (language[index] ?? "en")),
  );
  const distinct = new Map<string, { idx: number; t: string; s: string }>();
  for (const lookup of lookups) {
    if (lookup.text === "" || distinct.has(keyOf(lookup))) continue;
    distinct.set(keyOf(lookup), { idx: distinct.size, t: lookup.text, s: lookup.singularText });
  }
  if (distinct.size === 0) return ingredientTexts.map(() => null);
  // One JSON parameter: drizzle would spread a JS array into a list of parameters.
  const lookupRows = [...distinct.values()];
  const rows = await db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${CANDIDATE_SIMILARITY}`));
      // The planner prices the per-line index scans above a scan of the whole catalogue,
      // which runs the trigram functions on every name for every line (5x slower here).
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ idx: number; id: number; name: string }>(sql`
        select l.idx, m.id, m.name
        from jsonb_to_recordset(${JSON.stringify(lookupRows)}::jsonb) as l(idx int, t text, s text)
        cross join lateral (
          select c.id, c.name, c.score from (
            select i.id, i.name, f.n,
              greatest(word_similarity(f.n, l.t), word_similarity(f.n, l.s),
                       0.9 * word_similarity(l.t, f.n), 0.9 * word_similarity(l.s, f.n)) as score,
              greatest(similarity(f.n, l.t), similarity(f.n, l.s)) as closeness
            from ingredients i
            cross join lateral (select unaccent(lower(i.name)) as n) f
            where (i.created_by is null or i.created_by = ${userId})
              and (lower(i.name) % l.s or l.s <% lower(i.name))
          ) c
          -- The search's ranking (ingredients/repository.ts): the exact name, then the best
          -- words; between names about as good and as close ("Corn tortilla" and "Flour
          -- tortilla" for "tortillas"), the one more recipes use.
          order by c.n in (l.t, l.s) desc, round(c.score::numeric, 2) desc,
            round(c.closeness::numeric, 1) desc, ${recipeUsesSql(sql`c.id`)} desc,
            c.closeness desc, length(c.name), c.id
          limit 1
        ) m
        where m.score >= ${MATCH_THRESHOLD}`);
      return result.rows;
    },
    { accessMode: "read only" },
  );
  const byIndex = new Map(rows.map((row) => [row.idx, { id: row.id, name: row.name }]));
  return lookups.map((lookup) => {
    const row = distinct.get(keyOf(lookup));
    return row === undefined ? null : (byIndex.get(row.idx) ?? null);
  });
}

/**
 * Words that leave what to buy the same: joining words, and the state or form a food is
 * written in ("fresh basil leaves" is Basil, "shredded mozzarella cheese" Mozzarella cheese).
 * The parser leaves such words for the matcher (decision 15); here they lose nothing.
 */
const WORDS_SAYING_NO_MORE = new Set(
  [
    "a an and & of or the with for in",
    "fresh freshly chopped sliced shredded grated ground whole dried raw plain",
    "leaf leaves sprig florets floret kernel threads granules pod cheese pepper crumbs",
    "block ball bulb tub nest shot envelope piece",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The words of a line's ingredient (the parser's ingredientText: its size and preparation
 * words are already in the note) that the matched catalogue name does not hold: "beef stew
 * meat" matched to "Beef" leaves ["stew", "meat"]; "carrots" to "Carrot", and a known other
 * name ("beef mince" to "Ground beef"), leave none. A match that leaves words says less than
 * the cook wrote, so the line is kept as written (parse-lines.ts).
 */
export function wordsBeyondMatch(ingredientText: string, matchedName: string): string[] {
  const { text } = lookupText(ingredientText);
  const named = new Set(
    lookupText(matchedName)
      .text.split(/[\s-]+/)
      .flatMap((word) => [word, singular(word)]),
  );
  return text
    .split(/[\s-]+/)
    .filter(
      (word) =>
        word !== "" &&
        !WORDS_SAYING_NO_MORE.has(word) &&
        !WORDS_SAYING_NO_MORE.has(singular(word)) &&
        !named.has(word) &&
        !named.has(singular(word)),
    );
}
