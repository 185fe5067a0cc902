// npm run seed:demo: a small, believable community for a first run (see README for sign-ins).
// Everything goes through the real API (app.inject), so the demo data is exactly what the
// product would have made: cleaned HTML, processed images, feed items, shopping lists.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/open.js";
import { Agent, multipartBody } from "../src/http/inject-agent.js";
import { loadReferenceData } from "../src/reference-data.js";
import { type Motif, renderFoodCard } from "./demo/food-card.js";

export const DEMO_PASSWORD = "potluck-demo";

interface DemoContent {
  cooks: { username: string; first_name: string; last_name: string }[];
  follows: [string, string][];
  recipes: {
    title: string;
    author: string;
    content: string;
    ingredients: { ingredient: string; quantity: number; unit: string }[];
    image: { hue: number; motif: Motif };
  }[];
  ratings: { recipe: string; author: string; stars: number; comment: string }[];
  feed_comments: { recipe: string; author: string; text: string }[];
  likes: { recipe: string; author: string }[];
  shopping_list: {
    owner: string;
    name: string;
    notes: string;
    planned_recipes: { recipe: string; guests: number; planned_on_offset_days: number }[];
    extras: { ingredient: string; quantity: number; unit: string }[];
  };
}

const content: DemoContent = JSON.parse(
  readFileSync(new URL("./demo/demo-content.json", import.meta.url), "utf8"),
);

const config = { ...loadConfig(), logLevel: "silent" };
const database = await openDatabase(config, {
  holder: "npm run seed:demo",
  referenceData: loadReferenceData,
  reuseRunning: true,
  poolSize: 4,
});
const { db } = database;

async function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode >= 300) {
    throw new Error(`${what}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return JSON.parse(response.body || "null");
}

async function main() {
  const first = content.cooks[0]?.username ?? "";
  const existing = await db.execute(
    sql`select 1 from users where lower(username) = lower(${first})`,
  );
  if (existing.rows.length > 0) {
    console.error(
      `The demo content is already in this database (user ${first} exists). Nothing was changed.`,
    );
    process.exitCode = 1;
    return;
  }

  const app = await buildApp(config, db);
  const ids = {
    ingredient: new Map<string, number>(),
    unit: new Map<string, number>(),
    user: new Map<string, number>(),
    recipe: new Map<string, number>(),
  };
  for (const row of (
    await db.execute<{ id: number; name: string }>(sql`select id, name from ingredients`)
  ).rows) {
    ids.ingredient.set(row.name, row.id);
  }
  for (const row of (
    await db.execute<{ id: number; name: string }>(sql`select id, name from units`)
  ).rows) {
    ids.unit.set(row.name, row.id);
  }
  const idOf = (map: Map<string, number>, name: string) => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`unknown name in demo content: ${name}`);
    return id;
  };

  console.log(`Creating ${content.cooks.length} cooks...`);
  const agents = new Map<string, Agent>();
  for (const cook of content.cooks) {
    const agent = new Agent(app);
    const created = await expectOk(
      `sign up ${cook.username}`,
      await agent.post("/api/auth/signup/", {
        ...cook,
        email: `${cook.username.replace(/[^\w]/g, ".")}@potluck.example`,
        password: DEMO_PASSWORD,
        confirm_password: DEMO_PASSWORD,
        accept_tos: true,
      }),
    );
    ids.user.set(cook.username, created.user.id);
    await expectOk(
      `log in ${cook.username}`,
      await agent.post("/api/auth/login/", { username: cook.username, password: DEMO_PASSWORD }),
    );
    agents.set(cook.username, agent);
  }
  const agentOf = (username: string) => {
    const agent = agents.get(username);
    if (!agent) throw new Error(`unknown cook in demo content: ${username}`);
    return agent;
  };
  const follow = async (follower: string, followee: string) =>
    expectOk(
      `${follower} follows ${followee}`,
      await agentOf(follower).post(`/api/users/${idOf(ids.user, followee)}/follow/`),
    );
  for (const [follower, followee] of content.follows) await follow(follower, followee);

  console.log(`Publishing ${content.recipes.length} recipes with images...`);
  for (const [index, recipe] of content.recipes.entries()) {
    const image = await renderFoodCard(recipe.image.hue, recipe.image.motif, index + 1);
    const { payload, contentType } = multipartBody({
      title: recipe.title,
      content: recipe.content,
      // The form shows quantities for 4 servings; the API stores them per serving.
      recipe_ingredients: JSON.stringify(
        recipe.ingredients.map((row) => ({
          ingredient_id: idOf(ids.ingredient, row.ingredient),
          unit_id: idOf(ids.unit, row.unit),
          quantity: row.quantity / 4,
        })),
      ),
      image: { filename: "dish.jpg", contentType: "image/jpeg", data: image },
    });
    const created = await expectOk(
      `recipe ${recipe.title}`,
      await agentOf(recipe.author).raw("POST", "/api/recipes/recipes/", payload, contentType),
    );
    ids.recipe.set(recipe.title, created.id);
  }
  const authorOf = (title: string) => content.recipes.find((r) => r.title === title)?.author ?? "";

  console.log(`Rating, liking and commenting...`);
  for (const rating of content.ratings) {
    await expectOk(
      `rating of ${rating.recipe}`,
      await agentOf(rating.author).post("/api/recipes/ratings/", {
        recipe: idOf(ids.recipe, rating.recipe),
        rating: Math.round(rating.stars * 2),
        comment: rating.comment,
      }),
    );
  }
  // Likes and comments go on the recipe's "New Recipe" feed card, which only followers see.
  const feedItemOf = async (title: string) => {
    const result = await db.execute<{ id: number }>(
      sql`select id from feed_items where recipe_id = ${idOf(ids.recipe, title)} and event_type = 'new_recipe'`,
    );
    return Number(result.rows[0]?.id);
  };
  const followPairs = new Set(content.follows.map(([a, b]) => `${a}>${b}`));
  const ensureFollows = async (username: string, title: string) => {
    const author = authorOf(title);
    if (!followPairs.has(`${username}>${author}`)) {
      await follow(username, author);
      followPairs.add(`${username}>${author}`);
    }
  };
  for (const like of content.likes) {
    await ensureFollows(like.author, like.recipe);
    await expectOk(
      `like of ${like.recipe}`,
      await agentOf(like.author).post(`/api/feed/items/${await feedItemOf(like.recipe)}/like/`),
    );
  }
  for (const comment of content.feed_comments) {
    await ensureFollows(comment.author, comment.recipe);
    await expectOk(
      `comment on ${comment.recipe}`,
      await agentOf(comment.author).post(
        `/api/feed/items/${await feedItemOf(comment.recipe)}/comments/`,
        { text: comment.text },
      ),
    );
  }

  console.log("Planning a shopping list...");
  const plan = content.shopping_list;
  const owner = agentOf(plan.owner);
  const list = await expectOk(
    "shopping list",
    await owner.post("/api/groceries/lists/", { name: plan.name }),
  );
  await expectOk(
    "notes",
    await owner.patch(`/api/groceries/lists/${list.id}/`, { notes: plan.notes }),
  );
  for (const planned of plan.planned_recipes) {
    const day = new Date(Date.now() + planned.planned_on_offset_days * 86_400_000);
    await expectOk(
      `plan ${planned.recipe}`,
      await owner.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: idOf(ids.recipe, planned.recipe),
        guests: planned.guests,
        planned_on: day.toISOString().slice(0, 10),
      }),
    );
  }
  for (const extra of plan.extras) {
    await expectOk(
      `extra ${extra.ingredient}`,
      await owner.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: idOf(ids.ingredient, extra.ingredient),
        unit_id: idOf(ids.unit, extra.unit),
        quantity: extra.quantity,
      }),
    );
  }

  // Spread the activity over the past weeks, as a real community's would be: recipe i was
  // published (40 - i) × 17 hours ago, and its ratings, likes and comments came after it.
  await db.execute(sql`
    with spread as (
      select id, now() - (count(*) over () - row_number() over (order by id)) * interval '17 hours' as at
      from recipes where id in ${[...ids.recipe.values()]}
    )
    update recipes r set created_on = s.at, updated_on = s.at from spread s where r.id = s.id`);
  await db.execute(sql`
    update feed_items f set created_on = r.created_on
    from recipes r where f.recipe_id = r.id and f.event_type = 'new_recipe' and r.id in ${[...ids.recipe.values()]}`);
  await db.execute(sql`
    update ratings t set created_at = least(now(), r.created_on + (t.id % 9 + 1) * interval '3 hours'),
                         updated_at = least(now(), r.created_on + (t.id % 9 + 1) * interval '3 hours')
    from recipes r where t.recipe_id = r.id and r.id in ${[...ids.recipe.values()]}`);
  await db.execute(sql`
    update feed_items f set created_on = t.created_at
    from ratings t where f.rating_id = t.id and t.recipe_id in ${[...ids.recipe.values()]}`);
  await db.execute(sql`
    update feed_comments c set created_at = least(now(), f.created_on + (c.id % 5 + 1) * interval '1 hour')
    from feed_items f where c.feed_item_id = f.id and f.recipe_id in ${[...ids.recipe.values()]}`);
  await app.close();

  console.log(
    `\nDemo content ready: ${content.cooks.length} cooks, ${content.recipes.length} recipes.`,
  );
  console.log(`Sign in as any of them with the password "${DEMO_PASSWORD}":`);
  for (const cook of content.cooks) console.log(`  ${cook.username}`);
  console.log(`${plan.owner} has the shopping list "${plan.name}".`);
}

try {
  await main();
} finally {
  await database.close();
}
