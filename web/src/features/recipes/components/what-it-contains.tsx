import type { RecipeDetail, RecipeNutrition, SourceNutrition } from "@potluck/contract";
import { allergenName, dietName } from "../../../lib/food-names";
import { formattingLocale, localized, type MessageKey, t } from "../../../lib/i18n";
import { formatNumber } from "../../../lib/i18n/format";
import { tRich } from "../../../lib/i18n/rich";
import {
  forGuests,
  listParts,
  type Nutrient,
  type Nutrients,
  panelDecimals,
  panelRounded,
  per100g,
  rowName,
} from "../nutrition-panel";
import "./what-it-contains.css";

// What a recipe contains (issue 38 §2), on its page under the ingredients: its allergens among
// the EU's 14 and the diets it keeps to, as badges; what a serving, the Guests and 100 g of it
// contain, as a food label's table; and which rows that leaves out, and why. Loaded lazily
// (the page's first load is at its budget): the page draws without it, then it appears.

type Why = RecipeNutrition["not_counted"][number]["why"];

const WHY: Record<Why, MessageKey> = {
  "no data": "recipes.contains.whyNoData",
  "no weight for this unit": "recipes.contains.whyNoWeight",
  "written as free text": "recipes.contains.whyFreeText",
};

/**
 * The table's rows, in a food label's order, each with its unit in its name ("Fat (g)"): the
 * cells are bare numbers, so that three columns of them fit beside the names on a phone.
 * `sub` rows are "of which".
 */
const ROWS: { nutrient: Nutrient; label: MessageKey; sub?: true }[] = [
  { nutrient: "energy_kcal", label: "recipes.contains.energyKcal" },
  { nutrient: "energy_kj", label: "recipes.contains.energyKj" },
  { nutrient: "fat_g", label: "recipes.contains.fat" },
  { nutrient: "saturated_fat_g", label: "recipes.contains.saturates", sub: true },
  { nutrient: "carbohydrate_g", label: "recipes.contains.carbohydrate" },
  { nutrient: "sugars_g", label: "recipes.contains.sugars", sub: true },
  { nutrient: "fibre_g", label: "recipes.contains.fibre" },
  { nutrient: "protein_g", label: "recipes.contains.protein" },
  { nutrient: "salt_g", label: "recipes.contains.salt" },
];

/** An amount as the panel writes it, in the reader's way of writing numbers. */
function amount(nutrient: Nutrient, value: number): string {
  const rounded = panelRounded(nutrient, value);
  return formatNumber(rounded, {
    minimumFractionDigits: 0,
    maximumFractionDigits: panelDecimals(nutrient, rounded),
  });
}

export default function WhatItContains({
  recipe,
  guests,
}: {
  recipe: RecipeDetail;
  /** The page's Guests: the table's second column is for this many. */
  guests: number;
}) {
  // Nothing to tell of a recipe without ingredients (it would only say nothing was checked),
  // unless its source published its nutrition.
  if (recipe.recipe_ingredients.length === 0 && !recipe.source_nutrition) return null;
  return (
    <section className="card what-it-contains" aria-labelledby="contains-heading">
      <h2 id="contains-heading">{t("recipes.contains.heading")}</h2>
      <Allergens allergens={recipe.allergens} complete={recipe.allergens_complete} />
      {recipe.diets.length > 0 && (
        <ul className="contains-badges contains-diets" aria-label={t("recipes.contains.diets")}>
          {recipe.diets.map((diet) => (
            <li key={diet} className="contains-badge contains-badge-diet">
              {dietName(diet)}
            </li>
          ))}
        </ul>
      )}
      {recipe.nutrition.counted === 0 ? (
        <p className="contains-none">{t("recipes.contains.noNutrition")}</p>
      ) : (
        <NutritionTable nutrition={recipe.nutrition} guests={guests} />
      )}
      <NotCounted recipe={recipe} />
      {recipe.nutrition.counted > 0 && (
        <p className="contains-source">{t("recipes.contains.source")}</p>
      )}
      {recipe.source_nutrition && <FromTheSource nutrition={recipe.source_nutrition} />}
    </section>
  );
}

/**
 * What the recipe's source page published per serving, labelled as the source's and apart
 * from Potluck's own sums: only the nutrients it gives.
 */
function FromTheSource({ nutrition }: { nutrition: SourceNutrition }) {
  const given = ROWS.flatMap((row) => {
    const value = row.nutrient === "energy_kj" ? null : nutrition[row.nutrient];
    return value === null ? [] : [{ ...row, value }];
  });
  if (given.length === 0) return null;
  return (
    <section className="contains-from-source" aria-labelledby="contains-from-source">
      <h3 id="contains-from-source">
        {nutrition.serving_size
          ? t("recipes.contains.fromSourceSized", { size: nutrition.serving_size })
          : t("recipes.contains.fromSource")}
      </h3>
      <dl>
        {given.map((row) => (
          <div key={row.nutrient} className={row.sub ? "contains-sub" : undefined}>
            <dt>{t(row.label)}</dt>
            <dd>{amount(row.nutrient, row.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * "Contains: gluten, eggs and milk", each allergen a badge and the joints kept for screen
 * readers, so that it is heard as the sentence it is; a caution when some rows could not be
 * checked; "None of the 14 major allergens." when all were and none was found.
 */
function Allergens({
  allergens,
  complete,
}: {
  allergens: RecipeDetail["allergens"];
  complete: boolean;
}) {
  const names = allergens.map(allergenName);
  return (
    <div className="contains-allergens">
      {names.length > 0 && (
        <p className="contains-badges">
          <span className="contains-label">{t("recipes.contains.containsLabel")}</span>{" "}
          {listParts(names, formattingLocale()).map((part, index) =>
            part.type === "element" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one list never move.
              <span key={index} className="contains-badge contains-badge-allergen">
                {part.value}
              </span>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one list never move.
              <span key={index} className="visually-hidden">
                {localized(part.value)}
              </span>
            ),
          )}
        </p>
      )}
      {!complete && (
        <p className="contains-caution">
          <span className="contains-caution-icon" aria-hidden="true">
            !
          </span>
          <span>
            {names.length > 0
              ? t("recipes.contains.mayContainOther")
              : t("recipes.contains.mayContain")}
          </span>
        </p>
      )}
      {complete && names.length === 0 && (
        <p className="contains-no-allergens">{t("recipes.contains.noAllergens")}</p>
      )}
    </div>
  );
}

/** One serving, the Guests and (when the rows were weighed) 100 g, side by side. */
function NutritionTable({ nutrition, guests }: { nutrition: RecipeNutrition; guests: number }) {
  const columns: Nutrients[] = [nutrition.per_serving, forGuests(nutrition.per_serving, guests)];
  const hundred = per100g(nutrition.per_serving, nutrition.grams_per_serving);
  if (hundred) columns.push(hundred);
  return (
    // A phone narrower than the table scrolls it, not the page; a keyboard can too.
    <section
      className="contains-table-scroll"
      aria-labelledby="contains-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll takes focus, so that a keyboard can scroll it.
      tabIndex={0}
    >
      <table className="contains-table">
        <caption id="contains-caption">{t("recipes.contains.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("recipes.contains.nutrient")}</span>
            </th>
            <th scope="col">{t("recipes.contains.perServing")}</th>
            <th scope="col">{t("recipes.contains.forGuests", { count: guests })}</th>
            {hundred && <th scope="col">{t("recipes.contains.per100g")}</th>}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.nutrient} className={row.sub ? "contains-sub" : undefined}>
              <th scope="row">{t(row.label)}</th>
              {columns.map((values, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move.
                <td key={index}>{amount(row.nutrient, values[row.nutrient])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** "Not counted in the nutrition:" and each row it leaves out, by name, with why. */
function NotCounted({ recipe }: { recipe: RecipeDetail }) {
  const rows = recipe.nutrition.not_counted.flatMap(({ row, why }) => {
    const named = rowName(recipe.recipe_ingredients, row);
    return named ? [{ row, why, ...named }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="contains-not-counted">
      <p id="contains-not-counted">{t("recipes.contains.notCountedIntro")}</p>
      <ul aria-labelledby="contains-not-counted">
        {rows.map(({ row, why, name, asWritten }) => (
          <li key={row}>
            {tRich("recipes.contains.notCountedRow", {
              // A row kept as written is in the recipe's language; a catalogue name in the reader's.
              // Isolated, so that a name in another direction keeps its place in the sentence.
              name: <bdi lang={asWritten ? recipe.language : undefined}>{name}</bdi>,
              why: t(WHY[why]),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
