import type { FastifyInstance } from "fastify";
import { hashPassword } from "../src/auth/passwords.js";
import type { Db } from "../src/db/client.js";
import { feedItems, recipeIngredients, recipes, users } from "../src/db/schema.js";
import { refreshFactsOf } from "../src/recipes/facts.js";
import { refreshSearchRow } from "../src/recipes/search-index.js";
import { Agent } from "./helper.js";

export const TEST_PASSWORD = "correct horse battery staple";
// Argon2id is slow on purpose; hash the shared test password once per file.
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface TestUser {
  id: number;
  username: string;
  email: string;
}

export async function buildUser(
  db: Db,
  overrides: Partial<{ username: string; email: string; isSuperuser: boolean }> = {},
): Promise<TestUser> {
  sequence += 1;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username =
    overrides.username ?? `cook${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: overrides.email ?? `${username}@example.com`,
      passwordHash: await passwordHash,
      isSuperuser: overrides.isSuperuser ?? false,
    })
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!user) throw new Error("user not created");
  return user;
}

/** A new user and an agent signed in as them. */
export async function signedIn(
  app: FastifyInstance,
  db: Db,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<{ user: TestUser; agent: Agent }> {
  const user = await buildUser(db, overrides);
  const agent = new Agent(app);
  const response = await agent.post("/api/auth/login/", {
    username: user.username,
    password: TEST_PASSWORD,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { user, agent };
}

/** Ids of reference data loaded in every test database. */
export async function unitId(db: Db, name: string): Promise<number> {
  const unit = await db.query.units.findFirst({ where: (u, { eq }) => eq(u.name, name) });
  if (!unit) throw new Error(`unit ${name} is not in the reference data`);
  return unit.id;
}

export async function ingredientId(db: Db, name: string): Promise<number> {
  const ingredient = await db.query.ingredients.findFirst({
    where: (i, { eq }) => eq(i.name, name),
  });
  if (!ingredient) throw new Error(`ingredient ${name} is not in the reference data`);
  return ingredient.id;
}

/**
 * A recipe written straight to the database (no feed item, no image), for tests of other
 * features. Quantities are per ONE serving, as stored.
 */
export async function buildRecipe(
  db: Db,
  authorId: number,
  options: {
    title?: string;
    content?: string;
    ingredients?: { ingredientId: number; unitId: number; quantity: number }[];
  } = {},
): Promise<{ id: number; title: string; slug: string }> {
  const title = options.title ?? `Recipe ${++sequence}`;
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-");
  const [recipe] = await db
    .insert(recipes)
    .values({
      authorId,
      title,
      slug,
      content: options.content ?? "<p>Cook it.</p>",
    })
    .returning({ id: recipes.id, title: recipes.title, slug: recipes.slug });
  if (!recipe) throw new Error("recipe not created");
  const rows = options.ingredients ?? [];
  if (rows.length > 0) {
    await db
      .insert(recipeIngredients)
      .values(rows.map((row, position) => ({ ...row, recipeId: recipe.id, position })));
  }
  await refreshSearchRow(db, recipe.id);
  await refreshFactsOf(db, recipe.id);
  return recipe;
}

/** A "new recipe" feed item of `userId` about `recipeId`, as publishing the recipe makes it. */
export async function buildFeedItem(db: Db, userId: number, recipeId: number): Promise<number> {
  const [row] = await db
    .insert(feedItems)
    .values({ userId, eventType: "new_recipe", recipeId })
    .returning({ id: feedItems.id });
  if (!row) throw new Error("item not created");
  return row.id;
}
