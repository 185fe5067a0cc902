/**
 * Derives src/ingredients/data/food/foods.json (issue 38 §1) from the reviewable mapping
 * src/ingredients/data/food/sr26-mapping.tsv and the USDA National Nutrient Database for Standard
 * Reference, Release 26 (public domain). Nothing reads SR26 at run time: this script is run by
 * hand and its output committed.
 *
 *   cd server && npx tsx scripts/derive-food-data.ts [path to the SR26 folder]
 *
 * The SR26 folder defaults to ../shared/data/usda-sr26 beside the repository root
 * (../../shared/data/usda-sr26 from server/, i.e. /work/shared/data/usda-sr26). Its files are caret-delimited with `~` around text, CRLF line
 * ends, Latin-1.
 *
 * Per mapped ingredient (keyed by catalogue name):
 * - `nutrition_per_100g` from ABBREV.txt: energy_kcal (Energ_Kcal), energy_kj (kcal × 4.184,
 *   rounded), protein_g, fat_g (Lipid_Tot), saturated_fat_g (FA_Sat), carbohydrate_g
 *   (Carbohydrt, by difference), sugars_g (Sugar_Tot), fibre_g (Fiber_TD), sodium_mg; null where
 *   SR leaves the field empty.
 * - `grams_per_unit` from WEIGHT.txt: grams for ONE Potluck unit = Gm_Wgt / Amount, for a measure
 *   whose description (Msre_Desc) starts with:
 *     "cup" → cup; "tbsp"/"tablespoon" → tbsp; "tsp"/"teaspoon" → tsp; "fl oz" → fl oz;
 *     "clove" → clove; "slice" → slice; "stick" → stick; "stalk" → stalk; "head" → head;
 *     "leaf" → leaf; "ear" → ear; "sprig" → sprig; "fillet" → fillet; "sheet" → sheet;
 *     a size ("medium", "large", "small", "extra large", "jumbo", possibly after the food's own
 *     word: "potato medium", "ear, medium") or "fruit" or the food's own noun ("1 pepper",
 *     "1 cherry", "1 tortilla") → piece (Potluck's count unit).
 *   When several measures give the same unit: the plain one wins ("cup" over "cup, chopped"),
 *   then "medium", then the only or first size given ("large" before "small"); for a count, a
 *   measure named by the first word of a two-word name wins ("Cherry tomato": "1 cherry", 17 g,
 *   not a medium tomato). Exception: eggs,
 *   for which recipes mean a large egg, count as "large" (50 g). Measures of a part or a
 *   package ("1 package (10 oz)", "NLEA serving", "1 oz") are not units and are skipped; "oz",
 *   "lb", "g", "kg" are fixed masses and not output.
 * - `grams_per_ml` when a cup, tbsp or tsp weight exists: from the cup when present
 *   (grams per cup / 236.588), else tbsp / 14.787, else tsp / 4.929; rounded to 3 decimals.
 * - `liquid`: poured, not spooned (isLiquid): its volumes are not shown as weights.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = "USDA National Nutrient Database for Standard Reference, Release 26";
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(serverRoot, "..");
const srDir = resolve(process.argv[2] ?? join(repoRoot, "../shared/data/usda-sr26"));
const dataDir = join(serverRoot, "src/ingredients/data/food");

/** The rows of an SR26 file: fields split at ^, the ~ around text removed. */
function srRows(file: string): string[][] {
  const text = readFileSync(join(srDir, file), "latin1");
  return text
    .split("\r\n")
    .filter((line) => line.length > 0)
    .map((line) => line.split("^").map((field) => field.replace(/^~|~$/g, "")));
}

const num = (field: string | undefined): number | null =>
  field === undefined || field.trim() === "" ? null : Number(field);

interface MappingRow {
  ingredient: string;
  ndb: string;
}

function readMapping(): MappingRow[] {
  const lines = readFileSync(join(dataDir, "sr26-mapping.tsv"), "utf8").split("\n");
  return lines
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => {
      const [ingredient = "", ndb = ""] = line.split("\t");
      return { ingredient, ndb };
    });
}

// ABBREV.txt field positions (README): 0 NDB_No, 3 Energ_Kcal, 4 Protein, 5 Lipid_Tot,
// 7 Carbohydrt, 8 Fiber_TD, 9 Sugar_Tot, 15 Sodium, 44 FA_Sat.
function nutrition(fields: string[]) {
  const kcal = num(fields[3]);
  return {
    energy_kcal: kcal,
    energy_kj: kcal === null ? null : Math.round(kcal * 4.184),
    protein_g: num(fields[4]),
    fat_g: num(fields[5]),
    saturated_fat_g: num(fields[44]),
    carbohydrate_g: num(fields[7]),
    sugars_g: num(fields[9]),
    fibre_g: num(fields[8]),
    sodium_mg: num(fields[15]),
  };
}

interface Measure {
  amount: number;
  desc: string;
  grams: number;
}

const PREFIX_UNITS: [RegExp, string][] = [
  [/^cups?\b/, "cup"],
  [/^(tbsp|tablespoons?)\b/, "tbsp"],
  [/^(tsp|teaspoons?)\b/, "tsp"],
  [/^fl oz\b/, "fl oz"],
  [/^cloves?\b/, "clove"],
  [/^slices?\b/, "slice"],
  [/^sticks?\b/, "stick"],
  [/^stalks?\b/, "stalk"],
  [/^heads?\b/, "head"],
  [/^(leaf|leaves)\b/, "leaf"],
  [/^ears?\b/, "ear"],
  [/^sprigs?\b/, "sprig"],
  [/^fillets?\b/, "fillet"],
  [/^sheets?\b/, "sheet"],
];
const SIZE = /^(\w+,? )?(medium|large|small|extra large|jumbo)\b/;
const NOT_A_UNIT = /\b(package|nlea|serving|container|can|jar|bottle|yield|oz|lb|pint|bag|box)\b/;

/** The singular words of an ingredient's name, for "1 pepper", "1 cherry". */
function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-zà-ÿ]+/)
    .filter((word) => word.length > 2)
    .flatMap((word) => [word, word.replace(/(ies)$/, "y"), word.replace(/e?s$/, "")]);
}

/** Rank of a measure within one unit: lower is better. */
function rank(unit: string, desc: string, isEgg: boolean, kind: string | null): number {
  if (unit === "piece") {
    // "Cherry tomato": the measure "1 cherry" before a medium tomato.
    if (kind !== null && desc.split(/[ ,(]/)[0] === kind) return -1;
    if (isEgg) return /\blarge\b/.test(desc) && !/extra/.test(desc) ? 0 : 5;
    if (/\bmedium\b/.test(desc)) return 0;
    if (/^(\w+,? )?large\b/.test(desc)) return 2;
    if (/\bsmall\b/.test(desc)) return 3;
    return 1;
  }
  // The plain measure ("cup") before a qualified one ("cup, chopped").
  const rest = desc.replace(/^\S+( oz)?/, "").trim();
  if (rest === "") return 0;
  if (/\bmedium\b/.test(rest)) return 1;
  return 2;
}

function unitOf(desc: string, words: string[]): string | null {
  for (const [pattern, unit] of PREFIX_UNITS) if (pattern.test(desc)) return unit;
  if (NOT_A_UNIT.test(desc)) return null;
  if (SIZE.test(desc)) return "piece";
  const first = desc.split(/[ ,(]/)[0] ?? "";
  if (first === "fruit" || first === "whole" || words.includes(first)) return "piece";
  return null;
}

function gramsPerUnit(name: string, measures: Measure[]) {
  const words = nameWords(name);
  const isEgg = /\begg\b/i.test(name);
  const parts = name.toLowerCase().split(" ");
  const kind = parts.length > 1 ? (parts[0] ?? "").replace(/e?s$/, "") : null;
  const best = new Map<string, { rank: number; grams: number }>();
  for (const measure of measures) {
    if (!(measure.amount > 0) || !(measure.grams > 0)) continue;
    const desc = measure.desc.toLowerCase().trim();
    const unit = unitOf(desc, words);
    if (unit === null) continue;
    const r = rank(unit, desc, isEgg, kind);
    const grams = measure.grams / measure.amount;
    const seen = best.get(unit);
    if (seen === undefined || r < seen.rank) best.set(unit, { rank: r, grams });
  }
  const out: Record<string, number> = {};
  for (const [unit, { grams }] of best) out[unit] = Math.round(grams * 100) / 100;
  return out;
}

function gramsPerMl(units: Record<string, number>): number | null {
  const perMl =
    units.cup !== undefined
      ? units.cup / 236.588
      : units.tbsp !== undefined
        ? units.tbsp / 14.787
        : units.tsp !== undefined
          ? units.tsp / 4.929
          : null;
  return perMl === null ? null : Math.round(perMl * 1000) / 1000;
}

/**
 * Whether a cook pours it rather than spoons it, so a cup of it reads as a cup and not as
 * grams (issue 38 §3: "1 cup (125 g) flour", but "1 cup milk"): SR measures it in fluid ounces,
 * or it is a beverage (food group 1400), or SR names it an oil, vinegar, syrup, juice, sauce,
 * broth, stock, extract, milk or wine, unless it is spooned (a powder, a cheese, fruit in
 * syrup).
 */
function isLiquid(group: string, desc: string, measures: Measure[]): boolean {
  if (measures.some((measure) => /^fl oz\b/.test(measure.desc))) return true;
  // What is spooned though its description names a liquid: a powder, a cheese of whole
  // milk, fruit in syrup, tomatoes in their juice, biscuits with lemon juice.
  const spooned =
    /\b(dry|dried|powder(ed)?|dehydrated|mix|solids?|instant|cheese|chocolate|yogurt|cookies?)\b|\bin (\w+ )*(syrup|juice)\b|(juice|syrup) pack/i;
  if (spooned.test(desc)) return false;
  if (group === "1400") return true;
  return /^(oil|vinegar|syrups?|sauce|soup)\b|\b(juice|broth|stock|extract|syrup|vinegar|wine|milk|sauce)\b/i.test(
    desc,
  );
}

const abbrev = new Map(srRows("ABBREV.txt").map((fields) => [fields[0] ?? "", fields]));
const descriptions = new Map(srRows("FOOD_DES.txt").map((fields) => [fields[0], fields[2]]));
const groups = new Map(srRows("FOOD_DES.txt").map((fields) => [fields[0], fields[1] ?? ""]));
const weights = new Map<string, Measure[]>();
for (const [ndb = "", , amount, desc = "", grams] of srRows("WEIGHT.txt")) {
  const list = weights.get(ndb) ?? [];
  list.push({ amount: Number(amount), desc, grams: Number(grams) });
  weights.set(ndb, list);
}

const foods: Record<string, unknown> = {};
let withCount = 0;
let withCup = 0;
for (const { ingredient, ndb } of readMapping()) {
  if (ndb === "") continue;
  const fields = abbrev.get(ndb);
  if (fields === undefined || !descriptions.has(ndb)) {
    throw new Error(`${ingredient}: NDB ${ndb} is not in SR26`);
  }
  const units = gramsPerUnit(ingredient, weights.get(ndb) ?? []);
  if (units.piece !== undefined) withCount++;
  if (units.cup !== undefined) withCup++;
  foods[ingredient] = {
    ndb,
    sr_description: descriptions.get(ndb),
    nutrition_per_100g: nutrition(fields),
    grams_per_unit: units,
    grams_per_ml: gramsPerMl(units),
    liquid: isLiquid(groups.get(ndb) ?? "", descriptions.get(ndb) ?? "", weights.get(ndb) ?? []),
  };
}

writeFileSync(
  join(dataDir, "foods.json"),
  `${JSON.stringify({ source: SOURCE, foods }, null, 2)}\n`,
);
console.log(
  `${Object.keys(foods).length} foods written (${withCount} with a count weight, ${withCup} with a cup)`,
);

// The allergens and diet flags of every catalogue ingredient, as the server reads them
// (allergens.tsv is the reviewable table; its JSON is bundled with the server).
const [, ...allergenRows] = readFileSync(join(dataDir, "allergens.tsv"), "utf8")
  .trimEnd()
  .split("\n");
const allergens = Object.fromEntries(
  allergenRows.map((line) => {
    const [ingredient = "", codes = "", meat, fish, animal] = line.split("\t");
    return [
      ingredient,
      {
        allergens: codes === "" ? [] : codes.split(","),
        meat: meat === "1",
        fish: fish === "1",
        animal: animal === "1",
      },
    ];
  }),
);
writeFileSync(join(dataDir, "allergens.json"), `${JSON.stringify(allergens, null, 2)}\n`);
console.log(`${allergenRows.length} ingredients' allergens written`);
