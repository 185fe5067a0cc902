import {
  FORM_SERVINGS,
  type RecipeDetail,
  type RecipeIngredient,
  type RecipeJsonLd,
  recipeLineText,
  withRowNote,
} from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { Reader } from "@potluck/contract/units";
import type { ChildNode, Element } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";
import { formatMessage } from "../i18n/catalogue.js";
import { unitNamesIn } from "../ingredients/catalogue-names.js";

// The export side of import: a recipe as schema.org JSON-LD, written so that our importer
// (recipes/import) reads it back to the same title, steps and lines.

type Step = { "@type": "HowToStep"; text: string };
type Section = { "@type": "HowToSection"; name: string; itemListElement: Step[] };

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The instructions' steps: each list item and each paragraph is a step, and an H1/H2 starts
 * a section holding the steps after it (as import writes them: H2 sections of ordered lists).
 */
export function instructionSteps(contentHtml: string): (Step | Section)[] {
  const result: (Step | Section)[] = [];
  let section: Section | undefined;
  const add = (text: string) => {
    const step: Step = { "@type": "HowToStep", text: oneLine(text) };
    if (step.text === "") return;
    if (section) section.itemListElement.push(step);
    else result.push(step);
  };
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === "text") {
        add(node.data);
        continue;
      }
      if (node.type !== "tag") continue;
      const element = node as Element;
      if (element.name === "h1" || element.name === "h2") {
        section = {
          "@type": "HowToSection",
          name: oneLine(DomUtils.textContent(element)),
          itemListElement: [],
        };
        result.push(section);
      } else if (element.name === "ol" || element.name === "ul") {
        for (const item of element.children) {
          if (item.type === "tag") add(DomUtils.textContent(item));
        }
      } else if (element.name === "hr") {
        // A rule separates; it is no step.
      } else {
        add(DomUtils.textContent(element));
      }
    }
  };
  visit(parseDocument(contentHtml).children);
  // An empty section (a heading with nothing after it) would import as nothing anyway.
  return result.filter((item) => item["@type"] === "HowToStep" || item.itemListElement.length > 0);
}

/**
 * One ingredient line for the recipe's servings (4 unless it says), as the recipe page writes
 * it ("2 eggs", "½ tsp Salt", "Salt to taste", "a handful of fresh herbs": the one rule in
 * contract/src/units.ts), with its note and mark ("2 onions, diced", "1 tsp Vanilla extract
 * (optional)": contract/src/row-note.ts), which the parser reads back.
 */
export function ingredientLine(
  line: RecipeIngredient,
  servings = FORM_SERVINGS,
  reader?: Reader,
): string {
  return withRowNote(recipeLineText(line, servings, servings, "as_written", reader).text, line);
}

/** A reader of `language` (the JSON-LD's lines: issue 37 §3); none in English, today's lines. */
function readerOf(language: Language): Reader | undefined {
  if (language === "en") return undefined;
  const units = unitNamesIn(language);
  return { language, unitName: (code) => units.get(code) };
}

/**
 * The recipe as JSON-LD; `origin` makes the picture's address absolute. Its lines read in
 * `language` (the recipe's rows named so by the detail: toDetail), as the recipe page writes
 * them for that reader.
 */
export function toRecipeJsonLd(
  recipe: RecipeDetail,
  origin: string,
  language: Language = "en",
): RecipeJsonLd {
  const reader = readerOf(language);
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.title,
    url: new URL(`/recipes/${recipe.id}`, origin).href,
    author: { "@type": "Person", name: recipe.author_username },
    datePublished: recipe.created_on,
    dateModified: recipe.updated_on,
    ...(recipe.image ? { image: new URL(recipe.image, origin).href } : {}),
    // "4 servings"; "4 Portionen", "4人分" (the importer reads its first number back).
    recipeYield: formatMessage(language, "recipes.jsonld.yield", { count: recipe.servings }),
    recipeIngredient: recipe.recipe_ingredients.map((line) =>
      ingredientLine(line, recipe.servings, reader),
    ),
    recipeInstructions: instructionSteps(recipe.content),
    ...(recipe.tags.length > 0 ? { keywords: recipe.tags.join(", ") } : {}),
    ...(recipe.prep_minutes !== null ? { prepTime: isoDuration(recipe.prep_minutes) } : {}),
    ...(recipe.cook_minutes !== null ? { cookTime: isoDuration(recipe.cook_minutes) } : {}),
    ...(recipe.total_minutes !== null ? { totalTime: isoDuration(recipe.total_minutes) } : {}),
    ...(recipe.source_url ? { isBasedOn: recipe.source_url } : {}),
    ...nutritionInformation(recipe.nutrition),
    ...suitableForDiet(recipe.diets),
    // No `notes` (schema.org has no such property) and no `source_name`: `isBasedOn` is a
    // CreativeWork or a URL and `author` the cook who wrote this recipe, while a source name is
    // a person or a book ("Nonna", "The Silver Spoon p. 212") that cannot be told apart. The
    // account export keeps both under "potluck:recipe".
  };
}

/** Minutes as an ISO 8601 duration: 90 → "PT1H30M", 45 → "PT45M", 120 → "PT2H", 0 → "PT0M". */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}

/** The recipe's nutrition per serving as schema.org's NutritionInformation, when it is whole. */
function nutritionInformation(
  nutrition: RecipeDetail["nutrition"],
): Pick<RecipeJsonLd, "nutrition"> {
  if (nutrition.counted === 0 || nutrition.not_counted.length > 0) return {};
  const value = nutrition.per_serving;
  const grams = (amount: number) => `${amount} g`;
  return {
    nutrition: {
      "@type": "NutritionInformation",
      calories: `${value.energy_kcal} calories`,
      proteinContent: grams(value.protein_g),
      fatContent: grams(value.fat_g),
      saturatedFatContent: grams(value.saturated_fat_g),
      carbohydrateContent: grams(value.carbohydrate_g),
      sugarContent: grams(value.sugars_g),
      fiberContent: grams(value.fibre_g),
      // Labels declare salt; schema.org sodium: salt ÷ 2.5.
      sodiumContent: `${Math.round((value.salt_g / 2.5) * 1000)} mg`,
    },
  };
}

/** Our diets that schema.org names exactly (it has no dairy-, nut- or egg-free diet). */
const SCHEMA_DIETS: Partial<Record<RecipeDetail["diets"][number], string>> = {
  vegan: "https://schema.org/VeganDiet",
  vegetarian: "https://schema.org/VegetarianDiet",
  gluten_free: "https://schema.org/GlutenFreeDiet",
};

function suitableForDiet(diets: RecipeDetail["diets"]): Pick<RecipeJsonLd, "suitableForDiet"> {
  const named = diets.flatMap((diet) => SCHEMA_DIETS[diet] ?? []);
  return named.length > 0 ? { suitableForDiet: named } : {};
}
