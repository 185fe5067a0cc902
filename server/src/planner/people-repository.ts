import type { Allergen, Diet } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { mayUsePlanner } from "./policy.js";

// The queries of who eats at a planner's table (issue 38 §4): planner_people. Its writes run
// under the planner's lock (db/locks.ts lockPlanner), as its entries' do.

/** A person as stored, with their account's username and their dislikes' catalogue names. */
export type PersonRow = {
  id: number;
  ownerId: number;
  userId: number | null;
  /** The username for an account, the name for a person without one. */
  name: string;
  username: string | null;
  allergens: Allergen[];
  diets: Diet[];
  dislikes: { id: number; name: string }[];
};

/** The people of the planner's accounts that are still on it (an owner, its members). */
const onPlanner = sql`(p.user_id is null or p.user_id = p.owner_id
  or exists (select 1 from planner_members m where m.owner_id = p.owner_id and m.user_id = p.user_id))`;

const personColumns = sql`p.id, p.owner_id as "ownerId", p.user_id as "userId",
  coalesce(u.username, p.name) as name, u.username, p.allergens, p.diets,
  coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name) order by i.name, i.id)
    from ingredients i where i.id = any(p.dislikes)), '[]') as dislikes`;

/**
 * The planner's people: its accounts (the owner first, then members by username), then the
 * people without one by name. A row for each account is made here when missing, so that every
 * account has an id to edit and to name among an entry's eaters. The planner's row must exist
 * (lockPlanner makes it).
 */
export async function tablePeople(tx: Tx, ownerId: number): Promise<PersonRow[]> {
  await tx.execute(sql`
    insert into planner_people (owner_id, user_id)
    values (${ownerId}::int, ${ownerId}::int)
    union all
    select owner_id, user_id from planner_members where owner_id = ${ownerId}
    on conflict do nothing`);
  const result = await tx.execute<PersonRow>(sql`
    select ${personColumns}
    from planner_people p left join users u on u.id = p.user_id
    where p.owner_id = ${ownerId} and ${onPlanner}
    order by p.user_id is null, p.user_id is distinct from p.owner_id,
      lower(coalesce(u.username, p.name)), p.id`);
  return result.rows;
}

/** The planner's people as they are, without making any (for warnings and filters). */
export async function storedPeople(tx: Tx, ownerId: number): Promise<PersonRow[]> {
  const result = await tx.execute<PersonRow>(sql`
    select ${personColumns}
    from planner_people p left join users u on u.id = p.user_id
    where p.owner_id = ${ownerId} and ${onPlanner}
    order by p.id`);
  return result.rows;
}

/**
 * storedPeople as one JSON value (PersonRow[]), for a statement that reads them with something
 * else: the week's entries carry their table, a round trip saved on the planner's most read
 * call (repository.ts entriesBetween).
 */
export const storedPeopleJson = (ownerId: SQL): SQL =>
  sql`(select coalesce(json_agg(x order by x.id), '[]') from (
    select ${personColumns}
    from planner_people p left join users u on u.id = p.user_id
    where p.owner_id = ${ownerId} and ${onPlanner}) x)`;

/** One person, when `userId` may use its planner; undefined (404) otherwise. */
export async function personFor(
  tx: Tx,
  id: number,
  userId: number,
): Promise<PersonRow | undefined> {
  const result = await tx.execute<PersonRow>(sql`
    select ${personColumns}
    from planner_people p left join users u on u.id = p.user_id
    where p.id = ${id} and ${mayUsePlanner(userId, sql`p.owner_id`)} and ${onPlanner}`);
  return result.rows[0];
}

export interface PersonFields {
  name?: string | undefined;
  allergens?: Allergen[] | undefined;
  diets?: Diet[] | undefined;
  dislikes?: number[] | undefined;
}

/** Of these ingredient ids, those that are not in the catalogue. */
export async function unknownIngredients(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{ id: number }>(sql`
    select v.id from unnest(${`{${ids.join(",")}}`}::int[]) v(id)
    where not exists (select 1 from ingredients i where i.id = v.id)`);
  return result.rows.map((row) => row.id);
}

/** A person without an account on the planner; returns their id. */
export async function insertPerson(
  tx: Tx,
  ownerId: number,
  fields: PersonFields & { name: string },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into planner_people (owner_id, name, allergens, diets, dislikes)
    values (${ownerId}, ${fields.name}, ${textArray(fields.allergens ?? [])},
      ${textArray(fields.diets ?? [])}, ${intArray(fields.dislikes ?? [])})
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error("person insert returned no row");
  return id;
}

/** Changes the fields given. */
export async function updatePerson(tx: Tx, id: number, fields: PersonFields): Promise<void> {
  const sets = [
    fields.name === undefined ? null : sql`name = ${fields.name}`,
    fields.allergens === undefined ? null : sql`allergens = ${textArray(fields.allergens)}`,
    fields.diets === undefined ? null : sql`diets = ${textArray(fields.diets)}`,
    fields.dislikes === undefined ? null : sql`dislikes = ${intArray(fields.dislikes)}`,
  ].filter((set) => set !== null);
  if (sets.length === 0) return;
  await tx.execute(sql`update planner_people set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Deletes a person, and takes them out of the entries they were eating. */
export async function deletePerson(tx: Tx, ownerId: number, id: number): Promise<void> {
  await tx.execute(sql`update planner_entries set eaters = array_remove(eaters, ${id}::int)
    where owner_id = ${ownerId} and ${id}::int = any(eaters)`);
  await tx.execute(sql`delete from planner_people where id = ${id}`);
}

/** Of these person ids, those that are not people of the planner. */
export async function strangersTo(tx: Tx, ownerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const known = await storedPeople(tx, ownerId);
  const ours = new Set(known.map((person) => person.id));
  return ids.filter((id) => !ours.has(id));
}

const textArray = (values: string[]) => sql`${`{${values.join(",")}}`}::text[]`;
const intArray = (values: number[]) => sql`${`{${values.join(",")}}`}::int[]`;
