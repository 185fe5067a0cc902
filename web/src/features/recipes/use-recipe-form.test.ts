import type { RecipeDetail, RecipeDraft } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { emptyRow, type IngredientRow, incompleteRowMessage } from "./recipe-form-logic";
import { minutesProblem, sourceUrlProblem } from "./tags-times";
import {
  checkRecipeForm,
  initialRecipeForm,
  type RecipeFormAction,
  type RecipeFormState,
  recipeFormDirty,
  recipeFormReducer,
} from "./use-recipe-form";

const egg = { id: 3, name: "Egg" };
const row = (over: Partial<IngredientRow>): IngredientRow => ({ ...emptyRow(), ...over });
const fresh = () => initialRecipeForm({ recipe: null, draft: null });
const run = (state: RecipeFormState, ...actions: RecipeFormAction[]) =>
  actions.reduce(recipeFormReducer, state);

const stored = {
  id: 7,
  title: "Shakshuka",
  content: "<p>Simmer.</p>",
  servings: 2,
  visibility: "public",
  tags: ["breakfast"],
  prep_minutes: 10,
  cook_minutes: null,
  source_url: "https://example.com/shakshuka",
  source_name: "Nonna",
  notes: "Use ripe tomatoes.",
  image: "/media/recipes/7.webp",
  recipe_ingredients: [
    {
      id: 1,
      ingredient: egg,
      quantity: 2,
      unit: { id: 5, name: "piece" },
      text: null,
      note: null,
      optional: false,
    },
  ],
} as unknown as RecipeDetail;

describe("initialRecipeForm", () => {
  it("starts a new recipe empty: 4 servings, one empty row, nothing unsaved", () => {
    const state = fresh();
    expect(state.title).toBe("");
    expect(state.servingsText).toBe("4");
    expect(state.rows).toHaveLength(1);
    expect(state.details).toEqual({
      prep_minutes: "",
      cook_minutes: "",
      source_url: "",
      source_name: "",
    });
    expect(recipeFormDirty(state)).toBe(false);
  });

  it("fills the form with a stored recipe, its quantities for its servings", () => {
    const state = initialRecipeForm({ recipe: stored, draft: null });
    expect(state.title).toBe("Shakshuka");
    expect(state.servingsText).toBe("2");
    expect(state.tags).toEqual(["breakfast"]);
    expect(state.details).toEqual({
      prep_minutes: "10",
      cook_minutes: "",
      source_url: "https://example.com/shakshuka",
      source_name: "Nonna",
    });
    expect(state.notes).toBe("Use ripe tomatoes.");
    expect(state.rows.map((r) => [r.ingredient?.name, r.quantity])).toEqual([["Egg", "4"]]);
    expect(recipeFormDirty(state)).toBe(false);
  });

  it("fills the form with an imported draft, which is unsaved from the start", () => {
    const draft = {
      title: "Pancakes",
      content: "<p>Whisk.</p>",
      servings: 8,
      recipe_ingredients: [],
      tags: ["sweet"],
      prep_minutes: 5,
      cook_minutes: 20,
      source_url: "https://example.com/pancakes",
      image_url: "https://example.com/pancakes.jpg",
    } as unknown as RecipeDraft;
    const state = initialRecipeForm({ recipe: null, draft });
    expect(state.title).toBe("Pancakes");
    expect(state.servingsText).toBe("8");
    expect(state.imageUrl).toBe("https://example.com/pancakes.jpg");
    expect(state.details.cook_minutes).toBe("20");
    expect(recipeFormDirty(state)).toBe(true);
  });
});

describe("recipeFormReducer", () => {
  it("counts a change as unsaved, and typing it back as saved", () => {
    const start = initialRecipeForm({ recipe: stored, draft: null });
    const changed = run(start, { type: "title", value: "Shakshuka!" });
    expect(recipeFormDirty(changed)).toBe(true);
    expect(recipeFormDirty(run(changed, { type: "title", value: "Shakshuka" }))).toBe(false);
    expect(recipeFormDirty(run(start, { type: "visibility", value: "private" }))).toBe(true);
    expect(recipeFormDirty(run(start, { type: "notes", value: "" }))).toBe(true);
  });

  it("measures the instructions from what the editor first reports", () => {
    const start = run(fresh(), { type: "content", html: "<p></p>", blank: true });
    expect(start.startingContent).toBe("<p></p>");
    expect(recipeFormDirty(start)).toBe(false);
    const typed = run(start, { type: "content", html: "<p>Stir.</p>", blank: false });
    expect(typed.startingContent).toBe("<p></p>");
    expect(typed.content).toEqual({ html: "<p>Stir.</p>", blank: false });
    expect(recipeFormDirty(typed)).toBe(true);
  });

  it("clears a field's mark as the cook types in it", () => {
    const marked = run(fresh(), {
      type: "checked",
      marks: { servingsError: true, detailErrors: { prep_minutes: minutesProblem() } },
    });
    const servings = run(marked, { type: "servings", text: "6" });
    expect(servings.servingsError).toBe(false);
    const prep = run(marked, { type: "detail", name: "prep_minutes", value: "15" });
    expect(prep.details.prep_minutes).toBe("15");
    expect(prep.detailErrors.prep_minutes).toBeUndefined();
  });

  it("refuses a picture over the limit, and removing the stored one is saved as no picture", () => {
    const start = initialRecipeForm({ recipe: stored, draft: null });
    const big = { size: 50 * 1024 * 1024 } as File;
    const refused = run(start, { type: "file", file: big });
    expect(refused.file).toBeNull();
    expect(refused.imageError).not.toBeNull();
    const small = { size: 1000 } as File;
    const chosen = run(refused, { type: "file", file: small });
    expect(chosen.file).toBe(small);
    expect(chosen.imageError).toBeNull();
    const removed = run(chosen, { type: "remove-image" });
    expect(removed.file).toBeNull();
    expect(removed.removeExisting).toBe(true);
    expect(recipeFormDirty(removed)).toBe(true);
    // A new recipe has no stored picture to remove.
    expect(run(fresh(), { type: "remove-image" }).removeExisting).toBe(false);
  });

  it("unmarks a marked row once whole, and leaves unmarked rows unmarked", () => {
    const half = row({ ingredient: egg, quantity: "", unitId: "5" });
    const other = row({ ingredient: null, quantity: "2", unitId: "" });
    const start = run(fresh(), { type: "rows", rows: [half, other] });
    const checked = checkRecipeForm(start);
    const marked = run(start, { type: "checked", marks: checked.marks, focus: checked.focus });
    expect(marked.problems.map((p) => p.key)).toEqual([half.key, other.key]);
    expect(marked.formError).toBe(incompleteRowMessage());
    const fixed = run(marked, { type: "rows", rows: [{ ...half, quantity: "2" }, other] });
    expect(fixed.problems.map((p) => p.key)).toEqual([other.key]);
    expect(fixed.formError).toBeNull();
    const unmarked = run(start, { type: "rows", rows: [half] });
    expect(unmarked.problems).toEqual([]);
  });

  it("adds pasted rows after the rows typed, in place of an empty last row", () => {
    const typed = row({ ingredient: egg, quantity: "2", unitId: "5" });
    const pasted = row({ text: "salt to taste" });
    const state = run(
      fresh(),
      { type: "rows", rows: [typed] },
      { type: "append-rows", rows: [pasted] },
    );
    expect(state.rows.map((r) => r.key)).toEqual([typed.key, pasted.key]);
  });

  it("asks for a new focus each time a save is refused, even on the same field", () => {
    const once = run(fresh(), { type: "checked", marks: {}, focus: "recipe-servings" });
    const twice = run(once, { type: "checked", marks: {}, focus: "recipe-servings" });
    expect(twice.focus).toEqual({ id: "recipe-servings", n: 2 });
    expect(run(twice, { type: "checked", marks: {} }).focus).toBe(twice.focus);
  });
});

describe("checkRecipeForm", () => {
  it("refuses servings out of range first, and sends the focus there", () => {
    const state = run(
      fresh(),
      { type: "servings", text: "0" },
      { type: "detail", name: "prep_minutes", value: "-1" },
    );
    expect(checkRecipeForm(state)).toEqual({
      marks: { servingsError: true },
      focus: "recipe-servings",
    });
  });

  it("refuses times and a source address, focusing the first refused", () => {
    const state = run(
      fresh(),
      { type: "detail", name: "cook_minutes", value: "1.5" },
      { type: "detail", name: "source_url", value: "example.com" },
    );
    expect(checkRecipeForm(state)).toEqual({
      marks: { detailErrors: { cook_minutes: minutesProblem(), source_url: sourceUrlProblem() } },
      focus: "recipe-cook-minutes",
    });
  });

  it("refuses a partly filled row, focusing what it lacks", () => {
    const half = row({ ingredient: egg, quantity: "", unitId: "5" });
    const state = run(fresh(), { type: "rows", rows: [half] });
    const checked = checkRecipeForm(state);
    expect(checked.submission).toBeUndefined();
    expect(checked.marks.formError).toBe(incompleteRowMessage());
    expect(checked.focus).toBe(`${half.key}-quantity`);
  });

  it("answers the submission: trimmed, per serving, the picture to fetch", () => {
    const draft = {
      title: "Pancakes",
      content: "<p>Whisk.</p>",
      servings: null,
      recipe_ingredients: [],
      tags: [],
      prep_minutes: null,
      cook_minutes: null,
      source_url: null,
      image_url: "https://example.com/pancakes.jpg",
    } as unknown as RecipeDraft;
    const state = run(
      initialRecipeForm({ recipe: null, draft }),
      { type: "title", value: "  Pancakes  " },
      { type: "content", html: "<p>Whisk.</p>", blank: false },
      { type: "rows", rows: [row({ ingredient: egg, quantity: "4", unitId: "5" })] },
      { type: "tags", tags: ["sweet"] },
      { type: "detail", name: "prep_minutes", value: "5" },
      { type: "detail", name: "source_name", value: " Nonna " },
      { type: "notes", value: " Rest the batter. " },
    );
    expect(checkRecipeForm(state)).toEqual({
      marks: { detailErrors: {}, formError: null, problems: [] },
      submission: {
        title: "Pancakes",
        content: "<p>Whisk.</p>",
        servings: "4",
        recipe_ingredients: JSON.stringify([{ ingredient_id: 3, quantity: 1, unit_id: 5 }]),
        visibility: undefined,
        // The draft's page named none: the cook's own language (the app speaks English here).
        language: "en",
        tags: JSON.stringify(["sweet"]),
        prep_minutes: "5",
        cook_minutes: "",
        source_url: "",
        source_name: "Nonna",
        notes: "Rest the batter.",
        image_url: "https://example.com/pancakes.jpg",
      },
    });
  });

  it("writes the recipe in its own language, an imported page's, else the cook's", () => {
    const page = { title: "Zupa", content: "", recipe_ingredients: [], tags: [] };
    const fromPolishPage = { ...page, language: "pl" } as unknown as RecipeDraft;
    expect(initialRecipeForm({ recipe: null, draft: fromPolishPage }).language).toBe("pl");
    const unsaid = { ...page, language: null } as unknown as RecipeDraft;
    expect(initialRecipeForm({ recipe: null, draft: unsaid }).language).toBe("en");
    const italian = { ...stored, language: "it" } as RecipeDetail;
    const form = initialRecipeForm({ recipe: italian, draft: null });
    expect(form.language).toBe("it");
    expect(recipeFormDirty(form)).toBe(false);
    const changed = run(form, { type: "language", value: "es" });
    expect(recipeFormDirty(changed)).toBe(true);
    expect(checkRecipeForm(changed, 5).submission?.language).toBe("es");
  });

  it("asks the server to remove the stored picture the cook removed", () => {
    const state = run(initialRecipeForm({ recipe: stored, draft: null }), { type: "remove-image" });
    const { submission } = checkRecipeForm(state, 5);
    expect(submission?.remove_image).toBe("true");
    expect(submission?.image).toBeUndefined();
  });
});
