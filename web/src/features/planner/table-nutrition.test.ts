import type { PlannerEntry } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { eatersOf, intakeByDay, intakeOf, isMeal, worthShowing } from "./table-nutrition";

const MON = "2025-06-02";
const TUE = "2025-06-03";
const ANN = 1;
const MIA = 2;
const LEO = 3;
const TABLE = [ANN, MIA, LEO];

function nutrition(kcal: number, protein: number, notCounted = 0): PlannerEntry["nutrition"] {
  return {
    per_serving: {
      energy_kcal: kcal,
      energy_kj: kcal * 4.184,
      protein_g: protein,
      fat_g: 0,
      saturated_fat_g: 0,
      carbohydrate_g: 0,
      sugars_g: 0,
      fibre_g: 0,
      salt_g: 0,
    },
    // A row not counted makes the sums "at least".
    complete: notCounted === 0,
  };
}

let nextId = 1;
function meal(fields: Partial<PlannerEntry> = {}): PlannerEntry {
  const id = nextId++;
  return {
    id,
    date: MON,
    slot: "dinner",
    position: 0,
    recipe: { id, title: `Recipe ${id}`, slug: `recipe-${id}`, image_card: null },
    unavailable_recipe: null,
    guests: 4,
    note: null,
    sent_to: null,
    created_by: "ann",
    eaters: null,
    warnings: [],
    nutrition: nutrition(500, 20),
    ...fields,
  };
}
const note = (fields: Partial<PlannerEntry> = {}) =>
  meal({ recipe: null, note: "Eat out", guests: null, nutrition: null, ...fields });

describe("who eats a meal", () => {
  it("is everyone at the table when its eaters are null", () => {
    expect(eatersOf({ eaters: null }, TABLE)).toEqual(TABLE);
  });
  it("is the people it names, in the table's order, leaving out anyone no longer there", () => {
    expect(eatersOf({ eaters: [LEO, 99, ANN] }, TABLE)).toEqual([ANN, LEO]);
    expect(eatersOf({ eaters: [] }, TABLE)).toEqual([]);
  });
  it("counts recipes, also one no longer available, and never notes", () => {
    expect(isMeal(meal())).toBe(true);
    expect(isMeal(meal({ recipe: null, unavailable_recipe: { title: "Gone" } }))).toBe(true);
    expect(isMeal(note())).toBe(false);
  });
});

describe("what each person eats", () => {
  it("sums a serving of every meal they eat", () => {
    const intake = intakeOf(
      [
        meal({ slot: "lunch", nutrition: nutrition(400, 12.4) }),
        meal({ eaters: [ANN, LEO], nutrition: nutrition(650.5, 30) }),
        note(),
      ],
      TABLE,
    );
    expect(intake.get(ANN)).toEqual({ kcal: 1050.5, protein: 42.4, atLeast: false, meals: 2 });
    expect(intake.get(MIA)).toEqual({ kcal: 400, protein: 12.4, atLeast: false, meals: 1 });
    expect(intake.get(LEO)).toEqual({ kcal: 1050.5, protein: 42.4, atLeast: false, meals: 2 });
  });

  it("is at least that when a meal they eat has rows it could not count", () => {
    const intake = intakeOf(
      [
        meal({ nutrition: nutrition(300, 10) }),
        meal({ eaters: [MIA], nutrition: nutrition(200, 5, 1) }),
      ],
      TABLE,
    );
    expect(intake.get(MIA)).toEqual({ kcal: 500, protein: 15, atLeast: true, meals: 2 });
    // Ann does not eat the partial one: her sum is whole.
    expect(intake.get(ANN)).toEqual({ kcal: 300, protein: 10, atLeast: false, meals: 1 });
  });

  it("is at least that when a meal has no nutrition (a recipe no longer available)", () => {
    const gone = meal({ recipe: null, unavailable_recipe: { title: "Gone" }, nutrition: null });
    const intake = intakeOf([meal({ nutrition: nutrition(300, 10) }), gone], [ANN]);
    expect(intake.get(ANN)).toEqual({ kcal: 300, protein: 10, atLeast: true, meals: 2 });
  });

  it("gives everyone at the table a sum, 0 for who eats nothing", () => {
    const intake = intakeOf([meal({ eaters: [ANN] })], TABLE);
    expect([...intake.keys()]).toEqual(TABLE);
    expect(intake.get(LEO)).toEqual({ kcal: 0, protein: 0, atLeast: false, meals: 0 });
  });
});

describe("per day", () => {
  it("sums each day apart, every day given having its sums", () => {
    const WED = "2025-06-04";
    const byDay = intakeByDay(
      [
        meal({ date: MON, nutrition: nutrition(500, 20) }),
        meal({ date: MON, slot: "lunch", eaters: [MIA], nutrition: nutrition(300, 5, 2) }),
        meal({ date: TUE, eaters: [ANN], nutrition: nutrition(800, 40) }),
        // Outside the days asked for: not counted anywhere.
        meal({ date: "2025-06-09" }),
      ],
      [ANN, MIA],
      [MON, TUE, WED],
    );
    expect(byDay.get(MON)?.get(ANN)).toEqual({ kcal: 500, protein: 20, atLeast: false, meals: 1 });
    expect(byDay.get(MON)?.get(MIA)).toEqual({ kcal: 800, protein: 25, atLeast: true, meals: 2 });
    expect(byDay.get(TUE)?.get(ANN)?.kcal).toBe(800);
    expect(byDay.get(TUE)?.get(MIA)?.meals).toBe(0);
    expect(worthShowing(byDay.get(MON) ?? new Map())).toBe(true);
    expect(worthShowing(byDay.get(WED) ?? new Map())).toBe(false);
  });

  it("says nothing for a day of notes, and ≥ 0 for a day of meals it could not count", () => {
    expect(worthShowing(intakeOf([note()], TABLE))).toBe(false);
    const gone = meal({ recipe: null, unavailable_recipe: { title: "Gone" }, nutrition: null });
    expect(worthShowing(intakeOf([gone], TABLE))).toBe(true);
    // A recipe of no ingredients: 0 kcal, nothing left out, nothing to say.
    expect(worthShowing(intakeOf([meal({ nutrition: nutrition(0, 0) })], TABLE))).toBe(false);
  });
});
