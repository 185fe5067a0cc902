import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { FEED_FETCH_SIZES } from "../src/feed/repository.js";
import { buildRecipe, signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";

// One connection, so every request's statements are prepared where this test can count them.
const { app, db } = await createTestApp({ poolSize: 1 });

it("keeps a few feed statements per connection whatever limits are asked for", async () => {
  const { user, agent } = await signedIn(app, db);
  const recipe = await buildRecipe(db, user.id);
  await db.execute(sql`
    insert into feed_items (user_id, event_type, recipe_id, created_on)
    select ${user.id}, 'new_recipe', ${recipe.id}, now() - make_interval(secs => n)
    from generate_series(1, 120) n`);

  for (let limit = 1; limit <= 100; limit++) {
    const page = (await agent.get(`/api/feed/items/?limit=${limit}`)).json();
    expect(page.results).toHaveLength(limit);
    expect(page.next).not.toBeNull();
  }
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from pg_prepared_statements where name like 'feed_page%'`);
  expect(result.rows[0]?.count).toBe(FEED_FETCH_SIZES.length);
});
