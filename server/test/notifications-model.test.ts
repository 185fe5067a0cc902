// A property of notifications (issue 27 §1): any sequence of follows, unfollows, ratings,
// comments, likes, unlikes, blocks and reads leaves every cook with the unread count of a
// simple model. The model is told only what the server accepted (a refused call, such as a
// blocked cook's, changes nothing), and decides who hears of it: not the actor, not a cook who
// blocked the actor, one unread row per follow, rating and like group, one per comment.
import type { NotificationPage } from "@potluck/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildRecipe, signedIn, type TestUser } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const COOKS = 4;
const cookIndex = fc.integer({ min: 0, max: COOKS - 1 });
const pair = (t: string) => fc.record({ t: fc.constant(t), a: cookIndex, b: cookIndex });

type Action =
  | {
      t: "follow" | "unfollow" | "rate" | "comment" | "like" | "unlike" | "block";
      a: number;
      b: number;
    }
  | { t: "readAll"; a: number }
  | { t: "readSome"; a: number; n: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: pair("follow") },
  { weight: 1, arbitrary: pair("unfollow") },
  { weight: 2, arbitrary: pair("rate") },
  { weight: 3, arbitrary: pair("comment") },
  { weight: 3, arbitrary: pair("like") },
  { weight: 1, arbitrary: pair("unlike") },
  { weight: 1, arbitrary: pair("block") },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("readAll" as const), a: cookIndex }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("readSome" as const),
      a: cookIndex,
      n: fc.integer({ min: 1, max: 3 }),
    }),
  },
) as fc.Arbitrary<Action>;

interface World {
  users: TestUser[];
  agents: Agent[];
  recipes: number[];
  items: number[];
}

/** Four cooks, each with a public recipe and a feed item about it, all following each other. */
async function newWorld(): Promise<World> {
  const world: World = { users: [], agents: [], recipes: [], items: [] };
  for (let i = 0; i < COOKS; i++) {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id);
    const item = await db.execute<{ id: number }>(sql`
      insert into feed_items (user_id, event_type, recipe_id)
      values (${user.id}, 'new_recipe', ${recipe.id}) returning id::int`);
    world.users.push(user);
    world.agents.push(agent);
    world.recipes.push(recipe.id);
    world.items.push(item.rows[0]?.id as number);
  }
  for (const a of world.users) {
    for (const b of world.users) {
      if (a !== b) {
        await db.execute(
          sql`insert into follows (follower_id, followee_id) values (${a.id}, ${b.id})`,
        );
      }
    }
  }
  return world;
}

/** How often the runs told someone, and left someone out for a block (so the runs test both). */
const stats = { told: 0, blockedOut: 0 };

/** The model: each cook's unread notifications by group key, and what it needs to decide. */
class Model {
  readonly unread = Array.from({ length: COOKS }, () => new Set<string>());
  readonly blocked = new Set<string>();
  readonly ratings = new Map<string, { id: number; value: number }>();
  readonly commenters = Array.from({ length: COOKS }, () => new Set<number>());

  constructor(private readonly world: World) {}

  /** `recipient` hears of `actor`'s event, unless it is their own or they blocked the actor. */
  tell(recipient: number, actor: number, key: string) {
    if (recipient === actor) return;
    if (this.blocked.has(`${recipient}>${actor}`)) {
      stats.blockedOut++;
      return;
    }
    stats.told++;
    this.unread[recipient]?.add(key);
  }

  async apply(act: Action): Promise<void> {
    const { users, agents, recipes, items } = this.world;
    const agent = agents[act.a] as Agent;
    if (act.t === "readAll") {
      expect((await agent.post("/api/notifications/read/", {})).statusCode).toBe(204);
      this.unread[act.a]?.clear();
      return;
    }
    if (act.t === "readSome") {
      const page: NotificationPage = (await agent.get("/api/notifications/?limit=100")).json();
      const ids = page.results
        .filter((n) => !n.read)
        .slice(0, act.n)
        .map((n) => n.id);
      if (ids.length === 0) return;
      const keys = await db.execute<{ group_key: string }>(
        sql`select group_key from notifications where id in ${ids}`,
      );
      expect((await agent.post("/api/notifications/read/", { ids })).statusCode).toBe(204);
      for (const { group_key } of keys.rows) this.unread[act.a]?.delete(group_key);
      return;
    }
    const { a, b } = act;
    const me = users[a] as TestUser;
    const them = users[b] as TestUser;
    const recipe = recipes[b] as number;
    const item = items[b] as number;
    switch (act.t) {
      case "follow": {
        const response = await agent.post(`/api/users/${them.id}/follow/`);
        if (response.statusCode === 201) this.tell(b, a, `follow:${me.id}`);
        return;
      }
      case "unfollow":
        await agent.delete(`/api/users/${them.id}/follow/`);
        return;
      case "rate": {
        const mine = this.ratings.get(`${a}>${b}`);
        const value = mine ? (mine.value % 10) + 1 : 6;
        const response = mine
          ? await agent.put(`/api/recipes/ratings/${mine.id}/`, { rating: value, comment: "" })
          : await agent.post("/api/recipes/ratings/", { recipe, rating: value, comment: "" });
        if (response.statusCode >= 300) return;
        this.ratings.set(`${a}>${b}`, {
          id: mine?.id ?? response.json<{ id: number }>().id,
          value,
        });
        this.tell(b, a, `rating:${recipe}:${me.id}`);
        return;
      }
      case "comment": {
        const response = await agent.post(`/api/feed/items/${item}/comments/`, { text: "Hm" });
        if (response.statusCode !== 201) return;
        const key = `comment:${response.json<{ id: number }>().id}`;
        for (const recipient of new Set([b, ...(this.commenters[b] ?? [])])) {
          this.tell(recipient, a, key);
        }
        this.commenters[b]?.add(a);
        return;
      }
      case "like": {
        const response = await agent.post(`/api/feed/items/${item}/like/`);
        if (response.statusCode === 201) this.tell(b, a, `like:${item}`);
        return;
      }
      case "unlike":
        await agent.delete(`/api/feed/items/${item}/like/`);
        return;
      case "block":
        if (a === b) return;
        await db.execute(sql`insert into blocks (blocker_id, blocked_id)
          values (${me.id}, ${them.id}) on conflict do nothing`);
        this.blocked.add(`${a}>${b}`);
        return;
    }
  }
}

describe("unread counts", () => {
  it("match the model after every step of any sequence of social actions and reads", {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 8, maxLength: 30, size: "max" }),
        async (actions) => {
          const world = await newWorld();
          const model = new Model(world);
          for (const [step, act] of actions.entries()) {
            await model.apply(act);
            for (const [c, agent] of world.agents.entries()) {
              const page: NotificationPage = (
                await agent.get("/api/notifications/?limit=1")
              ).json();
              expect(page.unread_count, `cook ${c} after step ${step} ${JSON.stringify(act)}`).toBe(
                model.unread[c]?.size,
              );
            }
          }
        },
      ),
      { numRuns: 20, seed: 2727 },
    );
    expect(stats.told, JSON.stringify(stats)).toBeGreaterThan(100);
    expect(stats.blockedOut, JSON.stringify(stats)).toBeGreaterThan(0);
  });
});
