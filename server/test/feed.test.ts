import { FEED_COMMENTS_LIMIT } from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ratings, recipes } from "../src/db/schema.js";
import { recordFeedEvent } from "../src/feed/events.js";
import { FEED_WALK_MIN_FOLLOWING, FEED_WALK_WINDOW } from "../src/feed/repository.js";
import { buildRecipe, buildUser, signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

type EventType = "new_recipe" | "update_recipe" | "new_rating" | "update_rating";

/** A feed item at an exact time (microseconds kept), as the recipe and rating writes make them. */
async function buildItem(
  userId: number,
  recipeId: number,
  options: { eventType?: EventType; at?: string; ratingId?: number } = {},
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into feed_items (user_id, event_type, recipe_id, rating_id, created_on)
    values (${userId}, ${options.eventType ?? "new_recipe"}, ${recipeId},
      ${options.ratingId ?? null}, ${options.at ?? new Date().toISOString()}::timestamptz)
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error("item not created");
  return id;
}

async function follow(agent: Agent, userId: number) {
  const response = await agent.post(`/api/users/${userId}/follow/`);
  expect(response.statusCode).toBe(201);
}

interface Item {
  id: number;
  event_type: string;
  user_username: string;
  created_on: string;
  like_count: number;
  is_liked_by_user: boolean;
  comment_count: number;
  recipe: { id: number; slug: string; title: string; image: string | null };
  rating: { rating: number; comment: string; author_username: string } | null;
}
interface Page {
  next: string | null;
  previous: string | null;
  results: Item[];
}

/** Follows `next` links (absolute URLs, as the web app does) to the end; returns all items. */
async function readWholeFeed(agent: Agent, firstUrl: string): Promise<Item[][]> {
  const pages: Item[][] = [];
  let url: string | null = firstUrl;
  while (url) {
    const response = await agent.get(url.replace(/^https?:\/\/[^/]+/, ""));
    expect(response.statusCode).toBe(200);
    const page: Page = response.json();
    pages.push(page.results);
    if (page.next) expect(page.next).toMatch(/^http:\/\/localhost(:\d+)?\/api\/feed\/items\/\?/);
    url = page.next;
    expect(pages.length).toBeLessThan(200);
  }
  return pages;
}

describe("who sees what", () => {
  it("shows your own items and those of people you follow, nothing of anyone else", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const friend = await buildUser(db);
    const stranger = await buildUser(db);
    const mine = await buildItem(me.id, (await buildRecipe(db, me.id)).id);
    const friends = await buildItem(friend.id, (await buildRecipe(db, friend.id)).id);
    const strangers = await buildItem(stranger.id, (await buildRecipe(db, stranger.id)).id);

    const before = (await agent.get("/api/feed/items/")).json<Page>();
    expect(before.results.map((i) => i.id)).toEqual([mine]);

    await follow(agent, friend.id);
    const after = (await agent.get("/api/feed/items/")).json<Page>();
    expect(after.results.map((i) => i.id)).toEqual([friends, mine]);
    expect(after.results.map((i) => i.id)).not.toContain(strangers);

    // the stranger's item can't be liked, commented or read either
    expect((await agent.post(`/api/feed/items/${strangers}/like/`)).statusCode).toBe(404);
    expect((await agent.delete(`/api/feed/items/${strangers}/like/`)).statusCode).toBe(404);
    expect((await agent.get(`/api/feed/items/${strangers}/comments/`)).statusCode).toBe(404);
    const comment = await agent.post(`/api/feed/items/${strangers}/comments/`, { text: "Hi" });
    expect(comment.statusCode).toBe(404);
    expect((await agent.post("/api/feed/items/999999999/like/")).statusCode).toBe(404);

    // unfollowing hides the friend's items again
    expect((await agent.delete(`/api/users/${friend.id}/follow/`)).statusCode).toBe(204);
    const unfollowed = (await agent.get("/api/feed/items/")).json<Page>();
    expect(unfollowed.results.map((i) => i.id)).toEqual([mine]);
    expect((await agent.post(`/api/feed/items/${friends}/like/`)).statusCode).toBe(404);
  });

  it("asks anonymous visitors to sign in", async () => {
    const author = await buildUser(db);
    const itemId = await buildItem(author.id, (await buildRecipe(db, author.id)).id);
    const anonymous = new Agent(app);
    expect((await anonymous.get("/api/feed/items/")).statusCode).toBe(401);
    expect((await anonymous.post(`/api/feed/items/${itemId}/like/`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/feed/items/${itemId}/comments/`)).statusCode).toBe(401);
    const post = await anonymous.post(`/api/feed/items/${itemId}/comments/`, { text: "" });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("refuses writes without the CSRF token", async () => {
    const { user, agent } = await signedIn(app, db);
    const itemId = await buildItem(user.id, (await buildRecipe(db, user.id)).id);
    const response = await agent.post(`/api/feed/items/${itemId}/like/`, undefined, {
      csrf: "omit",
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("GET /api/feed/items/", () => {
  it("orders newest first, ties by id, and pages through equal timestamps without gaps", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const cook = await buildUser(db);
    await follow(agent, cook.id);
    const recipe = await buildRecipe(db, cook.id);
    const same = "2024-03-01T12:00:00.123456Z"; // microseconds: a millisecond cursor would repeat rows
    const ids = {
      older: await buildItem(cook.id, recipe.id, { at: "2024-03-01T11:00:00Z" }),
      tie1: await buildItem(cook.id, recipe.id, { at: same }),
      tie2: await buildItem(me.id, recipe.id, { at: same, eventType: "update_recipe" }),
      tie3: await buildItem(cook.id, recipe.id, { at: same }),
      tie4: await buildItem(me.id, recipe.id, { at: same }),
      tie5: await buildItem(cook.id, recipe.id, { at: same }),
      justAfter: await buildItem(cook.id, recipe.id, { at: "2024-03-01T12:00:00.123457Z" }),
      newest: await buildItem(me.id, recipe.id, { at: "2024-03-02T08:00:00Z" }),
    };
    const expected = [
      ids.newest,
      ids.justAfter,
      ids.tie5,
      ids.tie4,
      ids.tie3,
      ids.tie2,
      ids.tie1,
      ids.older,
    ];

    const pages = await readWholeFeed(agent, "/api/feed/items/?limit=2");
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2]);
    expect(pages.flat().map((i) => i.id)).toEqual(expected);
    const created = pages.flat().map((i) => i.created_on);
    expect(created[0]).toBe("2024-03-02T08:00:00.000Z");

    const oneWithEverything = await agent.get("/api/feed/items/?limit=100");
    expect(oneWithEverything.json<Page>().next).toBeNull();
    expect(oneWithEverything.json<Page>().previous).toBeNull();
  });

  it("merges many followed cooks correctly on every page, with and without exclusions", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const cooks = [me];
    for (let i = 0; i < 6; i++) {
      const cook = await buildUser(db);
      await follow(agent, cook.id);
      cooks.push(cook);
    }
    const stranger = await buildUser(db);
    const recipe = await buildRecipe(db, stranger.id);
    const types: EventType[] = ["new_recipe", "update_recipe", "new_rating", "update_rating"];
    // A fixed pseudo-random spread: bursts by one cook, shared timestamps across cooks.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const all: { id: number; at: number; type: EventType }[] = [];
    for (let n = 0; n < 90; n++) {
      const cook = cooks[Math.floor(random() * cooks.length)] ?? me;
      const at = Date.UTC(2024, 0, 1) + Math.floor(random() * 40) * 60_000;
      const type = types[Math.floor(random() * types.length)] ?? "new_recipe";
      const id = await buildItem(cook.id, recipe.id, {
        at: new Date(at).toISOString(),
        eventType: type,
      });
      all.push({ id, at, type });
      await buildItem(stranger.id, recipe.id, { at: new Date(at).toISOString() });
    }
    const newestFirst = (exclude: EventType[]) =>
      all
        .filter((i) => !exclude.includes(i.type))
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((i) => i.id);

    for (const [limit, exclude] of [
      [1, []],
      [7, []],
      [20, ["update_recipe"]],
      [4, ["update_recipe", "update_rating"]],
      [100, ["new_recipe", "update_recipe", "new_rating", "update_rating"]],
    ] as [number, EventType[]][]) {
      const query = exclude.length > 0 ? `&exclude_event_types=${exclude.join(",")}` : "";
      const pages = await readWholeFeed(agent, `/api/feed/items/?limit=${limit}${query}`);
      expect(pages.flat().map((i) => i.id)).toEqual(newestFirst(exclude));
      // every page but the last is full: exclusions never leave holes in a page
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
    }
  });

  it("pages correctly for a cook who follows hundreds, also where strangers crowd the feed", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const stranger = await buildUser(db);
    const recipe = await buildRecipe(db, stranger.id);
    // Enough followees for feedPage to try its walk of everyone's newest items first.
    const followees = await db.execute<{ id: number }>(sql`
      insert into users (username, email, password_hash)
      select 'many' || ${me.id} || '_' || i, 'many' || ${me.id} || '_' || i || '@example.com', 'x'
      from generate_series(1, ${FEED_WALK_MIN_FOLLOWING + 10}) i
      returning id`);
    const cookIds = followees.rows.map((row) => row.id);
    await db.execute(sql`
      insert into follows (follower_id, followee_id)
      select ${me.id}, id from unnest(${`{${cookIds.join(",")}}`}::int[]) id`);
    cookIds.push(me.id);
    const types: EventType[] = ["new_recipe", "update_recipe", "new_rating", "update_rating"];
    const all: { id: number; at: number; type: EventType }[] = [];
    // 60 items by me and my followees on each of two days, a minute apart; between the two
    // days more strangers' items than the walk looks at, so some pages need the other way.
    for (const day of [1, 3]) {
      for (let n = 0; n < 60; n++) {
        const at = Date.UTC(2023, 5, day, 8, n);
        const type = types[n % types.length] ?? "new_recipe";
        const cook = cookIds[(n * 7 + day) % cookIds.length] ?? me.id;
        const id = await buildItem(cook, recipe.id, {
          at: new Date(at).toISOString(),
          eventType: type,
        });
        all.push({ id, at, type });
      }
    }
    await db.execute(sql`
      insert into feed_items (user_id, event_type, recipe_id, created_on)
      select ${stranger.id}, 'new_recipe', ${recipe.id}, '2023-06-02'::timestamptz + i * interval '1 second'
      from generate_series(1, ${FEED_WALK_WINDOW + 500}) i`);

    for (const exclude of [[], ["update_recipe"]] as EventType[][]) {
      const expected = all
        .filter((i) => !exclude.includes(i.type))
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((i) => i.id);
      const query = exclude.length > 0 ? `&exclude_event_types=${exclude.join(",")}` : "";
      const pages = await readWholeFeed(agent, `/api/feed/items/?limit=20${query}`);
      expect(pages.flat().map((i) => i.id)).toEqual(expected);
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(20);
    }
  });

  it("ignores unknown event types in the exclusion and rejects a bad cursor", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id);
    await buildItem(user.id, recipe.id, { eventType: "update_recipe" });
    const kept = await agent.get("/api/feed/items/?exclude_event_types=party,,");
    expect(kept.json<Page>().results).toHaveLength(1);
    const dropped = await agent.get("/api/feed/items/?exclude_event_types=update_recipe");
    expect(dropped.json<Page>().results).toEqual([]);
    const badCursor = await agent.get("/api/feed/items/?cursor=not-a-cursor");
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ detail: "Invalid cursor." });
    const forged = Buffer.from(JSON.stringify(["yesterday", 1])).toString("base64url");
    expect((await agent.get(`/api/feed/items/?cursor=${forged}`)).statusCode).toBe(400);
    expect((await agent.get("/api/feed/items/?limit=101")).statusCode).toBe(400);
  });

  it("describes recipe and rating events as the cards need them", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const cook = await buildUser(db);
    const critic = await buildUser(db);
    await follow(agent, cook.id);
    await follow(agent, critic.id);
    const recipe = await buildRecipe(db, cook.id, { title: "Lemon Tart" });
    await db
      .update(recipes)
      .set({ imageKey: "recipes/abc/full.jpg" })
      .where(eq(recipes.id, recipe.id));
    const [rating] = await db
      .insert(ratings)
      .values({ recipeId: recipe.id, authorId: critic.id, rating: 7, comment: "Lovely and sharp" })
      .returning({ id: ratings.id });
    if (!rating) throw new Error("no rating");
    await db.transaction(async (tx) => {
      await recordFeedEvent(tx, { userId: cook.id, eventType: "new_recipe", recipeId: recipe.id });
    });
    await buildItem(critic.id, recipe.id, {
      eventType: "new_rating",
      ratingId: rating.id,
      at: new Date(Date.now() + 1000).toISOString(),
    });

    const [ratingItem, recipeItem] = (await agent.get("/api/feed/items/")).json<Page>().results;
    expect(recipeItem).toEqual({
      id: expect.any(Number),
      event_type: "new_recipe",
      user_username: cook.username,
      created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      recipe: {
        id: recipe.id,
        slug: "lemon-tart",
        title: "Lemon Tart",
        image: "/media/recipes/abc/full-card.jpg", // the card version of the image
      },
      rating: null,
      like_count: 0,
      is_liked_by_user: false,
      comment_count: 0,
    });
    expect(ratingItem).toMatchObject({
      event_type: "new_rating",
      user_username: critic.username,
      recipe: { id: recipe.id, title: "Lemon Tart" },
      rating: { rating: 7, comment: "Lovely and sharp", author_username: critic.username },
    });
    expect(me.id).toBeGreaterThan(0);
  });

  it("counts likes and comments per item and says whether I liked it", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const { user: other, agent: otherAgent } = await signedIn(app, db);
    await follow(agent, other.id);
    await follow(otherAgent, me.id);
    const recipe = await buildRecipe(db, other.id);
    const liked = await buildItem(other.id, recipe.id, { at: "2024-05-01T10:00:00Z" });
    const quiet = await buildItem(me.id, recipe.id, { at: "2024-05-01T09:00:00Z" });

    expect((await otherAgent.post(`/api/feed/items/${liked}/like/`)).statusCode).toBe(201);
    expect(
      (await agent.post(`/api/feed/items/${quiet}/comments/`, { text: "One" })).statusCode,
    ).toBe(201);
    await otherAgent.post(`/api/feed/items/${liked}/comments/`, { text: "Two" });
    await otherAgent.post(`/api/feed/items/${liked}/comments/`, { text: "Three" });

    const mine = (await agent.get("/api/feed/items/")).json<Page>().results;
    expect(mine.map((i) => [i.id, i.like_count, i.is_liked_by_user, i.comment_count])).toEqual([
      [liked, 1, false, 2],
      [quiet, 0, false, 1],
    ]);
    const theirs = (await otherAgent.get("/api/feed/items/")).json<Page>().results;
    expect(theirs.find((i) => i.id === liked)?.is_liked_by_user).toBe(true);
  });
});

describe("likes", () => {
  it("like and unlike are idempotent and the count follows", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const { agent: friendAgent } = await signedIn(app, db);
    const itemId = await buildItem(me.id, (await buildRecipe(db, me.id)).id);
    await follow(friendAgent, me.id);

    const first = await agent.post(`/api/feed/items/${itemId}/like/`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ like_count: 1, is_liked_by_user: true });
    const again = await agent.post(`/api/feed/items/${itemId}/like/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ like_count: 1, is_liked_by_user: true });
    expect((await friendAgent.post(`/api/feed/items/${itemId}/like/`)).json().like_count).toBe(2);

    expect((await agent.delete(`/api/feed/items/${itemId}/like/`)).statusCode).toBe(204);
    expect((await agent.delete(`/api/feed/items/${itemId}/like/`)).statusCode).toBe(204);
    const [item] = (await agent.get("/api/feed/items/")).json<Page>().results;
    expect(item).toMatchObject({ id: itemId, like_count: 1, is_liked_by_user: false });
  });

  it("answers only after the like is saved, so an immediate unlike finds it", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const itemId = await buildItem(me.id, (await buildRecipe(db, me.id)).id);
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      codes.push((await agent.post(`/api/feed/items/${itemId}/like/`)).statusCode);
      codes.push((await agent.delete(`/api/feed/items/${itemId}/like/`)).statusCode);
    }
    expect(codes).toEqual(Array.from({ length: 15 }, () => [201, 204]).flat());
    const [item] = (await agent.get("/api/feed/items/")).json<Page>().results;
    expect(item).toMatchObject({ like_count: 0, is_liked_by_user: false });
  });
});

describe("comments", () => {
  async function setUp() {
    const { user: author, agent: authorAgent } = await signedIn(app, db);
    const { agent: follower } = await signedIn(app, db);
    const { agent: outsider } = await signedIn(app, db);
    await follow(follower, author.id);
    const itemId = await buildItem(author.id, (await buildRecipe(db, author.id)).id);
    return { author, authorAgent, follower, outsider, itemId };
  }

  it("posts trimmed comments and lists them oldest first", async () => {
    const { author, authorAgent, follower, itemId } = await setUp();
    const first = await follower.post(`/api/feed/items/${itemId}/comments/`, {
      text: "  Looks great!  ",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      text: "Looks great!",
      user_username: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
      can_edit: true,
      can_report: false,
    });
    await authorAgent.post(`/api/feed/items/${itemId}/comments/`, { text: "Thanks!" });
    const list = await follower.get(`/api/feed/items/${itemId}/comments/`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { text: string }) => c.text)).toEqual(["Looks great!", "Thanks!"]);
    expect(list.json()[1].user_username).toBe(author.username);
  });

  it(`lists only the newest ${FEED_COMMENTS_LIMIT}, oldest first`, async () => {
    const { author, follower, itemId } = await setUp();
    await db.execute(sql`
      insert into feed_comments (feed_item_id, user_id, text, created_at)
      select ${itemId}, ${author.id}, 'Comment ' || n, now() + make_interval(secs => n)
      from generate_series(1, ${FEED_COMMENTS_LIMIT + 5}) n`);
    const list = await follower.get(`/api/feed/items/${itemId}/comments/`);
    const texts = list.json().map((c: { text: string }) => c.text);
    expect(texts).toHaveLength(FEED_COMMENTS_LIMIT);
    expect(texts[0]).toBe("Comment 6");
    expect(texts.at(-1)).toBe(`Comment ${FEED_COMMENTS_LIMIT + 5}`);
  });

  it("refuses blank, whitespace-only and too long comments", async () => {
    const { follower, itemId } = await setUp();
    for (const text of ["", "   \n "]) {
      const response = await follower.post(`/api/feed/items/${itemId}/comments/`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ text: ["This field may not be blank."] });
    }
    const missing = await follower.post(`/api/feed/items/${itemId}/comments/`, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(["text"]);
    const tooLong = await follower.post(`/api/feed/items/${itemId}/comments/`, {
      text: "a".repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      text: ["Ensure this field has no more than 2000 characters."],
    });
    const longest = await follower.post(`/api/feed/items/${itemId}/comments/`, {
      text: ` ${"a".repeat(2000)} `,
    });
    expect(longest.statusCode).toBe(201);
    expect((await follower.get(`/api/feed/items/${itemId}/comments/`)).json()).toHaveLength(1);
  });

  it("only the comment's author or a superuser edits or deletes it", async () => {
    const { authorAgent, follower, outsider, itemId } = await setUp();
    const posted = await follower.post(`/api/feed/items/${itemId}/comments/`, { text: "Yum" });
    const commentId: number = posted.json().id;

    // the item's author sees the comment but may not change it
    const edit = await authorAgent.patch(`/api/feed/comments/${commentId}/`, { text: "Hacked" });
    expect(edit.statusCode).toBe(403);
    expect((await authorAgent.delete(`/api/feed/comments/${commentId}/`)).statusCode).toBe(403);
    // someone who can't even see the item learns nothing
    expect(
      (await outsider.patch(`/api/feed/comments/${commentId}/`, { text: "x" })).statusCode,
    ).toBe(404);
    expect((await outsider.delete(`/api/feed/comments/${commentId}/`)).statusCode).toBe(404);

    const blank = await follower.patch(`/api/feed/comments/${commentId}/`, { text: "  " });
    expect(blank.statusCode).toBe(400);
    const own = await follower.patch(`/api/feed/comments/${commentId}/`, { text: " Yum yum " });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: commentId, text: "Yum yum" });
    const texts = (await authorAgent.get(`/api/feed/items/${itemId}/comments/`)).json();
    expect(texts.map((c: { text: string }) => c.text)).toEqual(["Yum yum"]);

    const { agent: admin } = await signedIn(app, db, { isSuperuser: true });
    const moderated = await admin.patch(`/api/feed/comments/${commentId}/`, { text: "[removed]" });
    expect(moderated.statusCode).toBe(200);

    expect((await follower.delete(`/api/feed/comments/${commentId}/`)).statusCode).toBe(204);
    expect((await follower.delete(`/api/feed/comments/${commentId}/`)).statusCode).toBe(404);
    expect((await follower.get(`/api/feed/items/${itemId}/comments/`)).json()).toEqual([]);
    expect((await follower.patch("/api/feed/comments/999999/", { text: "x" })).statusCode).toBe(
      404,
    );
  });

  it("says who may edit each comment: its author and a superuser, not the item's cook", async () => {
    const { author, authorAgent, follower, itemId } = await setUp();
    const posted = await follower.post(`/api/feed/items/${itemId}/comments/`, { text: "Yum" });
    expect(posted.json().can_edit).toBe(true);
    const { agent: admin } = await signedIn(app, db, { isSuperuser: true });
    const canEdit = async (agent: Agent) =>
      (await agent.get(`/api/feed/items/${itemId}/comments/`))
        .json()
        .map((c: { can_edit: boolean }) => c.can_edit);
    expect(await canEdit(follower)).toEqual([true]);
    expect(await canEdit(authorAgent)).toEqual([false]);
    await follow(admin, author.id);
    expect(await canEdit(admin)).toEqual([true]);
    const edited = await admin.patch(`/api/feed/comments/${posted.json().id}/`, { text: "Ok" });
    expect(edited.json().can_edit).toBe(true);
  });

  it("a superuser may delete someone else's comment", async () => {
    const { follower, itemId } = await setUp();
    const posted = await follower.post(`/api/feed/items/${itemId}/comments/`, { text: "Spam" });
    const { agent: admin } = await signedIn(app, db, { isSuperuser: true });
    expect((await admin.delete(`/api/feed/comments/${posted.json().id}/`)).statusCode).toBe(204);
    expect((await follower.get(`/api/feed/items/${itemId}/comments/`)).json()).toEqual([]);
  });
});

describe("deletions", () => {
  it("deleting a recipe removes its items with their likes and comments; a rating its own", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const doomed = await buildRecipe(db, me.id);
    const kept = await buildRecipe(db, me.id);
    const doomedItem = await buildItem(me.id, doomed.id);
    const keptItem = await buildItem(me.id, kept.id, { at: "2020-01-01T00:00:00Z" });
    const [rating] = await db
      .insert(ratings)
      .values({ recipeId: kept.id, authorId: me.id, rating: 10 })
      .returning({ id: ratings.id });
    if (!rating) throw new Error("no rating");
    const ratingItem = await buildItem(me.id, kept.id, {
      eventType: "new_rating",
      ratingId: rating.id,
      at: "2020-01-02T00:00:00Z",
    });
    await agent.post(`/api/feed/items/${doomedItem}/like/`);
    const comment = await agent.post(`/api/feed/items/${doomedItem}/comments/`, { text: "Bye" });

    await db.delete(recipes).where(eq(recipes.id, doomed.id));
    let ids = (await agent.get("/api/feed/items/")).json<Page>().results.map((i) => i.id);
    expect(ids).toEqual([ratingItem, keptItem]);
    expect((await agent.get(`/api/feed/items/${doomedItem}/comments/`)).statusCode).toBe(404);
    expect((await agent.delete(`/api/feed/comments/${comment.json().id}/`)).statusCode).toBe(404);

    await db.delete(ratings).where(eq(ratings.id, rating.id));
    ids = (await agent.get("/api/feed/items/")).json<Page>().results.map((i) => i.id);
    expect(ids).toEqual([keptItem]);
  });
});
