// `npx tsx scripts/explain-feed.ts`: the feed query at scale, in a throw-away embedded
// PostgreSQL. Generates ~2,000 users, one reader following 500 cooks, 1,000,000 feed items
// (with their recipes and ratings) and some likes and comments; prints EXPLAIN (ANALYZE,
// BUFFERS) and timings of the reader's first and a deep page, and times a like + comment round
// trip through app.inject. Nothing here touches the real data directory.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app.js";
import { hashPassword } from "../src/auth/passwords.js";
import { loadConfig } from "../src/config.js";
import { connect, type Db } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { feedPage } from "../src/feed/repository.js";
import { encodeCursor } from "../src/http/pagination.js";
import { startScratchPostgres } from "../test/scratch-postgres.js";

const USERS = 2000;
const FOLLOWED = 500;
// FEED_ITEMS=50000 for a quick try of the script itself.
const ITEMS = Number(process.env.FEED_ITEMS ?? 1_000_000);
const RECIPES = 200_000;
const RATINGS = 300_000;
const PAGE = 20;
const READER_PASSWORD = "explain-feed-password";

const embedded = await startScratchPostgres("potluck-explain-");
const { db, pool } = connect(embedded.url, { max: 4 });
// Stopping the database at the end must not turn idle connections into a crash.
pool.on("error", () => {});
const started = Date.now();
try {
  await runMigrations(db);
  await generate(pool);
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await pool.query("vacuum analyze");
  await report(pool);
  await roundTrip(db, pool);
} finally {
  await pool.end();
  await embedded.stop();
}

async function generate(pool: pg.Pool) {
  const step = async (label: string, query: string) => {
    const t = Date.now();
    await pool.query(query);
    console.log(`  ${label}: ${Date.now() - t} ms`);
  };
  console.log("generating...");
  await step(
    "users",
    `insert into users (username, email, password_hash)
     select 'cook' || i, 'cook' || i || '@example.com', 'not-a-hash'
     from generate_series(1, ${USERS}) i`,
  );
  // cook1 is the reader: follows cook2..cook501. Everyone else follows 20 people.
  await step(
    "follows",
    `insert into follows (follower_id, followee_id)
     select 1, i from generate_series(2, ${FOLLOWED + 1}) i
     union all
     select f, ((f + k * 97) % ${USERS}) + 1
     from generate_series(2, ${USERS}) f, generate_series(1, 20) k
     where ((f + k * 97) % ${USERS}) + 1 <> f
     on conflict do nothing`,
  );
  await step(
    "recipes",
    `insert into recipes (author_id, title, slug, image_key, created_on, updated_on)
     select (i % ${USERS}) + 1, 'Recipe ' || i, 'recipe-' || i,
       case when i % 3 = 0 then 'recipes/' || i || '/full.webp' end,
       timestamptz '2020-01-01' + i * interval '5 minutes',
       timestamptz '2020-01-01' + i * interval '5 minutes'
     from generate_series(1, ${RECIPES}) i`,
  );
  // (recipe, author) pairs stay unique: i and i + RECIPES share a recipe, not an author.
  await step(
    "ratings",
    `insert into ratings (recipe_id, author_id, rating, comment)
     select (i % ${RECIPES}) + 1,
       ((i % ${USERS}) + (i / ${RECIPES}) * 1000) % ${USERS} + 1,
       (i % 10) + 1, case when i % 2 = 0 then 'Comment ' || i else '' end
     from generate_series(0, ${RATINGS - 1}) i`,
  );
  // Four in ten items are rating events by the rater, the rest recipe events by the author
  // (two in ten are recipe updates, which the web app excludes). The kind comes from a hash,
  // so it is independent of who the item belongs to. Three items share each minute, so ties
  // on created_on are common.
  await step(
    "feed_items",
    `insert into feed_items (user_id, event_type, recipe_id, rating_id, created_on)
     select
       case when kind < 4 then rt.author_id else r.author_id end,
       case when kind = 0 then 'update_rating' when kind < 4 then 'new_rating'
            when kind < 8 then 'new_recipe' else 'update_recipe' end,
       case when kind < 4 then rt.recipe_id else r.id end,
       case when kind < 4 then rt.id end,
       timestamptz '2021-01-01' + (i / 3) * interval '1 minute'
     from (select i, abs(hashint8(i)) % 10 as kind from generate_series(1::bigint, ${ITEMS}) i) g
     join recipes r on r.id = (i * 7919 % ${RECIPES}) + 1
     join ratings rt on rt.id = (i * 104729 % ${RATINGS}) + 1
     order by i`,
  );
  // Recent items get up to 29 likes and 4 comments each, as a busy feed would.
  await step(
    "likes",
    `insert into feed_likes (feed_item_id, user_id)
     select fi.id, u from feed_items fi, generate_series(1, 29) u
     where fi.id > ${ITEMS - 20_000} and u <= fi.id % 30`,
  );
  await step(
    "comments",
    `insert into feed_comments (feed_item_id, user_id, text)
     select fi.id, (fi.id + c) % ${USERS} + 1, 'Nice one ' || c
     from feed_items fi, generate_series(1, 4) c
     where fi.id > ${ITEMS - 20_000} and c <= fi.id % 5`,
  );
}

/**
 * The SQL text and parameters of one feed page, exactly as the route runs it: feedPage runs
 * through executePrepared (db/client.ts), so the stand-in catches the compiled statement at
 * prepareQuery.
 */
async function feedSql(cursor?: string) {
  let captured: { sql: string; params: unknown[] } | undefined;
  const capture = {
    _: {
      session: {
        prepareQuery: (query: { sql: string; params: unknown[] }) => ({
          execute: async () => {
            captured = query;
            return { rows: [] };
          },
        }),
      },
    },
  } as unknown as Db;
  await feedPage(
    capture,
    { id: 1, isSuperuser: false },
    { exclude: ["update_recipe"], cursor, limit: PAGE },
  );
  if (!captured) throw new Error("no query captured");
  return captured;
}

async function report(pool: pg.Pool) {
  const scope = await pool.query(
    `select count(*)::int as n from feed_items
     where user_id = 1 or user_id in (select followee_id from follows where follower_id = 1)`,
  );
  console.log(`\nreader follows ${FOLLOWED} cooks; items in the reader's feed: ${scope.rows[0].n}`);

  // A deep page: the cursor of an item a tenth of the way down (found once, the slow way).
  const deep = await pool.query(
    `select to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id
     from feed_items
     where (user_id = 1 or user_id in (select followee_id from follows where follower_id = 1))
       and event_type <> 'update_recipe'
     order by created_on desc, id desc offset ${Math.floor(ITEMS / 10)} limit 1`,
  );
  const deepCursor = encodeCursor([deep.rows[0].t, Number(deep.rows[0].id)]);

  for (const [label, cursor] of [
    ["first page", undefined],
    [`deep page (after ${Math.floor(ITEMS / 10)} items)`, deepCursor],
  ] as const) {
    const query = await feedSql(cursor);
    await pool.query(query.sql, query.params); // warm the cache: measure the query, not the disk
    const plan = await pool.query(
      `explain (analyze, buffers, costs off, summary on) ${query.sql}`,
      query.params,
    );
    console.log(`\n===== ${label}: EXPLAIN (ANALYZE, BUFFERS) =====`);
    for (const row of plan.rows) console.log(row["QUERY PLAN"]);
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 30; i++) {
      const t = process.hrtime.bigint();
      rows = (await pool.query(query.sql, query.params)).rowCount ?? 0;
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: ${rows} rows; over 30 runs median ${times[15]?.toFixed(2)} ms, ` +
        `p90 ${times[27]?.toFixed(2)} ms (client-measured, includes the round trip)`,
    );
  }

  // For contrast: the obvious query, which sorts the reader's whole feed for every page.
  const naive = await pool.query(
    `explain (analyze, buffers, costs off, summary on)
     select fi.id from feed_items fi
     where (fi.user_id = 1 or fi.user_id in (select followee_id from follows where follower_id = 1))
       and fi.event_type <> 'update_recipe'
     order by fi.created_on desc, fi.id desc limit ${PAGE + 1}`,
  );
  console.log("\n===== for contrast, the naive join + ORDER BY + LIMIT =====");
  for (const row of naive.rows) console.log(row["QUERY PLAN"]);
}

async function roundTrip(db: Db, pool: pg.Pool) {
  await pool.query("update users set password_hash = $1 where id = 1", [
    await hashPassword(READER_PASSWORD),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-explain-data-"));
  const app = await buildApp(
    {
      ...loadConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: "an-explain-session-secret",
        LOG_LEVEL: "silent",
      }),
      webDist: undefined,
    },
    db,
  );
  try {
    const cookies = new Map<string, string>();
    const keep = (response: LightMyRequestResponse) => {
      for (const c of response.cookies) cookies.set(c.name, c.value);
      return response;
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const csrf = async () =>
      keep(
        await app.inject({ method: "GET", url: "/api/auth/csrf/", headers: { cookie: cookie() } }),
      ).json<{ csrfToken: string }>().csrfToken;
    const send = async (
      method: "GET" | "POST" | "DELETE",
      url: string,
      token: string,
      body?: object,
    ) =>
      keep(
        await app.inject({
          method,
          url,
          headers: { cookie: cookie(), "x-csrftoken": token },
          ...(body ? { payload: body } : {}),
        }),
      );
    const login = await send("POST", "/api/auth/login/", await csrf(), {
      username: "cook1",
      password: READER_PASSWORD,
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const token = await csrf();

    const first = await send("GET", "/api/feed/items/?exclude_event_types=update_recipe", token);
    const itemId: number = first.json().results[0].id;
    await send("DELETE", `/api/feed/items/${itemId}/like/`, token); // generated likes may include ours
    const feedTimes: number[] = [];
    const likeTimes: number[] = [];
    const commentTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      let t = process.hrtime.bigint();
      const page = await send("GET", "/api/feed/items/?exclude_event_types=update_recipe", token);
      if (page.statusCode !== 200) throw new Error(page.body);
      feedTimes.push(Number(process.hrtime.bigint() - t) / 1e6);

      t = process.hrtime.bigint();
      const liked = await send("POST", `/api/feed/items/${itemId}/like/`, token);
      const unliked = await send("DELETE", `/api/feed/items/${itemId}/like/`, token);
      if (liked.statusCode !== 201 || unliked.statusCode !== 204) {
        throw new Error(
          `like ${liked.statusCode} ${liked.body}, unlike ${unliked.statusCode} ${unliked.body}`,
        );
      }
      likeTimes.push(Number(process.hrtime.bigint() - t) / 1e6);

      t = process.hrtime.bigint();
      const posted = await send("POST", `/api/feed/items/${itemId}/comments/`, token, {
        text: `Round trip ${i}`,
      });
      const listed = await send("GET", `/api/feed/items/${itemId}/comments/`, token);
      if (posted.statusCode !== 201 || listed.statusCode !== 200) throw new Error(posted.body);
      commentTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[15]?.toFixed(2);
    console.log("\n===== through app.inject (30 runs, median) =====");
    console.log(`GET feed first page:              ${median(feedTimes)} ms`);
    console.log(`like + unlike (POST, DELETE):     ${median(likeTimes)} ms`);
    console.log(`comment + list (POST, GET):       ${median(commentTimes)} ms`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
