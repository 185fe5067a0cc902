import type { PlannerEntry } from "@potluck/contract";
import type { Day } from "./week";

// What each person at the table eats (issue 38 §4): one serving of every planned recipe they
// eat, summed per day and per week. Pure: the week's cards and the people section draw it.

/** What one person eats over some meals. */
export interface Intake {
  /** Energy, kcal, of the servings counted (unrounded). */
  kcal: number;
  /** Protein, g (unrounded). */
  protein: number;
  /**
   * The sums are a floor: a meal they eat has rows Potluck could not count (`not_counted`),
   * or no nutrition at all (a recipe no longer available).
   */
  atLeast: boolean;
  /** How many of the meals they eat. */
  meals: number;
}

const nothing = (): Intake => ({ kcal: 0, protein: 0, atLeast: false, meals: 0 });

/** A meal to count: a recipe, or one no longer available; a note ("Eat out") is not. */
export const isMeal = (entry: PlannerEntry): boolean =>
  entry.recipe !== null || entry.unavailable_recipe !== null;

/**
 * Who of `people` (ids, the table's order) eats an entry: everyone for `eaters` null, else
 * those it names (ids of people no longer at the table are left out).
 */
export function eatersOf(entry: Pick<PlannerEntry, "eaters">, people: readonly number[]): number[] {
  const { eaters } = entry;
  return eaters === null ? [...people] : people.filter((id) => eaters.includes(id));
}

/** Each person's intake (by id, every one of `people`) over `entries`. */
export function intakeOf(
  entries: readonly PlannerEntry[],
  people: readonly number[],
): Map<number, Intake> {
  const intake = new Map(people.map((id) => [id, nothing()]));
  for (const entry of entries) {
    if (!isMeal(entry)) continue;
    const nutrition = entry.nutrition;
    const partial = nutrition === null || !nutrition.complete;
    for (const id of eatersOf(entry, people)) {
      const sum = intake.get(id);
      if (!sum) continue;
      sum.meals += 1;
      sum.atLeast ||= partial;
      if (nutrition) {
        sum.kcal += nutrition.per_serving.energy_kcal;
        sum.protein += nutrition.per_serving.protein_g;
      }
    }
  }
  return intake;
}

/** Each day's intake per person, for the days given (a day without meals: every sum 0). */
export function intakeByDay(
  entries: readonly PlannerEntry[],
  people: readonly number[],
  days: readonly Day[],
): Map<Day, Map<number, Intake>> {
  const byDay = new Map<Day, PlannerEntry[]>(days.map((day) => [day, []]));
  for (const entry of entries) byDay.get(entry.date)?.push(entry);
  return new Map(days.map((day) => [day, intakeOf(byDay.get(day) ?? [], people)]));
}

/**
 * Whether a day's sums say anything: someone eats a meal there that has energy, or that could
 * not be counted (≥ 0 kcal says so). A day of notes only, or of none, says nothing.
 */
export const worthShowing = (intake: ReadonlyMap<number, Intake>): boolean =>
  [...intake.values()].some((sum) => sum.meals > 0 && (sum.kcal > 0 || sum.atLeast));
