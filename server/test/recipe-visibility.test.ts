// Issue 23, section 1: who may read a recipe. A matrix of every route that reads or acts on a
// recipe × public / followers / private × author, follower, stranger, signed out, member of a
// list that plans it, member of a week planner that plans it, superuser: each cell's status, and that nothing leaks in lists, search,
// the feed, cooks to follow or images. Then the policy's two forms (row and SQL) against each
// other on a grid of cases, search pages that stay full, and the submission's field.
import type { RecipeVisibility } from "@potluck/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { recipes } from "../src/db/schema.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { imageUrls } from "../src/media/images.js";
import {
  canActOnRecipe,
  canReadRecipe,
  mayActOnRecipe,
  mayReadRecipe,
  readerFacts,
} from "../src/recipes/policy.js";
import { buildRecipe, buildUser, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, type Agent as AgentType, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const VISIBILITIES: RecipeVisibility[] = ["public", "followers", "private"];
type Actor =
  | "author"
  | "follower"
  | "stranger"
  | "anonymous"
  | "listMember"
  | "plannerMember"
  | "superuser";
const ACTORS: Actor[] = [
  "author",
  "follower",
  "stranger",
  "anonymous",
  "listMember",
  "plannerMember",
  "superuser",
];

/** Who may read a recipe of this visibility (the rule, written out by hand). */
const READS: Record<Actor, RecipeVisibility[]> = {
  author: ["public", "followers", "private"],
  follower: ["public", "followers"],
  stranger: ["public"],
  anonymous: ["public"],
  listMember: ["public", "followers", "private"], // read only, through the list
  plannerMember: ["public", "followers", "private"], // read only, through the planner
  superuser: ["public", "followers", "private"],
};
/**
 * Who may rate it or plan it onto their own list or planner: a right of their own (not a
 * list's or planner's grant).
 */
const ACTS: Record<Actor, RecipeVisibility[]> = {
  ...READS,
  anonymous: [],
  listMember: ["public"],
  plannerMember: ["public"],
};

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a9d8f" } })
    .jpeg()
    .toBuffer();

function submitRecipe(agent: AgentType, method: "POST" | "PUT", url: string, fields: object) {
  const body = multipartBody(fields as Parameters<typeof multipartBody>[0]);
  return agent.raw(method, url, body.payload, body.contentType);
}

const created = async <T>(
  response: Promise<{ statusCode: number; body: string; json: () => T }>,
) => {
  const r = await response;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
};

// ---------- the cast ----------
const author = await signedIn(app, db);
const follower = await signedIn(app, db);
const stranger = await signedIn(app, db);
const listMember = await signedIn(app, db);
const plannerMember = await signedIn(app, db);
const superuser = await signedIn(app, db, { isSuperuser: true });
/** A cook everyone follows, who rated each recipe while it was public. */
const rater = await signedIn(app, db);
const anonymous = new Agent(app);
const agents: Record<Actor, AgentType> = {
  author: author.agent,
  follower: follower.agent,
  stranger: stranger.agent,
  anonymous,
  listMember: listMember.agent,
  plannerMember: plannerMember.agent,
  superuser: superuser.agent,
};

await created(follower.agent.post(`/api/users/${author.user.id}/follow/`));
for (const cook of [author, follower, stranger, listMember, plannerMember, superuser]) {
  await created(cook.agent.post(`/api/users/${rater.user.id}/follow/`));
}
const list = await created<{ id: number }>(
  author.agent.post("/api/groceries/lists/", { name: "Tonight" }),
);
await created(
  author.agent.post(`/api/groceries/lists/${list.id}/members/`, {
    username: listMember.user.username,
  }),
);
// The author's week planner, shared with the planner member (and no list of theirs).
await created(
  author.agent.post("/api/planner/members/", { username: plannerMember.user.username }),
);
/** Each signed-in actor's own list, to plan onto. */
const ownLists = {} as Record<Actor, number>;
for (const actor of ACTORS) {
  if (actor === "anonymous") continue;
  const own = await created<{ id: number }>(
    agents[actor].post("/api/groceries/lists/", { name: "Mine" }),
  );
  ownLists[actor] = own.id;
}

const EGG = await ingredientId(db, "Egg");
const PIECE = await unitId(db, "piece");

interface Made {
  id: number;
  image: string;
  imageCard: string;
  word: string;
  raterItem: number;
  ownRatings: Partial<Record<Actor, number>>;
}
const made = {} as Record<RecipeVisibility, Made>;
const SEARCH_WORDS = { public: "quokka", followers: "wombat", private: "numbat" } as const;

for (const visibility of VISIBILITIES) {
  const word = SEARCH_WORDS[visibility];
  // Public while everyone rates it, then made `visibility` by its author (an update).
  const recipe = await created<{ id: number; image: string; image_card: string }>(
    submitRecipe(author.agent, "POST", "/api/recipes/recipes/", {
      title: `Roast ${word}`,
      content: "<p>Roast it.</p>",
      recipe_ingredients: JSON.stringify([{ ingredient_id: EGG, unit_id: PIECE, quantity: 1 }]),
      image: { filename: "a.jpg", contentType: "image/jpeg", data: await jpeg() },
    }),
  );
  const ownRatings: Made["ownRatings"] = {};
  for (const actor of [
    "follower",
    "stranger",
    "listMember",
    "plannerMember",
    "superuser",
  ] as const) {
    const rating = await created<{ id: number }>(
      agents[actor].post("/api/recipes/ratings/", { rating: 6, recipe: recipe.id }),
    );
    ownRatings[actor] = rating.id;
  }
  await created(rater.agent.post("/api/recipes/ratings/", { rating: 8, recipe: recipe.id }));
  await created(
    author.agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: list.id,
      recipe_id: recipe.id,
      guests: 2,
    }),
  );
  await created(
    author.agent.post("/api/planner/entries/", {
      date: "2030-03-04",
      slot: "dinner",
      recipe_id: recipe.id,
    }),
  );
  const changed = await created<{ visibility: string; image: string; image_card: string }>(
    submitRecipe(author.agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: `Roast ${word}`,
      content: "<p>Roast it.</p>",
      visibility,
    }),
  );
  expect(changed.visibility).toBe(visibility);
  const [raterItem] = (
    await db.execute<{ id: number }>(
      sql`select id from feed_items where user_id = ${rater.user.id} and recipe_id = ${recipe.id}`,
    )
  ).rows;
  if (!raterItem) throw new Error("the rating made no feed item");
  made[visibility] = {
    id: recipe.id,
    image: changed.image,
    imageCard: changed.image_card,
    word,
    raterItem: Number(raterItem.id),
    ownRatings,
  };
}

/** Every cell of a route: [actor, visibility, expected, got], the mismatches only. */
async function mismatches<T>(
  cell: (actor: Actor, visibility: RecipeVisibility, recipe: Made) => Promise<T>,
  expected: (actor: Actor, visibility: RecipeVisibility) => T,
  actors: Actor[] = ACTORS,
) {
  const wrong: unknown[] = [];
  for (const actor of actors) {
    for (const visibility of VISIBILITIES) {
      const got = await cell(actor, visibility, made[visibility]);
      const want = expected(actor, visibility);
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push([actor, visibility, want, got]);
    }
  }
  return wrong;
}

const reads = (actor: Actor, visibility: RecipeVisibility) => READS[actor].includes(visibility);
const acts = (actor: Actor, visibility: RecipeVisibility) => ACTS[actor].includes(visibility);
const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
const signedInActors = ACTORS.filter((actor) => actor !== "anonymous");

async function allPages(agent: AgentType, url: string): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = url;
  while (next) {
    const response = await agent.get(next);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ next: string | null; results: { id: number }[] }>();
    ids.push(...page.results.map((row) => row.id));
    next =
      page.next && new URL(page.next, "http://x").pathname + new URL(page.next, "http://x").search;
  }
  return ids;
}

describe("a recipe the caller may not read is answered as if it did not exist", () => {
  it("GET the detail: 200 or 404, and the detail says its visibility", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) => {
          const response = await agents[actor].get(`/api/recipes/recipes/${recipe.id}/`);
          return response.statusCode === 200
            ? [200, response.json<{ visibility: string }>().visibility]
            : [response.statusCode];
        },
        (actor, visibility) => (reads(actor, visibility) ? [200, visibility] : [404]),
      ),
    ).toEqual([]);
  });

  it("GET the JSON-LD export: 200 or 404", async () => {
    expect(
      await mismatches(
        (actor, _v, recipe) =>
          status(agents[actor].get(`/api/recipes/recipes/${recipe.id}/jsonld/`)),
        (actor, visibility) => (reads(actor, visibility) ? 200 : 404),
      ),
    ).toEqual([]);
  });

  it("GET its ratings: 200 or 404", async () => {
    expect(
      await mismatches(
        (actor, _v, recipe) =>
          status(agents[actor].get(`/api/recipes/ratings/?recipe=${recipe.id}`)),
        (actor, visibility) => (reads(actor, visibility) ? 200 : 404),
      ),
    ).toEqual([]);
  });

  it("POST a rating: past the recipe check ('already rated') or the unknown recipe's 400", async () => {
    const unknown = await agents.author.post("/api/recipes/ratings/", {
      rating: 5,
      recipe: 999999,
    });
    expect(
      await mismatches(
        async (actor, _v, recipe) => {
          // Everyone but the author and the anonymous has rated it already.
          const response = await agents[actor].post("/api/recipes/ratings/", {
            rating: 4,
            recipe: recipe.id,
          });
          const body = response.json<{ recipe?: unknown }>();
          return [response.statusCode, Array.isArray(body.recipe) ? "unknown recipe" : "passed"];
        },
        (actor, visibility) =>
          actor === "anonymous"
            ? [401, "passed"]
            : actor === "author"
              ? [201, "passed"]
              : acts(actor, visibility)
                ? [400, "passed"]
                : [400, "unknown recipe"],
      ),
    ).toEqual([]);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(["recipe"]);
  });

  it("PUT one's own rating: 200, or 404 when the recipe is no longer one's to act on", async () => {
    expect(
      await mismatches(
        (actor, _v, recipe) =>
          status(
            agents[actor].put(`/api/recipes/ratings/${recipe.ownRatings[actor]}/`, {
              rating: 7,
              recipe: recipe.id,
            }),
          ),
        (actor, visibility) => (acts(actor, visibility) ? 200 : 404),
        ["follower", "stranger", "listMember", "plannerMember", "superuser"],
      ),
    ).toEqual([]);
  });

  it("plan it onto one's own list: 201, or the unknown recipe's 400 on recipe_id", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) => {
          const response = await agents[actor].post("/api/groceries/planned-recipes/", {
            grocery_list_id: ownLists[actor],
            recipe_id: recipe.id,
            guests: 2,
          });
          return [response.statusCode, Object.keys(response.json<object>()).includes("recipe_id")];
        },
        (actor, visibility) => (acts(actor, visibility) ? [201, false] : [400, true]),
        signedInActors,
      ),
    ).toEqual([]);
  });

  it("plan it onto one's own planner: 201, or the unknown recipe's 400 on recipe_id", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) => {
          const response = await agents[actor].post("/api/planner/entries/", {
            date: "2030-04-01",
            slot: "lunch",
            recipe_id: recipe.id,
          });
          return [response.statusCode, Object.keys(response.json<object>()).includes("recipe_id")];
        },
        (actor, visibility) => (acts(actor, visibility) ? [201, false] : [400, true]),
        signedInActors,
      ),
    ).toEqual([]);
  });

  it("its picture and card at /media/: 200 or 404; not public ones are not cached publicly", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) => {
          const full = await agents[actor].get(recipe.image);
          const card = await agents[actor].get(recipe.imageCard);
          return [full.statusCode, card.statusCode, full.headers["cache-control"]];
        },
        (actor, visibility) =>
          reads(actor, visibility)
            ? [
                200,
                200,
                visibility === "public"
                  ? "public, max-age=31536000, immutable"
                  : "private, no-cache",
              ]
            : [404, 404, undefined],
      ),
    ).toEqual([]);
  });

  it("editing or deleting it is a 404, not a 403, for who may not read it", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) =>
          status(
            submitRecipe(agents[actor], "PUT", `/api/recipes/recipes/${recipe.id}/`, {
              title: "Taken",
              content: "<p>x</p>",
            }),
          ),
        (actor, visibility) =>
          actor === "author" || actor === "superuser"
            ? 200
            : actor === "anonymous"
              ? 401
              : reads(actor, visibility)
                ? 403
                : 404,
      ),
    ).toEqual([]);
    // Put the titles back for the searches below.
    for (const visibility of VISIBILITIES) {
      await created(
        submitRecipe(author.agent, "PUT", `/api/recipes/recipes/${made[visibility].id}/`, {
          title: `Roast ${made[visibility].word}`,
          content: "<p>Roast it.</p>",
        }),
      );
    }
  });
});

describe("a recipe the caller may not read is in no list", () => {
  it("explore, to the last page", async () => {
    const pages = {} as Record<Actor, number[]>;
    for (const actor of ACTORS)
      pages[actor] = await allPages(agents[actor], "/api/recipes/recipes/?limit=2");
    expect(
      await mismatches(async (actor, _v, recipe) => pages[actor].includes(recipe.id), reads),
    ).toEqual([]);
  });

  it("search, and ?mine=true of others", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) =>
          (await allPages(agents[actor], `/api/recipes/recipes/?search=${recipe.word}`)).includes(
            recipe.id,
          ),
        reads,
      ),
    ).toEqual([]);
    expect(
      await mismatches(
        async (actor, _v, recipe) =>
          (
            await allPages(agents[actor], `/api/recipes/recipes/?mine=true&search=${recipe.word}`)
          ).includes(recipe.id) ||
          (await allPages(agents[actor], "/api/recipes/recipes/?mine=true")).includes(recipe.id),
        (actor) => actor === "author",
        signedInActors,
      ),
    ).toEqual([]);
  });

  it("typo-corrected search ('did you mean') finds only what the caller may read", async () => {
    expect(
      await mismatches(
        async (actor, _v, recipe) =>
          // "quokkx" → quokka, "wombxt" → wombat, "numbxt" → numbat
          (
            await allPages(
              agents[actor],
              `/api/recipes/recipes/?search=${recipe.word.slice(0, -2)}x${recipe.word.slice(-1)}`,
            )
          ).includes(recipe.id),
        reads,
      ),
    ).toEqual([]);
  });

  it("the feed: the rater's rating items and the author's recipe items; their likes and comments", async () => {
    const feeds = {} as Record<Actor, { id: number; recipe: { id: number } }[]>;
    for (const actor of signedInActors) {
      const response = await agents[actor].get("/api/feed/items/?limit=100");
      expect(response.statusCode).toBe(200);
      feeds[actor] = response.json<{ results: (typeof feeds)[Actor] }>().results;
    }
    // No item about a recipe the reader may not read, of any type or author.
    expect(
      await mismatches(
        async (actor, _v, recipe) => feeds[actor].some((item) => item.recipe.id === recipe.id),
        // The author sees their own items; the others see the rater's, and the follower the author's.
        reads,
        signedInActors,
      ),
    ).toEqual([]);
    expect(
      await mismatches(
        async (actor, _v, recipe) => [
          await status(agents[actor].post(`/api/feed/items/${recipe.raterItem}/like/`)),
          await status(agents[actor].get(`/api/feed/items/${recipe.raterItem}/comments/`)),
          await status(
            agents[actor].post(`/api/feed/items/${recipe.raterItem}/comments/`, { text: "Yum" }),
          ),
        ],
        (actor, visibility) => (reads(actor, visibility) ? [201, 200, 201] : [404, 404, 404]),
        signedInActors,
      ),
    ).toEqual([]);
  });

  it("cooks to follow: the author's latest recipe is one the caller may read", async () => {
    for (const actor of ["stranger", "listMember", "plannerMember", "rater"] as const) {
      const agent = actor === "rater" ? rater.agent : agents[actor];
      const response = await agent.get("/api/users/cooks-to-follow/?limit=20");
      expect(response.statusCode, response.body).toBe(200);
      const entry = response
        .json<{ id: number; latest_recipe: { id: number } }[]>()
        .find((cook) => cook.id === author.user.id);
      // The list's and the planner's members read the private one through them; the others
      // the public one.
      const latest =
        actor === "listMember" || actor === "plannerMember" ? made.private.id : made.public.id;
      if (entry) expect([actor, entry.latest_recipe.id]).toEqual([actor, latest]);
    }
  });
});

describe("the feed page query keeps its pages full past items about unreadable recipes", () => {
  it("pages to the end like a plain filter, through the heads and the walk", async () => {
    const reader = await signedIn(app, db);
    // 30 cooks (more than a page of heads) with 6 items each, a third of them about private
    // recipes, interleaved in time.
    const cooks = [];
    for (let i = 0; i < 30; i++) cooks.push(await buildUser(db));
    for (const cook of cooks) {
      await created(reader.agent.post(`/api/users/${cook.id}/follow/`));
    }
    for (let round = 0; round < 6; round++) {
      for (const [i, cook] of cooks.entries()) {
        const recipe = await buildRecipe(db, cook.id);
        const visibility =
          (i + round) % 3 === 0 ? "private" : (i + round) % 3 === 1 ? "followers" : "public";
        await db.execute(
          sql`update ${recipes} set visibility = ${visibility} where id = ${recipe.id}`,
        );
        await db.execute(sql`insert into feed_items (user_id, event_type, recipe_id, created_on)
          values (${cook.id}, 'new_recipe', ${recipe.id},
            now() - interval '1 day' + (${round * 30 + i} * interval '1 second'))`);
      }
    }
    const expected = (
      await db.execute<{
        id: number;
      }>(sql`select fi.id from feed_items fi join recipes r on r.id = fi.recipe_id
        where fi.user_id in (select followee_id from follows where follower_id = ${reader.user.id})
          and r.visibility <> 'private'
        order by fi.created_on desc, fi.id desc`)
    ).rows.map((row) => Number(row.id));
    expect(expected).toHaveLength(120);
    for (const limit of [1, 7, 20]) {
      const ids: number[] = [];
      let next: string | null = `/api/feed/items/?limit=${limit}`;
      while (next) {
        const response = await reader.agent.get(next);
        expect(response.statusCode).toBe(200);
        const page = response.json<{ next: string | null; results: { id: number }[] }>();
        expect(page.results.length === limit || page.next === null).toBe(true);
        ids.push(...page.results.map((item) => item.id));
        next =
          page.next &&
          new URL(page.next, "http://x").pathname + new URL(page.next, "http://x").search;
      }
      expect(ids).toEqual(expected);
    }
  });
});

describe("search pages stay full when the shared ranking holds recipes the caller can't read", () => {
  it("reads on past unreadable matches, so scrolling ends only at the end", async () => {
    const cook = await buildUser(db);
    const visible: number[] = [];
    for (let i = 0; i < 3; i++)
      visible.push((await buildRecipe(db, cook.id, { title: `Kiwano ${i}` })).id);
    // Newer, so first in the ranking's order (equal scores, then newest id first).
    for (let i = 0; i < 7; i++) {
      const hidden = await buildRecipe(db, cook.id, { title: `Kiwano secret ${i}` });
      await db.execute(sql`update ${recipes} set visibility = 'private' where id = ${hidden.id}`);
    }
    for (const limit of [1, 2, 5]) {
      const ids = await allPages(
        stranger.agent,
        `/api/recipes/recipes/?search=kiwano&limit=${limit}`,
      );
      expect(ids.sort()).toEqual([...visible].sort());
      const first = (
        await stranger.agent.get(`/api/recipes/recipes/?search=kiwano&limit=${limit}`)
      ).json<{
        results: unknown[];
      }>();
      expect(first.results).toHaveLength(Math.min(limit, 3));
    }
  });
});

describe("did you mean: matches the caller can't read count as no matches", () => {
  it("gives the corrected search, as if the unreadable recipe did not exist", async () => {
    const cook = await buildUser(db);
    const shown = await buildRecipe(db, cook.id, { title: "Tamarillo tart" });
    const hidden = await buildRecipe(db, cook.id, { title: "Tamarilla tart" });
    await db.execute(sql`update ${recipes} set visibility = 'private' where id = ${hidden.id}`);
    // For the stranger, "tamarilla" matches only a recipe they can't read: they get its
    // correction's matches, as they would if that recipe did not exist.
    expect(
      await allPages(stranger.agent, "/api/recipes/recipes/?search=tamarilla&limit=1"),
    ).toEqual([shown.id]);
    // The author still finds their own recipe by its word.
    const mine = await allPages(agents.superuser, "/api/recipes/recipes/?search=tamarilla");
    expect(mine).toEqual([hidden.id]);
  });
});

describe("the rule's two forms agree", () => {
  it("canReadRecipe and canActOnRecipe on rows equal mayReadRecipe and mayActOnRecipe in SQL, on a grid", async () => {
    const owner = await buildUser(db);
    const fan = await buildUser(db);
    const nobody = await buildUser(db);
    const sharer = await buildUser(db);
    const boss = await buildUser(db, { isSuperuser: true });
    await db.execute(
      sql`insert into follows (follower_id, followee_id) values (${fan.id}, ${owner.id})`,
    );
    // A list of the sharer's that plans the recipes, with the fan as a member of another.
    const [lists] = (
      await db.execute<{ a: number; b: number }>(sql`with a as (
          insert into grocery_lists (owner_id, name) values (${sharer.id}, 'A') returning id),
        b as (insert into grocery_lists (owner_id, name) values (${nobody.id}, 'B') returning id)
        select (select id from a) as a, (select id from b) as b`)
    ).rows;
    if (!lists) throw new Error("no lists");
    await db.execute(
      sql`insert into grocery_list_members (grocery_list_id, user_id) values (${lists.b}, ${fan.id})`,
    );
    // Likewise planners: the sharer's own (c), and the nobody's with the fan as a member (d).
    await db.execute(sql`insert into planners (owner_id) values (${sharer.id}), (${nobody.id})`);
    await db.execute(
      sql`insert into planner_members (owner_id, user_id) values (${nobody.id}, ${fan.id})`,
    );
    const planners = { c: sharer.id, d: nobody.id };
    const viewers = [
      null,
      { id: owner.id, isSuperuser: false },
      { id: fan.id, isSuperuser: false },
      { id: nobody.id, isSuperuser: false },
      { id: sharer.id, isSuperuser: false },
      { id: boss.id, isSuperuser: true },
    ];
    const cases: unknown[] = [];
    for (const visibility of VISIBILITIES) {
      for (const plannedOn of [null, "a", "b", "c", "d"] as const) {
        const recipe = await buildRecipe(db, owner.id);
        await db.execute(
          sql`update ${recipes} set visibility = ${visibility} where id = ${recipe.id}`,
        );
        if (plannedOn === "a" || plannedOn === "b") {
          await db.execute(sql`insert into planned_recipes (grocery_list_id, recipe_id, guests)
            values (${lists[plannedOn]}, ${recipe.id}, 2)`);
        }
        if (plannedOn === "c" || plannedOn === "d") {
          await db.execute(sql`insert into planner_entries
              (owner_id, date, slot, position, recipe_id, guests)
            values (${planners[plannedOn]}, '2030-03-04', 'dinner', 0, ${recipe.id}, 2)`);
        }
        for (const viewer of viewers) {
          const [row] = (
            await db.execute<{
              authorId: number;
              visibility: RecipeVisibility;
              withheld: boolean;
              reads: boolean;
              acts: boolean;
              followsAuthor: boolean;
              plannedForViewer: boolean;
            }>(sql`select r.author_id as "authorId", r.visibility, ${readerFacts(viewer)},
                ${mayReadRecipe(viewer)} as reads, ${mayActOnRecipe(viewer)} as acts
              from recipes r where r.id = ${recipe.id}`)
          ).rows;
          if (!row) throw new Error("recipe gone");
          const rowForm = [canReadRecipe(viewer, row, row), canActOnRecipe(viewer, row, row)];
          cases.push({
            visibility,
            plannedOn,
            viewer: viewer?.id ?? null,
            sql: [row.reads, row.acts],
            rowForm,
          });
          expect(rowForm, JSON.stringify(cases.at(-1))).toEqual([row.reads, row.acts]);
        }
      }
    }
    // The grid covers both answers of both rules.
    expect(cases).toHaveLength(3 * 5 * viewers.length);
    const answers = new Set(cases.map((c) => JSON.stringify((c as { sql: unknown }).sql)));
    expect(answers).toEqual(new Set(["[true,true]", "[false,false]", "[true,false]"]));
    // A private recipe on a planner: read only for its owner and members, hidden from others.
    const cell = (plannedOn: string, viewer: number) =>
      (cases as { visibility: string; plannedOn: string; viewer: number; sql: unknown }[]).find(
        (c) => c.visibility === "private" && c.plannedOn === plannedOn && c.viewer === viewer,
      )?.sql;
    expect([cell("c", sharer.id), cell("d", nobody.id), cell("d", fan.id)]).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect([cell("c", fan.id), cell("d", sharer.id)]).toEqual([
      [false, false],
      [false, false],
    ]);
  });
});

describe("the visibility field", () => {
  it("defaults to the author's default_visibility, which PATCH preferences sets and returns", async () => {
    const cook = await signedIn(app, db);
    const make = async (fields: object = {}) =>
      created<{ visibility: string }>(
        submitRecipe(cook.agent, "POST", "/api/recipes/recipes/", {
          title: "Toast",
          content: "<p>Toast it.</p>",
          ...fields,
        }),
      );
    expect((await make()).visibility).toBe("public");
    const patched = await cook.agent.patch("/api/users/me/preferences/", {
      default_visibility: "followers",
    });
    expect(patched.json()).toEqual({
      units: "as_written",
      default_visibility: "followers",
      language: null,
    });
    expect((await cook.agent.get("/api/users/me/preferences/")).json()).toEqual({
      units: "as_written",
      default_visibility: "followers",
      language: null,
    });
    expect((await make()).visibility).toBe("followers");
    expect((await make({ visibility: "private" })).visibility).toBe("private");
    const bad = await submitRecipe(cook.agent, "POST", "/api/recipes/recipes/", {
      title: "Toast",
      content: "<p>x</p>",
      visibility: "friends",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ visibility: ['"friends" is not a valid choice.'] });
    const badPreference = await cook.agent.patch("/api/users/me/preferences/", {
      default_visibility: "friends",
    });
    expect(badPreference.statusCode).toBe(400);
  });

  it("is always in the preferences' answer, public included, from GET and from a PATCH that does not set it", async () => {
    const cook = await signedIn(app, db);
    const all = { units: "as_written", default_visibility: "public", language: null };
    expect((await cook.agent.get("/api/users/me/preferences/")).json()).toEqual(all);
    expect((await cook.agent.patch("/api/users/me/preferences/", {})).json()).toEqual(all);
    await cook.agent.patch("/api/users/me/preferences/", { default_visibility: "private" });
    expect(
      (
        await cook.agent.patch("/api/users/me/preferences/", { default_visibility: "public" })
      ).json(),
    ).toEqual(all);
    expect(
      (await cook.agent.patch("/api/users/me/preferences/", { units: "metric" })).json(),
    ).toEqual({ units: "metric", default_visibility: "public", language: null });
  });

  it("serves a picture of a recipe that is not public through the app even with a public bucket", () => {
    const bucket = {
      url: (key: string) => `https://cdn.example.com/${key}`,
      put: async () => {},
      remove: async () => {},
      read: async () => null,
    };
    expect(imageUrls(bucket, "recipes/a.webp", "public").image).toBe(
      "https://cdn.example.com/recipes/a.webp",
    );
    expect(imageUrls(bucket, "recipes/a.webp", "followers")).toEqual({
      image: "/media/recipes/a.webp",
      image_card: "/media/recipes/a-card.webp",
    });
    expect(imageUrls(bucket, "recipes/a.webp", "private").image).toBe("/media/recipes/a.webp");
  });
});
