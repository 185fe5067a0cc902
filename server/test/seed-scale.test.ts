import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedScale } from "../scripts/seed-scale.js";
import { createTestApp } from "./helper.js";

// The benchmark's data sets take up to an hour to seed at 1M recipes: a stopped seed must
// resume where it stopped, and a finished one must not be seeded twice.
const { db } = await createTestApp();
const options = { recipes: 1200, users: 600, feedItems: 12_000, lists: 20 };

const counts = async () => {
  const result = await db.execute<Record<string, number>>(sql`select
    (select count(*) from users where username like 'scale\\_%')::int as users,
    (select count(*) from follows f join users u on u.id = f.follower_id
      where u.username = 'scale_1')::int as "scale1Follows",
    (select count(*) from recipes)::int as recipes,
    (select count(*) from recipe_ingredients)::int as "ingredientLines",
    (select count(*) from recipe_search)::int as "searchRows",
    (select count(*) from ratings)::int as ratings,
    (select count(*) from feed_items)::int as "feedItems",
    (select count(*) from feed_likes)::int as likes,
    (select count(*) from feed_comments)::int as comments,
    (select count(*) from grocery_lists)::int as lists,
    (select count(*) from shopping_items)::int as "shoppingItems"`);
  return result.rows[0] ?? {};
};

it("seeds the data set, does nothing when run again, and resumes a seed stopped half-way", async () => {
  expect((await seedScale(db, options)).outcome).toBe("seeded");
  const seeded = await counts();
  expect(seeded).toMatchObject({ users: 600, recipes: 1200, searchRows: 1200 });
  // 2-501, and a few of the cooks everyone follows.
  expect(seeded.scale1Follows).toBeGreaterThanOrEqual(500);
  expect(seeded.lists).toBe(20);
  expect(seeded.shoppingItems).toBeGreaterThan(0);
  expect(seeded.feedItems).toBeGreaterThan(options.feedItems * 0.95);
  expect(seeded.feedItems).toBeLessThan(options.feedItems * 1.05);

  expect((await seedScale(db, options)).outcome).toBe("already seeded");
  expect(await counts()).toEqual(seeded);

  // As if stopped before the likes: their rows gone, their steps and the later ones not done.
  await db.execute(sql`delete from feed_likes`);
  await db.execute(sql`delete from feed_comments`);
  await db.execute(sql`delete from shopping_items`);
  await db.execute(sql`delete from grocery_lists`);
  await db.execute(sql`update scale_seed.progress set next = first
    where step like 'likes%' or step like '%grocery lists%' or step = 'vacuum analyze'`);
  expect((await seedScale(db, options)).outcome).toBe("seeded");
  expect(await counts()).toEqual(seeded);
});

it("gives recipes visibility, times and skewed tags, also on a data set seeded before them", async () => {
  const mix = async () =>
    (
      await db.execute<Record<string, number>>(sql`select
        (select count(*) from recipes where visibility = 'public')::int as public,
        (select count(*) from recipes where visibility = 'followers')::int as followers,
        (select count(*) from recipes where visibility = 'private')::int as private,
        (select count(*) from recipes where prep_minutes is null and cook_minutes is null)::int as untimed,
        (select count(*) from recipe_tags)::int as tags,
        (select count(*) from recipe_tags where tag = 'dinner')::int as dinner,
        (select count(distinct tag) from recipe_tags)::int as "distinctTags"`)
    ).rows[0] ?? {};
  const seeded = await mix();
  expect(seeded.public).toBeGreaterThan(1200 * 0.75);
  expect(seeded.followers).toBeGreaterThan(1200 * 0.06);
  expect(seeded.private).toBeGreaterThan(1200 * 0.06);
  expect(seeded.untimed).toBeGreaterThan(1200 * 0.08);
  expect(seeded.untimed).toBeLessThan(1200 * 0.16);
  expect(seeded.tags).toBeGreaterThan(1200 * 2);
  expect(seeded.dinner).toBeGreaterThan(1200 * 0.2);
  expect(seeded.distinctTags).toBeGreaterThan(100);
  // As a data set seeded before these fields: none of them, the step not known, vacuum done.
  await db.execute(sql`delete from recipe_tags`);
  await db.execute(
    sql`update recipes set visibility = 'public', prep_minutes = null, cook_minutes = null`,
  );
  await db.execute(sql`delete from scale_seed.progress where step like 'recipe visibility%'`);
  expect((await seedScale(db, options)).outcome).toBe("seeded");
  expect(await mix()).toEqual(seeded);
  expect((await seedScale(db, options)).outcome).toBe("already seeded");
});

it("refuses to resume with other counts", async () => {
  await expect(seedScale(db, { ...options, recipes: 1300 })).rejects.toThrow(/other counts/);
});
