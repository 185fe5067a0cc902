import type { PlannerSlot } from "@potluck/contract";
import type { SessionUser } from "../auth/sessions.js";
import { ownsCollection } from "../collections/repository.js";
import type { Db } from "../db/client.js";
import { notFound } from "../http/errors.js";
import { storedPeople } from "../planner/people-repository.js";
import {
  filledDates,
  plannedRecipeDates,
  type SuggestionSource,
  suggestionCandidates,
} from "../planner/repository.js";
import { addDays, daysFrom, pickSuggestions, SUGGESTION_GAP_DAYS } from "../planner/suggestions.js";
import { filterConditions, safeForEveryone } from "../recipes/repository.js";

// Filling a planner's empty slots draws on the planner and on the recipes the cook may plan,
// from one of their own collections (collections), a tag or their own recipes.

/**
 * Suggestions for the empty `slot`s of `ownerId`'s planner from `start` to `end` (the caller
 * has found that `user` may use that planner): the recipes of `user`'s own collection, of a
 * tag, or else their own, without `exclude` and without one planned within
 * SUGGESTION_GAP_DAYS (planner/suggestions.ts), and never one unsafe for someone at its table
 * (an allergen of theirs, or not known to be free of it; a diet it breaks; an ingredient they
 * dislike). A collection that is not the cook's is a 404.
 */
export async function suggestMeals(
  db: Db,
  user: SessionUser,
  ownerId: number,
  ask: {
    start: string;
    end: string;
    slot: PlannerSlot;
    collection?: number | undefined;
    tag?: string | undefined;
    exclude?: number[] | undefined;
  },
) {
  let source: SuggestionSource = { authorId: user.id };
  if (ask.collection !== undefined) {
    if (!(await ownsCollection(db, user.id, ask.collection))) throw notFound();
    source = { collectionId: ask.collection };
  } else if (ask.tag !== undefined) {
    source = { tag: ask.tag };
  }
  const filled = await filledDates(db, ownerId, ask.slot, ask.start, ask.end);
  const empty = daysFrom(ask.start, ask.end).filter((day) => !filled.has(day));
  if (empty.length === 0) return [];
  const people = await storedPeople(db, ownerId);
  const candidates = await suggestionCandidates(
    db,
    user,
    ownerId,
    source,
    ask.exclude ?? [],
    filterConditions(safeForEveryone(people)),
  );
  const planned = await plannedRecipeDates(
    db,
    ownerId,
    addDays(ask.start, -SUGGESTION_GAP_DAYS),
    addDays(ask.end, SUGGESTION_GAP_DAYS),
  );
  return pickSuggestions(empty, candidates, planned);
}
