// Filling a planner's empty slots: the rule that picks, apart from the queries that feed it
// (repository.ts), so it can be tested on its own.

/** A suggestion never repeats a recipe planned this many days before or after its date. */
export const SUGGESTION_GAP_DAYS = 14;

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The days from `start` to `end`, both `YYYY-MM-DD`, inclusive. */
export function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(start); n <= dayNumber(end); n++) {
    days.push(new Date(n * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}

/** `YYYY-MM-DD` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number): string =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/**
 * For each of `dates` in order, the first of `candidates` (already shuffled) that is not
 * proposed for an earlier date of this answer and not planned within SUGGESTION_GAP_DAYS of
 * it (before or after: a recipe on next Thursday is no better on this Tuesday). Dates for
 * which nothing is left get no proposal.
 */
export function pickSuggestions<R extends { id: number }>(
  dates: string[],
  candidates: R[],
  planned: { date: string; recipeId: number }[],
): { date: string; recipe: R }[] {
  const plannedDays = new Map<number, number[]>();
  for (const { date, recipeId } of planned) {
    plannedDays.set(recipeId, [...(plannedDays.get(recipeId) ?? []), dayNumber(date)]);
  }
  const used = new Set<number>();
  const picks: { date: string; recipe: R }[] = [];
  for (const date of dates) {
    const day = dayNumber(date);
    const recipe = candidates.find(
      (candidate) =>
        !used.has(candidate.id) &&
        !(plannedDays.get(candidate.id) ?? []).some(
          (other) => Math.abs(other - day) <= SUGGESTION_GAP_DAYS,
        ),
    );
    if (!recipe) continue;
    used.add(recipe.id);
    picks.push({ date, recipe });
  }
  return picks;
}
