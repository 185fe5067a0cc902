// GET /api/users/cooks-to-follow/: the empty feed's suggestions (issue 22, item 15).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildRecipe, buildUser, signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

interface Cook {
  id: number;
  username: string;
  follower_count: number;
  latest_recipe: { id: number; slug: string; title: string; image: string | null };
}

async function follow(followerId: number, followeeId: number) {
  await db.execute(
    sql`insert into follows (follower_id, followee_id) values (${followerId}, ${followeeId})`,
  );
}

async function publishedAt(authorId: number, title: string, minutesAgo: number) {
  const recipe = await buildRecipe(db, authorId, { title });
  await db.execute(
    sql`update recipes set created_on = now() - make_interval(mins => ${minutesAgo})
        where id = ${recipe.id}`,
  );
  return recipe;
}

describe("cooks to follow", () => {
  it("lists the most followed cooks I don't follow with their latest recipe, then new cooks", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const fans = await Promise.all([buildUser(db), buildUser(db), buildUser(db)]);
    const star = await buildUser(db);
    await publishedAt(star.id, "Old soup", 60);
    const pie = await publishedAt(star.id, "New pie", 5);
    const known = await buildUser(db);
    const salad = await publishedAt(known.id, "Salad", 30);
    const newcomer = await buildUser(db);
    const bread = await publishedAt(newcomer.id, "Bread", 10);
    const quiet = await buildUser(db); // followed, but no recipe: nothing to show
    const followed = await buildUser(db); // I follow them already
    await publishedAt(followed.id, "Stew", 1);
    await publishedAt(me.id, "My own", 1);
    for (const fan of fans) await follow(fan.id, star.id);
    await follow(fans[0].id, known.id);
    await follow(fans[0].id, quiet.id);
    await follow(fans[1].id, followed.id);
    await follow(me.id, followed.id);

    const response = await agent.get("/api/users/cooks-to-follow/");
    expect(response.statusCode).toBe(200);
    const cooks: Cook[] = response.json();
    expect(cooks).toEqual([
      {
        id: star.id,
        username: star.username,
        follower_count: 3,
        latest_recipe: { id: pie.id, slug: pie.slug, title: "New pie", image: null },
      },
      {
        id: known.id,
        username: known.username,
        follower_count: 1,
        latest_recipe: { id: salad.id, slug: salad.slug, title: "Salad", image: null },
      },
      {
        id: newcomer.id,
        username: newcomer.username,
        follower_count: 0,
        latest_recipe: { id: bread.id, slug: bread.slug, title: "Bread", image: null },
      },
    ]);

    // A limit cuts the list from the top; following someone takes them off it.
    const two: Cook[] = (await agent.get("/api/users/cooks-to-follow/?limit=2")).json();
    expect(two.map((cook) => cook.id)).toEqual([star.id, known.id]);
    expect((await agent.post(`/api/users/${star.id}/follow/`)).statusCode).toBe(201);
    const after: Cook[] = (await agent.get("/api/users/cooks-to-follow/")).json();
    expect(after.map((cook) => cook.id)).toEqual([known.id, newcomer.id]);
  });

  it("needs a signed-in cook and a limit from 1 to 20", async () => {
    expect((await new Agent(app).get("/api/users/cooks-to-follow/")).statusCode).toBe(401);
    const { agent } = await signedIn(app, db);
    expect((await agent.get("/api/users/cooks-to-follow/?limit=0")).statusCode).toBe(400);
    expect((await agent.get("/api/users/cooks-to-follow/?limit=21")).statusCode).toBe(400);
    expect((await agent.get("/api/users/cooks-to-follow/?limit=20")).statusCode).toBe(200);
  });
});
