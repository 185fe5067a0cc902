import { CANNOT_FOLLOW } from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recipes } from "../src/db/schema.js";
import { buildFeedItem, buildRecipe, signedIn, type TestUser } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";

// Decision 0032: a block is a wall both ways. Every social call between the blocker (B) and
// the cook they blocked (A), in each direction, answers as the decision says; a third cook (C)
// whom both follow still sees both of them; unblocking lets them act again, but the follows
// the block ended stay ended.

const { app, db } = await createTestApp();

type Cook = { user: TestUser; agent: Agent };

async function followersOnlyRecipe(authorId: number) {
  const recipe = await buildRecipe(db, authorId);
  await db.update(recipes).set({ visibility: "followers" }).where(eq(recipes.id, recipe.id));
  return recipe;
}

async function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

/** What one cook of the pair owns, for the other to act on. */
interface Side {
  cook: Cook;
  publicRecipe: number;
  followersRecipe: number;
  item: number;
  /** This cook's rating of the other cook's public recipe, made before the block. */
  ratingOfOther: number;
  /** A public recipe of this cook that the other has not rated. */
  unratedRecipe: number;
  /** This cook's comment on C's item, made before the block. */
  commentOnThird: number;
}

/**
 * B and A follow each other and both follow C. Each has a public and a followers-only recipe,
 * an item, a rating of the other's recipe, a review and a comment on C's recipe and item, a
 * comment on the other's item.
 */
async function world() {
  const b = await signedIn(app, db);
  const a = await signedIn(app, db);
  const c = await signedIn(app, db);
  for (const [follower, followee] of [
    [b, a],
    [a, b],
    [b, c],
    [a, c],
  ] as const) {
    await expectStatus(await follower.agent.post(`/api/users/${followee.user.id}/follow/`), 201);
  }
  const thirdRecipe = (await buildRecipe(db, c.user.id)).id;
  const thirdItem = await buildFeedItem(db, c.user.id, thirdRecipe);

  const side = async (cook: Cook): Promise<Omit<Side, "ratingOfOther" | "commentOnThird">> => {
    const publicRecipe = (await buildRecipe(db, cook.user.id)).id;
    return {
      cook,
      publicRecipe,
      followersRecipe: (await followersOnlyRecipe(cook.user.id)).id,
      item: await buildFeedItem(db, cook.user.id, publicRecipe),
      unratedRecipe: (await buildRecipe(db, cook.user.id)).id,
    };
  };
  const bSide = await side(b);
  const aSide = await side(a);

  const rate = async (cook: Cook, recipe: number) => {
    const response = await cook.agent.post("/api/recipes/ratings/", {
      rating: 8,
      comment: `${cook.user.username} liked it`,
      recipe,
    });
    await expectStatus(response, 201);
    return response.json<{ id: number }>().id;
  };
  const comment = async (cook: Cook, item: number) => {
    const response = await cook.agent.post(`/api/feed/items/${item}/comments/`, {
      text: `${cook.user.username} says hello`,
    });
    await expectStatus(response, 201);
    return response.json<{ id: number }>().id;
  };
  const blocker: Side = {
    ...bSide,
    ratingOfOther: await rate(b, aSide.publicRecipe),
    commentOnThird: await comment(b, thirdItem),
  };
  const blocked: Side = {
    ...aSide,
    ratingOfOther: await rate(a, bSide.publicRecipe),
    commentOnThird: await comment(a, thirdItem),
  };
  await rate(b, thirdRecipe);
  await rate(a, thirdRecipe);
  await comment(a, bSide.item);
  await comment(b, aSide.item);
  return { blocker, blocked, third: c, thirdRecipe, thirdItem };
}

const block = (by: Cook, whom: Cook) => by.agent.post(`/api/users/${whom.user.username}/block/`);
const unblock = (by: Cook, whom: Cook) =>
  by.agent.delete(`/api/users/${whom.user.username}/block/`);

interface FeedPage {
  results: { id: number; user_username: string; comment_count: number }[];
}

/** The usernames of the comments `cook` sees under the item. */
async function commenters(cook: Cook, item: number): Promise<string[]> {
  const response = await cook.agent.get(`/api/feed/items/${item}/comments/`);
  await expectStatus(response, 200);
  return response.json<{ user_username: string }[]>().map((c) => c.user_username);
}

async function reviewers(cook: Cook, recipe: number): Promise<string[]> {
  const response = await cook.agent.get(`/api/recipes/ratings/?recipe=${recipe}`);
  await expectStatus(response, 200);
  return response.json<{ author_username: string }[]>().map((r) => r.author_username);
}

async function feed(cook: Cook) {
  const response = await cook.agent.get("/api/feed/items/");
  await expectStatus(response, 200);
  return response.json<FeedPage>().results;
}

describe("the block calls", () => {
  it("blocks by name (idempotent, any case), lists, shows on the profile, unblocks", async () => {
    const b = await signedIn(app, db);
    const a = await signedIn(app, db);
    const other = await signedIn(app, db);
    expect((await b.agent.get("/api/users/me/blocked/")).json()).toEqual([]);

    await expectStatus(await block(b, a), 204);
    await expectStatus(
      await b.agent.post(`/api/users/${a.user.username.toUpperCase()}/block/`),
      204,
    );
    await expectStatus(await block(b, other), 204);
    const listed = (await b.agent.get("/api/users/me/blocked/")).json<{ username: string }[]>();
    expect(listed.map((cook) => cook.username).sort()).toEqual(
      [a.user.username, other.user.username].sort(),
    );
    // One way: the blocked cook has blocked nobody.
    expect((await a.agent.get("/api/users/me/blocked/")).json()).toEqual([]);

    const profile = (await b.agent.get(`/api/users/${a.user.username}/`)).json();
    expect(profile.is_blocked).toBe(true);
    // The blocked cook's view of the blocker says nothing of it.
    expect((await a.agent.get(`/api/users/${b.user.username}/`)).json().is_blocked).toBe(false);
    // The search marks the blocked cook for the blocker (the follow dialog's Unblock).
    const search = (await b.agent.get(`/api/users/search/?query=${a.user.username}`)).json<{
      results: { username: string; is_blocked: boolean }[];
    }>();
    expect(search.results.find((r) => r.username === a.user.username)?.is_blocked).toBe(true);

    await expectStatus(await unblock(b, a), 204);
    await expectStatus(await unblock(b, a), 204); // not blocked: still 204
    expect((await b.agent.get("/api/users/me/blocked/")).json()).toEqual([
      { username: other.user.username },
    ]);
    expect((await b.agent.get(`/api/users/${a.user.username}/`)).json().is_blocked).toBe(false);
  });

  it("answers 404 for an unknown cook, 400 for oneself, 401 signed out, 403 without CSRF", async () => {
    const b = await signedIn(app, db);
    const unknown = await b.agent.post("/api/users/nobody-by-this-name/block/");
    await expectStatus(unknown, 404);
    await expectStatus(await b.agent.delete("/api/users/nobody-by-this-name/block/"), 404);
    const self = await block(b, b);
    await expectStatus(self, 400);
    expect(self.json()).toEqual({ detail: "You cannot block yourself." });

    const a = await signedIn(app, db);
    const { Agent } = await import("./helper.js");
    const stranger = new Agent(app);
    await expectStatus(await stranger.post(`/api/users/${a.user.username}/block/`), 401);
    await expectStatus(await stranger.get("/api/users/me/blocked/"), 401);
    await expectStatus(
      await b.agent.post(`/api/users/${a.user.username}/block/`, undefined, { csrf: "omit" }),
      403,
    );
    expect((await b.agent.get("/api/users/me/blocked/")).json()).toEqual([]);
  });

  it("ends the follows both ways, and a re-follow either way is refused", async () => {
    const { blocker, blocked } = await world();
    await expectStatus(await block(blocker.cook, blocked.cook), 204);
    for (const [who, path] of [
      [blocker, "followers"],
      [blocker, "following"],
      [blocked, "followers"],
      [blocked, "following"],
    ] as const) {
      const names = (await who.cook.agent.get(`/api/users/${path}/`))
        .json<{ results: { username: string }[] }>()
        .results.map((r) => r.username);
      expect(names).not.toContain(blocker.cook.user.username);
      expect(names).not.toContain(blocked.cook.user.username);
    }
    const profile = (
      await blocker.cook.agent.get(`/api/users/${blocked.cook.user.username}/`)
    ).json();
    expect(profile).toMatchObject({ is_followed: false, is_blocked: true });
  });
});

describe("the blocking matrix", () => {
  // Each direction: the acting cook and the cook they act on.
  for (const direction of ["blocker acts on blocked", "blocked acts on blocker"] as const) {
    it(`refuses every social call when the ${direction}`, async () => {
      const w = await world();
      await expectStatus(await block(w.blocker.cook, w.blocked.cook), 204);
      const [actor, target] =
        direction === "blocker acts on blocked" ? [w.blocker, w.blocked] : [w.blocked, w.blocker];
      const act = actor.cook.agent;

      // follow → 400, the same words both ways (they don't say who blocked whom)
      const followed = await act.post(`/api/users/${target.cook.user.id}/follow/`);
      await expectStatus(followed, 400);
      expect(followed.json()).toEqual({ detail: CANNOT_FOLLOW });

      // rate → 400 on `recipe`, as for a recipe one may not act on
      const rated = await act.post("/api/recipes/ratings/", {
        rating: 6,
        comment: "",
        recipe: target.unratedRecipe,
      });
      await expectStatus(rated, 400);
      expect(Object.keys(rated.json())).toEqual(["recipe"]);

      // re-rate → 404, as for a rating of a recipe one may no longer act on
      const rerated = await act.put(`/api/recipes/ratings/${actor.ratingOfOther}/`, {
        rating: 2,
        comment: "changed",
      });
      await expectStatus(rerated, 404);
      // deleting one's own rating is still allowed: it takes something away
      await expectStatus(await act.delete(`/api/recipes/ratings/${actor.ratingOfOther}/`), 204);

      // comment on and like the other's item → 404: it is not in the actor's feed any more
      await expectStatus(
        await act.post(`/api/feed/items/${target.item}/comments/`, { text: "hi" }),
        404,
      );
      await expectStatus(await act.post(`/api/feed/items/${target.item}/like/`), 404);
      await expectStatus(await act.get(`/api/feed/items/${target.item}/comments/`), 404);

      // add to a list or the planner → the 400 of an unknown username
      const list = (await act.post("/api/groceries/lists/", { name: "Party" })).json<{
        id: number;
      }>();
      const listed = await act.post(`/api/groceries/lists/${list.id}/members/`, {
        username: target.cook.user.username,
      });
      await expectStatus(listed, 400);
      expect(listed.json()).toEqual({ username: ["No cook has this username."] });
      const planned = await act.post("/api/planner/members/", {
        username: target.cook.user.username,
      });
      await expectStatus(planned, 400);
      expect(planned.json()).toEqual({ username: ["No cook has this username."] });

      // the other's followers-only recipe → 404 (the follow is gone); the public one stays
      await expectStatus(await act.get(`/api/recipes/recipes/${target.followersRecipe}/`), 404);
      const publicOne = await act.get(`/api/recipes/recipes/${target.publicRecipe}/`);
      await expectStatus(publicOne, 200);
      // ...which the page offers no rating form for (a third cook's page does)
      expect(publicOne.json().can_rate).toBe(false);
      const asThird = await w.third.agent.get(`/api/recipes/recipes/${target.publicRecipe}/`);
      expect(asThird.json().can_rate).toBe(true);

      // the feed: none of the other's items, and their comment under C's item is gone
      const items = await feed(actor.cook);
      expect(items.map((i) => i.user_username)).not.toContain(target.cook.user.username);
      const thirds = items.find((i) => i.id === w.thirdItem);
      expect(thirds?.comment_count).toBe(1); // the actor's own
      expect(await commenters(actor.cook, w.thirdItem)).toEqual([actor.cook.user.username]);
      // under the actor's own item: the other's comment is gone
      expect(await commenters(actor.cook, actor.item)).toEqual([]);

      // the reviews under C's recipe and under the actor's own recipe leave the other out
      expect(await reviewers(actor.cook, w.thirdRecipe)).toEqual([actor.cook.user.username]);
      expect(await reviewers(actor.cook, actor.publicRecipe)).toEqual([]);
    });
  }

  it("leaves a third cook seeing both", async () => {
    const w = await world();
    await expectStatus(await block(w.blocker.cook, w.blocked.cook), 204);
    expect((await commenters(w.third, w.thirdItem)).sort()).toEqual(
      [w.blocker.cook.user.username, w.blocked.cook.user.username].sort(),
    );
    expect(await reviewers(w.third, w.thirdRecipe)).toHaveLength(2);
    const signedOut = await app.inject({
      method: "GET",
      url: `/api/recipes/ratings/?recipe=${w.thirdRecipe}`,
    });
    expect(signedOut.json()).toHaveLength(2);
  });

  it("lets them act again after an unblock, without giving the follows back", async () => {
    const w = await world();
    const { blocker, blocked } = w;
    await expectStatus(await block(blocker.cook, blocked.cook), 204);
    await expectStatus(await unblock(blocker.cook, blocked.cook), 204);

    // the follows stay ended
    const following = (await blocked.cook.agent.get("/api/users/following/"))
      .json<{ results: { username: string }[] }>()
      .results.map((r) => r.username);
    expect(following).toEqual([w.third.user.username]);
    await expectStatus(
      await blocked.cook.agent.get(`/api/recipes/recipes/${blocker.followersRecipe}/`),
      404,
    );

    // the comments and reviews show again
    expect((await commenters(blocker.cook, w.thirdItem)).sort()).toEqual(
      [blocker.cook.user.username, blocked.cook.user.username].sort(),
    );
    expect(await reviewers(blocker.cook, blocker.publicRecipe)).toEqual([
      blocked.cook.user.username,
    ]);

    for (const [actor, target] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const act = actor.cook.agent;
      await expectStatus(await act.post(`/api/users/${target.cook.user.id}/follow/`), 201);
      await expectStatus(
        await act.post("/api/recipes/ratings/", {
          rating: 4,
          comment: "",
          recipe: target.unratedRecipe,
        }),
        201,
      );
      await expectStatus(
        await act.put(`/api/recipes/ratings/${actor.ratingOfOther}/`, { rating: 10, comment: "" }),
        200,
      );
      await expectStatus(await act.post(`/api/feed/items/${target.item}/like/`), 201);
      await expectStatus(
        await act.post(`/api/feed/items/${target.item}/comments/`, { text: "friends again" }),
        201,
      );
      const list = (await act.post("/api/groceries/lists/", { name: "Party" })).json<{
        id: number;
      }>();
      await expectStatus(
        await act.post(`/api/groceries/lists/${list.id}/members/`, {
          username: target.cook.user.username,
        }),
        201,
      );
      await expectStatus(
        await act.post("/api/planner/members/", { username: target.cook.user.username }),
        201,
      );
    }
    await expectStatus(
      await blocked.cook.agent.get(`/api/recipes/recipes/${blocker.followersRecipe}/`),
      200,
    );
    const items = await feed(blocker.cook);
    expect(items.map((i) => i.user_username)).toContain(blocked.cook.user.username);
  });
});

describe("suggestions", () => {
  it("never suggests a cook a block stands between, either way", async () => {
    const b = await signedIn(app, db);
    const a = await signedIn(app, db);
    await buildRecipe(db, a.user.id);
    await buildRecipe(db, b.user.id);
    await expectStatus(await block(b, a), 204);
    for (const [me, other] of [
      [b, a],
      [a, b],
    ] as const) {
      const suggested = (await me.agent.get("/api/users/search/?limit=100"))
        .json<{ results: { username: string }[] }>()
        .results.map((r) => r.username);
      expect(suggested).not.toContain(other.user.username);
      const cooks = (await me.agent.get("/api/users/cooks-to-follow/?limit=20"))
        .json<{ username: string }[]>()
        .map((r) => r.username);
      expect(cooks).not.toContain(other.user.username);
    }
  });
});

describe("a follow and a block at the same moment", () => {
  it("never leave a follow beside a block", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => ({
        b: await signedIn(app, db),
        a: await signedIn(app, db),
      })),
    );
    await Promise.all(
      pairs.flatMap(({ a, b }) => [
        a.agent.post(`/api/users/${b.user.id}/follow/`),
        block(b, a),
        b.agent.post(`/api/users/${a.user.id}/follow/`),
      ]),
    );
    const crossed = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from follows f
      join blocks bl on (bl.blocker_id = f.follower_id and bl.blocked_id = f.followee_id)
        or (bl.blocker_id = f.followee_id and bl.blocked_id = f.follower_id)`);
    expect(crossed.rows[0]?.count).toBe(0);
  });
});

describe("shared lists and planners (issue 34 §1)", () => {
  const share = async (owner: Cook, member: Cook) => {
    const list = (
      await owner.agent.post("/api/groceries/lists/", { name: `${owner.user.username}'s` })
    ).json<{ id: number }>();
    await expectStatus(
      await owner.agent.post(`/api/groceries/lists/${list.id}/members/`, {
        username: member.user.username,
      }),
      201,
    );
    await expectStatus(
      await owner.agent.post("/api/planner/members/", { username: member.user.username }),
      201,
    );
    return list.id;
  };
  const range = "start=2030-03-04&end=2030-03-10";

  for (const direction of ["blocker shared with the blocked", "blocked shared with the blocker"]) {
    it(`ends them both ways when the ${direction}, with the followers-only recipe on them`, async () => {
      const rosa = await signedIn(app, db);
      const ben = await signedIn(app, db);
      const soup = await followersOnlyRecipe(rosa.user.id);
      await expectStatus(await ben.agent.post(`/api/users/${rosa.user.id}/follow/`), 201);
      const rosasList = await share(rosa, ben);
      const bensList = await share(ben, rosa);
      await expectStatus(
        await rosa.agent.post("/api/groceries/planned-recipes/", {
          grocery_list_id: rosasList,
          recipe_id: soup.id,
          guests: 4,
        }),
        201,
      );
      await expectStatus(
        await rosa.agent.post("/api/planner/entries/", {
          date: "2030-03-05",
          slot: "dinner",
          recipe_id: soup.id,
        }),
        201,
      );
      // Before: Ben opens Rosa's list and planner.
      await expectStatus(await ben.agent.get(`/api/groceries/lists/${rosasList}/`), 200);
      await expectStatus(
        await ben.agent.get(`/api/planner/entries/?${range}&planner=${rosa.user.username}`),
        200,
      );

      const [by, whom] = direction.startsWith("blocker") ? [rosa, ben] : [ben, rosa];
      await expectStatus(await block(by, whom), 204);

      // Neither reaches the other's list or planner, nor the soup through them.
      await expectStatus(await ben.agent.get(`/api/groceries/lists/${rosasList}/`), 404);
      await expectStatus(await rosa.agent.get(`/api/groceries/lists/${bensList}/`), 404);
      await expectStatus(
        await ben.agent.get(`/api/planner/entries/?${range}&planner=${rosa.user.username}`),
        404,
      );
      await expectStatus(
        await rosa.agent.get(`/api/planner/entries/?${range}&planner=${ben.user.username}`),
        404,
      );
      await expectStatus(await ben.agent.get(`/api/recipes/${soup.id}/`), 404);
      // Each owner's Share dialogs no longer list the other.
      const listMembers = (await rosa.agent.get(`/api/groceries/lists/${rosasList}/members/`))
        .json<{ username: string }[]>()
        .map((m) => m.username);
      expect(listMembers).not.toContain(ben.user.username);
      const plannerMembers = (await ben.agent.get("/api/planner/members/"))
        .json<{ username: string }[]>()
        .map((m) => m.username);
      expect(plannerMembers).not.toContain(rosa.user.username);
      expect((await ben.agent.get("/api/planner/shared/")).json()).toEqual([]);
      // The owners keep their own lists.
      await expectStatus(await rosa.agent.get(`/api/groceries/lists/${rosasList}/`), 200);
      await expectStatus(await ben.agent.get(`/api/groceries/lists/${bensList}/`), 200);
    });
  }

  it("never leaves a share beside a block made at the same moment", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const owner = await signedIn(app, db);
        const other = await signedIn(app, db);
        const list = (await owner.agent.post("/api/groceries/lists/", { name: "Race" })).json<{
          id: number;
        }>();
        return { owner, other, list: list.id };
      }),
    );
    await Promise.all(
      pairs.flatMap(({ owner, other, list }) => [
        owner.agent.post(`/api/groceries/lists/${list}/members/`, {
          username: other.user.username,
        }),
        owner.agent.post("/api/planner/members/", { username: other.user.username }),
        block(other, owner),
      ]),
    );
    const crossed = await db.execute<{ count: number }>(sql`
      select (select count(*) from grocery_list_members m
                join grocery_lists l on l.id = m.grocery_list_id
                join blocks bl on (bl.blocker_id = l.owner_id and bl.blocked_id = m.user_id)
                  or (bl.blocker_id = m.user_id and bl.blocked_id = l.owner_id))
           + (select count(*) from planner_members m
                join blocks bl on (bl.blocker_id = m.owner_id and bl.blocked_id = m.user_id)
                  or (bl.blocker_id = m.user_id and bl.blocked_id = m.owner_id))
        as count`);
    expect(Number(crossed.rows[0]?.count)).toBe(0);
  });
});
