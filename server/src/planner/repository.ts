import type { PlannerSlot } from "@potluck/contract";
import { and, asc, between, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Viewer } from "../auth/policy.js";
import { type Db, preparedPerDb, type Tx } from "../db/client.js";
import type { PlannerSlotKey } from "../db/locks.js";
import {
  collectionRecipes,
  plannedRecipes,
  plannerEntries,
  plannerMembers,
  planners,
  recipes,
  recipeTags,
  users,
} from "../db/schema.js";
import { mayReadRecipe } from "../recipes/policy.js";
import { type PersonRow, storedPeopleJson } from "./people-repository.js";
import { mayPlanRecipe, mayUsePlanner } from "./policy.js";

// Every query of planners, their entries and members. A planner or entry of a planner the user
// may not use (policy.ts) is simply not found. The writes run under the planner's lock
// (db/locks.ts lockPlanner), which keeps each slot's positions 0, 1, 2… (renumberSlot).

/** The recipes row aliased `r`, as the recipe policy's SQL form names it. */
const r = alias(recipes, "r");
const creator = alias(users, "creator");

/** breakfast → lunch → dinner → snack, the order of a day. */
const slotOrder = sql`array_position(array['breakfast', 'lunch', 'dinner', 'snack'], ${plannerEntries.slot})`;

const entryColumns = {
  id: plannerEntries.id,
  ownerId: plannerEntries.ownerId,
  date: plannerEntries.date,
  slot: sql<PlannerSlot>`${plannerEntries.slot}`,
  position: plannerEntries.position,
  recipeId: r.id,
  recipeTitle: r.title,
  recipeSlug: r.slug,
  recipeImageKey: r.imageKey,
  recipeVisibility: r.visibility,
  guests: plannerEntries.guests,
  note: plannerEntries.note,
  unavailableTitle: plannerEntries.unavailableTitle,
  sentPlannedRecipeId: plannedRecipes.id,
  sentListId: plannedRecipes.groceryListId,
  createdBy: creator.username,
  eaters: plannerEntries.eaters,
  // What its recipe contains (recipes/facts.ts), for the table's warnings and the day's sums.
  recipeNutrition: r.nutrition,
  recipeAllergens: r.allergens,
  recipeAllergensComplete: r.allergensComplete,
  recipeDiets: r.diets,
  recipeIngredientIds: sql<number[] | null>`(select array_agg(ri.ingredient_id)
    from recipe_ingredients ri where ri.recipe_id = ${r.id} and ri.ingredient_id is not null)`,
};

const entryQuery = (tx: Tx, position: SQL<number> | typeof plannerEntries.position) =>
  tx
    .select({ ...entryColumns, position })
    .from(plannerEntries)
    .leftJoin(r, eq(r.id, plannerEntries.recipeId))
    .leftJoin(plannedRecipes, eq(plannedRecipes.id, plannerEntries.sentPlannedRecipeId))
    .leftJoin(creator, eq(creator.id, plannerEntries.createdById));
export type EntryRow = Awaited<ReturnType<typeof entryQuery>>[number];

/**
 * The owner's planner, named by username, when the user may use it; without a name, the
 * user's own. Undefined (404) for an unknown cook or a planner not shared with the user.
 */
export async function plannerOwner(
  tx: Tx,
  user: { id: number; username: string },
  ownerUsername: string | undefined,
): Promise<{ id: number; username: string } | undefined> {
  if (ownerUsername === undefined) return { id: user.id, username: user.username };
  const [owner] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, ownerUsername.toLowerCase()),
        mayUsePlanner(user.id, users.id),
      ),
    );
  return owner;
}

/**
 * The planner's entries from `start` to `end` (inclusive) by date, slot, position. Positions
 * are numbered here (0, 1, 2… in each slot): a recipe delete removes its entries without the
 * planner's lock and may leave a gap that no one has closed yet (db/locks.ts).
 */
export async function entriesBetween(db: Db, ownerId: number, start: string, end: string) {
  return entriesBetweenQuery(db).execute({ ownerId, start, end });
}

/**
 * entriesBetween's query, named and built once per database handle (preparedPerDb). Each row
 * carries the planner's people too (`people`, the same on every row: people-repository.ts
 * storedPeopleJson), for the entries' warnings without a second round trip.
 */
const entriesBetweenQuery = preparedPerDb((db) =>
  db
    .select({
      ...entryColumns,
      position: sql<number>`(row_number() over (partition by ${plannerEntries.date}, ${plannerEntries.slot}
        order by ${plannerEntries.position}, ${plannerEntries.id}) - 1)::int`,
      people: sql<PersonRow[]>`${storedPeopleJson(sql`${sql.placeholder("ownerId")}::int`)}`,
    })
    .from(plannerEntries)
    .leftJoin(r, eq(r.id, plannerEntries.recipeId))
    .leftJoin(plannedRecipes, eq(plannedRecipes.id, plannerEntries.sentPlannedRecipeId))
    .leftJoin(creator, eq(creator.id, plannerEntries.createdById))
    .where(
      and(
        eq(plannerEntries.ownerId, sql.placeholder("ownerId")),
        between(plannerEntries.date, sql.placeholder("start"), sql.placeholder("end")),
      ),
    )
    .orderBy(
      asc(plannerEntries.date),
      asc(slotOrder),
      asc(plannerEntries.position),
      asc(plannerEntries.id),
    )
    .prepare("planner_entries_between"),
);

/** One entry as stored, after a write that renumbered its slot. */
export async function entryById(tx: Tx, id: number): Promise<EntryRow | undefined> {
  const [row] = await entryQuery(tx, plannerEntries.position).where(eq(plannerEntries.id, id));
  return row;
}

/** The planner an entry is on, when the user may use it; undefined (404) otherwise. */
export async function ownerOfEntry(
  tx: Tx,
  entryId: number,
  userId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ ownerId: plannerEntries.ownerId })
    .from(plannerEntries)
    .where(and(eq(plannerEntries.id, entryId), mayUsePlanner(userId, plannerEntries.ownerId)));
  return row?.ownerId;
}

/** What a change of an entry looks at, read under the planner's lock. */
export async function entryForChange(tx: Tx, entryId: number, ownerId: number) {
  const [row] = await tx
    .select({
      id: plannerEntries.id,
      date: plannerEntries.date,
      slot: plannerEntries.slot,
      recipeId: plannerEntries.recipeId,
      note: plannerEntries.note,
      sentPlannedRecipeId: plannerEntries.sentPlannedRecipeId,
    })
    .from(plannerEntries)
    .where(and(eq(plannerEntries.id, entryId), eq(plannerEntries.ownerId, ownerId)));
  return row;
}

// ---------- positions ----------

/** The ids of a slot's entries in their order. */
async function slotIds(tx: Tx, ownerId: number, { date, slot }: PlannerSlotKey) {
  const rows = await tx
    .select({ id: plannerEntries.id })
    .from(plannerEntries)
    .where(
      and(
        eq(plannerEntries.ownerId, ownerId),
        eq(plannerEntries.date, date),
        eq(plannerEntries.slot, slot),
      ),
    )
    .orderBy(asc(plannerEntries.position), asc(plannerEntries.id));
  return rows.map((row) => row.id);
}

/** Gives `ids` the positions 0, 1, 2… in this order (and the slot), writing only what moved. */
async function writeSlot(tx: Tx, { date, slot }: PlannerSlotKey, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${plannerEntries} as e
    set position = v.n - 1, date = ${date}::date, slot = ${slot}
    from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, n)
    where e.id = v.id and (e.position <> v.n - 1 or e.date <> ${date}::date or e.slot <> ${slot})`);
}

/** The slot's positions made 0, 1, 2… again in their order (after an entry left it). */
export async function renumberSlot(tx: Tx, ownerId: number, key: PlannerSlotKey): Promise<void> {
  await writeSlot(tx, key, await slotIds(tx, ownerId, key));
}

/**
 * Puts an entry at `position` of a slot (its end when undefined or past it), moving it from
 * the slot it was in: both slots stay 0, 1, 2….
 */
export async function placeEntry(
  tx: Tx,
  ownerId: number,
  entryId: number,
  from: PlannerSlotKey,
  to: PlannerSlotKey,
  position: number | undefined,
): Promise<void> {
  const ids = (await slotIds(tx, ownerId, to)).filter((id) => id !== entryId);
  ids.splice(Math.min(position ?? ids.length, ids.length), 0, entryId);
  await writeSlot(tx, to, ids);
  if (from.date !== to.date || from.slot !== to.slot) await renumberSlot(tx, ownerId, from);
}

// ---------- writes ----------

export async function insertEntry(
  tx: Tx,
  entry: {
    ownerId: number;
    date: string;
    slot: PlannerSlot;
    recipeId: number | null;
    guests: number | null;
    note: string | null;
    createdById: number;
    eaters: number[] | null;
  },
): Promise<number> {
  // At the end of its slot: after every position there, gaps or not.
  const [row] = await tx
    .insert(plannerEntries)
    .values({
      ...entry,
      position: sql`(select coalesce(max(position) + 1, 0) from ${plannerEntries}
        where owner_id = ${entry.ownerId} and date = ${entry.date} and slot = ${entry.slot})`,
    })
    .returning({ id: plannerEntries.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateEntry(
  tx: Tx,
  id: number,
  changes: { guests?: number; note?: string; eaters?: number[] | null },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(plannerEntries).set(changes).where(eq(plannerEntries.id, id));
}

export async function deleteEntry(tx: Tx, id: number): Promise<void> {
  await tx.delete(plannerEntries).where(eq(plannerEntries.id, id));
}

/** Whether an entry of this planner plans the recipe (copying within a planner is allowed). */
export async function isOnPlanner(tx: Tx, ownerId: number, recipeId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: plannerEntries.id })
    .from(plannerEntries)
    .where(and(eq(plannerEntries.ownerId, ownerId), eq(plannerEntries.recipeId, recipeId)))
    .limit(1);
  return row !== undefined;
}

// ---------- send to a list ----------

/** The planner's recipe entries from `start` to `end`, in date order, with what was sent. */
export async function recipeEntriesBetween(tx: Tx, ownerId: number, start: string, end: string) {
  return tx
    .select({
      id: plannerEntries.id,
      date: plannerEntries.date,
      recipeId: sql<number>`${plannerEntries.recipeId}`,
      guests: sql<number>`${plannerEntries.guests}`,
      sentPlannedRecipeId: plannerEntries.sentPlannedRecipeId,
    })
    .from(plannerEntries)
    .where(
      and(
        eq(plannerEntries.ownerId, ownerId),
        between(plannerEntries.date, start, end),
        isNotNull(plannerEntries.recipeId),
      ),
    )
    .orderBy(asc(plannerEntries.date), asc(slotOrder), asc(plannerEntries.position));
}

export async function markSent(tx: Tx, entryId: number, plannedRecipeId: number): Promise<void> {
  await tx
    .update(plannerEntries)
    .set({ sentPlannedRecipeId: plannedRecipeId })
    .where(eq(plannerEntries.id, entryId));
}

// ---------- members ----------

/** The owner, then the members by username; ids for the routes' checks. */
export async function membersOf(tx: Tx, ownerId: number) {
  const [owner] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, ownerId));
  const members = await tx
    .select({ id: users.id, username: users.username })
    .from(plannerMembers)
    .innerJoin(users, eq(users.id, plannerMembers.userId))
    .where(eq(plannerMembers.ownerId, ownerId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return [
    ...(owner ? [{ ...owner, role: "owner" as const }] : []),
    ...members.map((member) => ({ ...member, role: "member" as const })),
  ];
}

/** Shares the planner with a cook; false when they are a member already. */
export async function addMember(tx: Tx, ownerId: number, userId: number): Promise<boolean> {
  const added = await tx
    .insert(plannerMembers)
    .values({ ownerId, userId })
    .onConflictDoNothing()
    .returning({ userId: plannerMembers.userId });
  return added.length > 0;
}

/** Takes a cook off the planner; false when they were not on it. */
export async function removeMember(tx: Tx, ownerId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(plannerMembers)
    .where(and(eq(plannerMembers.ownerId, ownerId), eq(plannerMembers.userId, userId)))
    .returning({ userId: plannerMembers.userId });
  return removed.length > 0;
}

/** The planners shared with the user, by owner username. */
export async function sharedWith(tx: Tx, userId: number) {
  return tx
    .select({ ownerUsername: users.username })
    .from(plannerMembers)
    .innerJoin(users, eq(users.id, plannerMembers.ownerId))
    .where(eq(plannerMembers.userId, userId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

/** The owner and the members: who may have the planner's event stream open. */
export async function peopleOf(tx: Tx, ownerId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ userId: plannerMembers.userId })
    .from(plannerMembers)
    .where(eq(plannerMembers.ownerId, ownerId));
  return new Set([ownerId, ...rows.map((row) => row.userId)]);
}

// ---------- calendar ----------

/** Sets (or, with null, clears) the hash of the planner's calendar secret. */
export async function setCalendarTokenHash(
  tx: Tx,
  ownerId: number,
  hash: string | null,
): Promise<void> {
  await tx.update(planners).set({ calendarTokenHash: hash }).where(eq(planners.ownerId, ownerId));
}

/** The owner of the planner whose calendar secret hashes to `hash`. */
export async function ownerOfCalendar(tx: Tx, hash: string) {
  const [row] = await tx
    .select({
      id: users.id,
      username: users.username,
      isSuperuser: users.isSuperuser,
      language: users.language,
    })
    .from(planners)
    .innerJoin(users, eq(users.id, planners.ownerId))
    .where(eq(planners.calendarTokenHash, hash));
  return row;
}

/**
 * The entries of the calendar feed, from `start` to `end`, by date and slot; a recipe the owner
 * may not read (the recipe policy, for them) is left out.
 */
export async function calendarEntries(
  tx: Tx,
  owner: NonNullable<Viewer>,
  start: string,
  end: string,
) {
  return tx
    .select({
      id: plannerEntries.id,
      date: plannerEntries.date,
      slot: sql<PlannerSlot>`${plannerEntries.slot}`,
      note: plannerEntries.note,
      unavailableTitle: plannerEntries.unavailableTitle,
      recipeId: r.id,
      recipeTitle: r.title,
      recipeSlug: r.slug,
    })
    .from(plannerEntries)
    .leftJoin(r, eq(r.id, plannerEntries.recipeId))
    .where(
      and(
        eq(plannerEntries.ownerId, owner.id),
        between(plannerEntries.date, start, end),
        sql`(${plannerEntries.recipeId} is null or ${mayReadRecipe(owner)})`,
      ),
    )
    .orderBy(
      asc(plannerEntries.date),
      asc(slotOrder),
      asc(plannerEntries.position),
      asc(plannerEntries.id),
    );
}

// ---------- suggestions ----------

/** Where suggestions come from: a collection of the cook's, a tag, or their own recipes. */
export type SuggestionSource = { collectionId: number } | { tag: string } | { authorId: number };

/** How many candidates one suggestion call draws at most, at random. */
export const SUGGESTION_CANDIDATES = 500;

/**
 * Up to SUGGESTION_CANDIDATES recipes of the source, in random order, that the cook may plan
 * on this planner (policy.ts mayPlanRecipe), none of `exclude`.
 */
export async function suggestionCandidates(
  tx: Tx,
  viewer: NonNullable<Viewer>,
  ownerId: number,
  source: SuggestionSource,
  exclude: number[],
  /** More conditions on `r` (who is at the table: recipes/repository.ts safeForEveryone). */
  conditions: SQL[] = [],
) {
  const fromSource =
    "collectionId" in source
      ? sql`r.id in (select ${collectionRecipes.recipeId} from ${collectionRecipes}
          where ${collectionRecipes.collectionId} = ${source.collectionId})`
      : "tag" in source
        ? sql`r.id in (select ${recipeTags.recipeId} from ${recipeTags}
            where ${recipeTags.tag} = ${source.tag})`
        : sql`r.author_id = ${source.authorId}`;
  return tx
    .select({
      id: r.id,
      title: r.title,
      slug: r.slug,
      imageKey: r.imageKey,
      visibility: r.visibility,
    })
    .from(r)
    .where(
      and(
        fromSource,
        mayPlanRecipe(viewer, ownerId),
        sql`r.id <> all(${sql.param(exclude)}::int[])`,
        ...conditions,
      ),
    )
    .orderBy(sql`random()`)
    .limit(SUGGESTION_CANDIDATES);
}

/** The planner's recipe entries from `start` to `end`: which recipe on which date. */
export async function plannedRecipeDates(tx: Tx, ownerId: number, start: string, end: string) {
  return tx
    .select({ date: plannerEntries.date, recipeId: sql<number>`${plannerEntries.recipeId}` })
    .from(plannerEntries)
    .where(
      and(
        eq(plannerEntries.ownerId, ownerId),
        between(plannerEntries.date, start, end),
        isNotNull(plannerEntries.recipeId),
      ),
    );
}

/** The dates from `start` to `end` on which the planner has something in `slot`. */
export async function filledDates(
  tx: Tx,
  ownerId: number,
  slot: PlannerSlot,
  start: string,
  end: string,
): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ date: plannerEntries.date })
    .from(plannerEntries)
    .where(
      and(
        eq(plannerEntries.ownerId, ownerId),
        eq(plannerEntries.slot, slot),
        between(plannerEntries.date, start, end),
      ),
    );
  return new Set(rows.map((row) => row.date));
}

/**
 * The planners of the two cooks that the other is a member of: what a block between them ends
 * (decision 0032), by owner. Read under their pair lock, so no new one can appear.
 */
export async function plannersSharedBetween(
  tx: Tx,
  a: number,
  b: number,
): Promise<{ ownerId: number; memberId: number }[]> {
  return tx
    .select({ ownerId: plannerMembers.ownerId, memberId: plannerMembers.userId })
    .from(plannerMembers)
    .where(
      sql`(${plannerMembers.ownerId} = ${a} and ${plannerMembers.userId} = ${b})
        or (${plannerMembers.ownerId} = ${b} and ${plannerMembers.userId} = ${a})`,
    )
    .orderBy(asc(plannerMembers.ownerId));
}

/**
 * Before a cook's account and recipes go: the entries of their recipes on other cooks'
 * planners stay, as "a recipe that is no longer available" with its title (issue 34 §3),
 * instead of vanishing with the recipe. Runs with the recipes locked FOR UPDATE (as a recipe
 * delete's cascade reaches these entries, see db/locks.ts). The planners and recipes changed.
 */
export async function keepEntriesOfAuthorsRecipes(
  tx: Tx,
  authorId: number,
): Promise<{ ownerId: number; recipeId: number; title: string }[]> {
  const result = await tx.execute<{ ownerId: number; recipeId: number; title: string }>(sql`
    update ${plannerEntries} e
    set unavailable_title = r.title, recipe_id = null
    from ${recipes} r
    where r.id = e.recipe_id and r.author_id = ${authorId} and e.owner_id <> ${authorId}
    returning e.owner_id as "ownerId", r.id as "recipeId", r.title`);
  return result.rows;
}

/** The planners whose entries hold any of these recipes (read before the recipes go). */
export async function plannersPlanningRecipes(tx: Tx, recipeIds: readonly number[]) {
  const rows = await tx
    .selectDistinct({ ownerId: plannerEntries.ownerId })
    .from(plannerEntries)
    .where(sql`${plannerEntries.recipeId} = any(${sql.param([...recipeIds])}::int[])`);
  return rows.map((row) => row.ownerId);
}
