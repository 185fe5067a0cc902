import { describe, expect, it } from "vitest";
import { freeLineText, ingredientLineText, pluralName, quantityForGuests } from "./units";

// Issue 22, item 3: one rule for how an ingredient line reads, as a person writes it.
// Quantities are stored per serving; the recipe is written for 4.

const line = (perServing: number, unit: string, name: string, guests: number) =>
  ingredientLineText(quantityForGuests(perServing, unit, guests, 4), unit, name).text;

describe("an ingredient line for a number of guests", () => {
  it.each([
    // per serving, unit, ingredient, guests, reads
    [0.5, "piece", "Egg", 4, "2 eggs"],
    [0.5, "piece", "Egg", 2, "1 egg"],
    [0.5, "piece", "Egg", 3, "1½ eggs"],
    [0.5, "piece", "Egg", 1, "½ egg"],
    [0.5, "piece", "Egg", 5, "2½ eggs"],
    [1.5, "piece", "Banana", 4, "6 bananas"],
    [0.25, "piece", "Onion", 1, "¼ onion"],
    [0.25, "piece", "Red onion", 6, "1½ red onions"],
    [0.25, "piece", "Bay leaf", 8, "2 bay leaves"],
    [0.25, "piece", "Cherry tomato", 12, "3 cherry tomatoes"],
    [0.25, "piece", "Peach", 8, "2 peaches"],
    [0.25, "piece", "Chipotle in adobo", 8, "2 chipotles in adobo"],
    [0.25, "piece", "Yukon Gold potato", 8, "2 Yukon Gold potatoes"],
    [1 / 3, "piece", "Lemon", 4, "1⅓ lemons"],
    [0.125, "tsp", "Salt", 4, "½ tsp Salt"],
    [0.125, "tsp", "Salt", 2, "¼ tsp Salt"],
    [0.125, "tsp", "Salt", 6, "¾ tsp Salt"],
    [0.125, "tsp", "Salt", 1, "⅛ tsp Salt"],
    [0.125, "tsp", "Baking powder", 3, "⅜ tsp Baking powder"],
    [0.125, "tsp", "Baking powder", 7, "⅞ tsp Baking powder"],
    [0.375, "tbsp", "Olive oil", 4, "1½ tbsp Olive oil"],
    [0.0625, "cup", "All-purpose flour", 4, "¼ cup All-purpose flour"],
    [1 / 12, "cup", "Whole milk", 4, "⅓ cup Whole milk"],
    [0.375, "cup", "Whole milk", 4, "1½ cups Whole milk"],
    [0.25, "cup", "Whole milk", 4, "1 cup Whole milk"],
    [100, "g", "All-purpose flour", 4, "400 g All-purpose flour"],
    [100, "g", "All-purpose flour", 3, "300 g All-purpose flour"],
    [0.375, "kg", "Potato", 4, "1.5 kg Potato"],
    // Issue 34 §6: whole millilitres from 10 up (was 187.5 ml).
    [62.5, "ml", "Whole milk", 3, "188 ml Whole milk"],
    [0.5, "clove", "Garlic", 4, "2 cloves Garlic"],
    [0.25, "clove", "Garlic", 4, "1 clove Garlic"],
    [0.25, "can", "Chopped tomatoes", 2, "½ can Chopped tomatoes"],
    [0.25, "pinch", "Black pepper", 4, "1 pinch Black pepper"],
    [0.25, "pinch", "Black pepper", 2, "1 pinch Black pepper"],
    [0.25, "pinch", "Black pepper", 12, "1 pinch Black pepper"],
    [0.5, "pinch", "Nutmeg", 7, "2 pinches Nutmeg"],
    [0.25, "dash", "Hot sauce", 10, "1 dash Hot sauce"],
    [1, "to taste", "Salt", 4, "Salt to taste"],
    [1, "to taste", "Salt", 9, "Salt to taste"],
  ])("%d %s %s for %d guests reads %s", (perServing, unit, name, guests, reads) => {
    expect(line(perServing, unit, name, guests)).toBe(reads);
    expect(line(perServing, unit, name, guests)).not.toMatch(/piece|\d\.\d+ (egg|banana)/);
  });

  it("gives the exact amount of a count rounded to a quarter or third, for a tooltip", () => {
    expect(ingredientLineText(1.2, "piece", "Egg")).toEqual({
      amount: "1¼",
      name: "eggs",
      text: "1¼ eggs",
      exact: "1.2",
    });
    expect(ingredientLineText(2, "piece", "Egg").exact).toBeUndefined();
  });

  it("splits amount and name for the page, which styles the amount", () => {
    expect(ingredientLineText(400, "g", "All-purpose flour")).toEqual({
      amount: "400 g",
      name: "All-purpose flour",
      text: "400 g All-purpose flour",
    });
    expect(ingredientLineText(1, "to taste", "Salt")).toMatchObject({
      amount: "",
      name: "Salt to taste",
    });
  });

  it("converts into the cook's units first, then writes fractions for spoons and cups", () => {
    expect(ingredientLineText(1.5, "kg", "All-purpose flour", "us").text).toBe(
      "3.31 lb All-purpose flour",
    );
    expect(ingredientLineText(240, "ml", "Whole milk", "us").text).toBe("1 cup Whole milk");
    expect(ingredientLineText(2.5, "tbsp", "Butter", "metric").text).toBe("2½ tbsp Butter");
    expect(ingredientLineText(2, "piece", "Egg", "metric").text).toBe("2 eggs");
  });
});

// Issue 34 §6: amounts nobody can buy or measure, and what a cook reads instead.
describe("an amount a cook can use", () => {
  it.each([
    [333.33, "ml", "Vegetable stock", "as_written", "333 ml Vegetable stock"],
    [0.67, "kg", "Tomato", "as_written", "670 g Tomato"],
    [1.5, "g", "Saffron", "as_written", "1.5 g Saffron"],
    [6.33, "tbsp", "Olive oil", "as_written", "6⅓ tbsp Olive oil"],
    [1.9, "cup", "Buttermilk", "as_written", "1⅞ cups Buttermilk"],
    [13.25, "oz", "Flour", "as_written", "13¼ oz Flour"],
    [3, "tsp", "Baking powder", "as_written", "1 tbsp Baking powder"],
    [3, "tsp", "Baking powder", "metric", "1 tbsp Baking powder"],
    [16, "tbsp", "Butter", "as_written", "1 cup Butter"],
    [1.25, "tbsp", "Honey", "as_written", "1¼ tbsp Honey"],
    [1.1, "cup", "Water", "as_written", "1⅛ cups Water"],
    [375, "g", "Flour", "us", "13¼ oz Flour"],
    [450, "ml", "Buttermilk", "us", "1⅞ cups Buttermilk"],
    [50, "g", "Butter", "us", "1¾ oz Butter"],
    [1.5, "kg", "Flour", "us", "3.31 lb Flour"],
    [0.67, "kg", "Tomato", "metric", "670 g Tomato"],
  ] as const)("%d %s %s (%s) reads %s", (quantity, unit, name, system, reads) => {
    expect(ingredientLineText(quantity, unit, name, system).text).toBe(reads);
  });

  it("keeps what a spoon or cup was rounded from, for a tooltip", () => {
    expect(ingredientLineText(1.9, "cup", "Buttermilk")).toMatchObject({
      amount: "1⅞ cups",
      exact: "1.9 cup",
    });
    expect(ingredientLineText(1.5, "cup", "Buttermilk").exact).toBeUndefined();
  });

  it("buys counted things whole on the shopping list, with the need beside them", () => {
    const buy = (quantity: number, unit: string, name: string) =>
      ingredientLineText(quantity, unit, name, "as_written", { buying: true });
    expect(buy(8 / 3, "piece", "Onion")).toMatchObject({
      amount: "3",
      name: "onions",
      text: "3 onions (2⅔ needed)",
      needed: "2⅔",
    });
    expect(buy(0.2, "piece", "Lemon").text).toBe("1 lemon (¼ needed)");
    expect(buy(1.5, "can", "Chopped tomatoes").text).toBe("2 cans Chopped tomatoes (1½ needed)");
    expect(buy(2.5, "clove", "Garlic").text).toBe("3 cloves Garlic (2½ needed)");
    // Whole already, or a measure: as a cook reads it.
    expect(buy(2, "piece", "Onion")).toEqual({ amount: "2", name: "onions", text: "2 onions" });
    expect(buy(2.05, "piece", "Onion").text).toBe("2 onions");
    expect(buy(333.33, "ml", "Vegetable stock").text).toBe("333 ml Vegetable stock");
    expect(buy(0.5, "pinch", "Salt").text).toBe("1 pinch Salt");
    expect(buy(1, "to taste", "Salt").text).toBe("Salt to taste");
    // The recipe page, cook mode and the planner show the need itself.
    expect(ingredientLineText(8 / 3, "piece", "Onion").text).toBe("2⅔ onions");
  });

  it("buys a free-text line's count whole too, its words as typed", () => {
    expect(freeLineText(2.5, null, "lemons, zested", "as_written", { buying: true }).text).toBe(
      "3 lemons, zested (2½ needed)",
    );
    expect(freeLineText(2.5, null, "lemons, zested").text).toBe("2½ lemons, zested");
  });
});

describe("pluralName", () => {
  it.each([
    ["Egg", "Eggs"],
    ["Strawberry", "Strawberries"],
    ["Potato", "Potatoes"],
    ["Avocado", "Avocados"],
    ["Radish", "Radishes"],
    ["Chives", "Chives"],
    ["Canned tomatoes", "Canned tomatoes"],
    ["Garlic", "Garlic"],
    ["Jalapeño", "Jalapeños"],
    ["Makrut lime leaf", "Makrut lime leaves"],
  ])("%s → %s", (name, plural) => {
    expect(pluralName(name)).toBe(plural);
  });
});
