import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import {
  feedItems,
  groceryLists,
  plannedRecipes,
  ratings,
  recipes,
  shoppingItems,
} from "../src/db/schema.js";
import { recomputeShoppingList } from "../src/groceries/recompute.js";
import { type MultipartParts, multipartBody } from "../src/http/inject-agent.js";
import { refreshSearchRows } from "../src/recipes/search-index.js";
import { SEARCH_CANDIDATES } from "../src/recipes/search-ranking.js";
import { buildUser, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, type Agent as AgentType, createTestApp } from "./helper.js";

const { app, db, config } = await createTestApp();

// Multipart bodies are built by hand as a browser would send them; undefined parts are left out.
type FilePart = Exclude<MultipartParts[string], string>;
type Parts = Record<string, string | FilePart | undefined>;
const multipart = (parts: Parts) =>
  multipartBody(
    Object.fromEntries(
      Object.entries(parts).filter(
        (entry): entry is [string, MultipartParts[string]] => entry[1] !== undefined,
      ),
    ),
  );

interface Row {
  ingredient_id: number;
  quantity: number;
  unit_id: number;
}

/** Multipart fields; `rows` becomes the `recipe_ingredients` JSON string. */
type Fields = { [name: string]: string | FilePart | Row[] | undefined; rows?: Row[] | string };

function submit(agent: AgentType, method: "POST" | "PUT", url: string, fields: Fields) {
  const { rows, ...rest } = fields;
  const body = multipart({
    ...(rest as Parts),
    recipe_ingredients:
      rows === undefined || typeof rows === "string" ? rows : JSON.stringify(rows),
  });
  return agent.raw(method, url, body.payload, body.contentType);
}

const createRecipe = (agent: AgentType, fields: Fields) =>
  submit(agent, "POST", "/api/recipes/recipes/", {
    title: "Pancakes",
    content: "<p>Mix and fry.</p>",
    ...fields,
  });

async function created(agent: AgentType, fields: Fields = {}) {
  const response = await createRecipe(agent, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeJson>();
}

interface RecipeJson {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  image_card: string | null;
  author_username: string;
  created_on: string;
  updated_on: string;
  average_rating: number;
  rating_count: number;
  can_edit: boolean;
  content: string;
  recipe_ingredients: {
    id: number;
    ingredient: { id: number; name: string };
    quantity: number;
    unit: { id: number; name: string };
  }[];
}
interface PageJson {
  next: string | null;
  previous: string | null;
  results: RecipeJson[];
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();
const filePart = (data: Buffer, filename = "photo.jpg", contentType = "image/jpeg"): FilePart => ({
  filename,
  contentType,
  data,
});
// The image tests (stored, served, replaced, deleted; on disk and in a bucket) are in
// recipe-images.test.ts.
const recipeCount = async () =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(recipes))[0]?.n;

const egg = await ingredientId(db, "Egg");
const flour = await ingredientId(db, "All-purpose flour");
const milk = await ingredientId(db, "Whole milk");
const piece = await unitId(db, "piece");
const grams = await unitId(db, "g");
const ml = await unitId(db, "ml");

// ---------- create ----------

describe("POST /api/recipes/recipes/", () => {
  it("publishes a recipe with ingredients per serving and an image", async () => {
    const { user, agent } = await signedIn(app, db);
    const image = await jpeg(1600, 1200);
    const response = await createRecipe(agent, {
      title: "  Café liégeois  ",
      content: "<h1>Steps</h1><p><strong>Heat</strong> the <em>cream</em>.</p><ul><li>a</li></ul>",
      rows: [
        { ingredient_id: egg, quantity: 0.5, unit_id: piece },
        { ingredient_id: flour, quantity: 31.25, unit_id: grams },
      ],
      image: filePart(image),
    });
    expect(response.statusCode, response.body).toBe(201);
    const recipe = response.json<RecipeJson>();
    expect(recipe).toMatchObject({
      title: "Café liégeois",
      slug: "cafe-liegeois",
      author_username: user.username,
      average_rating: 0,
      rating_count: 0,
      content: "<h1>Steps</h1><p><strong>Heat</strong> the <em>cream</em>.</p><ul><li>a</li></ul>",
    });
    expect(recipe.recipe_ingredients).toEqual([
      {
        id: expect.any(Number),
        ingredient: { id: egg, name: "Egg" },
        quantity: 0.5,
        unit: { id: piece, name: "piece" },
        text: null,
        note: null,
        optional: false,
        grams_per_unit: null,
      },
      {
        id: expect.any(Number),
        ingredient: { id: flour, name: "All-purpose flour" },
        quantity: 31.25,
        unit: { id: grams, name: "g" },
        text: null,
        note: null,
        optional: false,
        grams_per_unit: null,
      },
    ]);
    expect(recipe.created_on).toBe(recipe.updated_on);

    // Anyone can read it.
    const detail = await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ ...recipe, can_edit: false, can_rate: false });
    // Its author may not report it, nor may anyone signed out; another cook may (issue 36 §3).
    expect(detail.json().can_report).toBe(false);
    const other = await signedIn(app, db);
    const seen = await other.agent.get(`/api/recipes/recipes/${recipe.id}/`);
    expect(seen.json()).toMatchObject({ can_edit: false, can_report: true });
  });

  it("records a new_recipe feed item with the recipe", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await created(agent);
    const items = await db.select().from(feedItems).where(eq(feedItems.recipeId, recipe.id));
    expect(items).toMatchObject([{ userId: user.id, eventType: "new_recipe", ratingId: null }]);
  });

  it("refuses a pixel bomb with a 400 image error", async () => {
    const { agent } = await signedIn(app, db);
    // 8000×8000 = 64 megapixels of one colour: a small file that would be huge in memory.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const response = await createRecipe(agent, { image: filePart(bomb, "bomb.png", "image/png") });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ image: ["The image is too large: at most 40 megapixels."] });
  });

  it("answers a file over 10 MB with 413 and creates nothing", async () => {
    const { agent } = await signedIn(app, db);
    const before = await recipeCount();
    const response = await createRecipe(agent, {
      image: filePart(randomBytes(10 * 1024 * 1024 + 1)),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await recipeCount()).toBe(before);
  });

  it("keeps only the editor's formatting: stored XSS comes back inert", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, {
      content: [
        '<p onclick="steal()">Whisk<script>alert(1)</script></p>',
        '<img src=x onerror="alert(2)">',
        '<a href="javascript:alert(3)">click</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<h2 style="background:url(javascript:alert(4))">Bake</h2>',
        "<svg><script>alert(5)</script></svg>",
      ].join(""),
    });
    expect(recipe.content).toBe("<p>Whisk</p>click<h2>Bake</h2>");
    const detail = (await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`)).json();
    expect(detail.content).toBe(recipe.content);
  });

  it("refuses bad fields with field errors and writes nothing", async () => {
    const { agent } = await signedIn(app, db);
    const before = await recipeCount();
    const cases: [Fields, Record<string, unknown>][] = [
      [{ title: "   " }, { title: ["This field may not be blank."] }],
      [
        { title: "x".repeat(201) },
        { title: ["Ensure this field has no more than 200 characters."] },
      ],
      [{ content: "<p>  </p><p><br></p>" }, { content: ["This field may not be blank."] }],
      [
        { content: `<p>${"a".repeat(101 * 1024)}</p>` },
        { content: [expect.stringMatching(/100 KB/)] },
      ],
      [{ rows: "[{not json" }, { recipe_ingredients: [expect.stringMatching(/Invalid JSON/)] }],
      [{ rows: '{"ingredient_id": 1}' }, { recipe_ingredients: [expect.stringMatching(/list/)] }],
      [
        { rows: [{ ingredient_id: egg, quantity: 0, unit_id: piece }] },
        { recipe_ingredients: ["Row 1: quantity: Ensure this value is greater than 0."] },
      ],
      [
        {
          rows: [
            { ingredient_id: egg, quantity: 1, unit_id: piece },
            { ingredient_id: egg, quantity: -2, unit_id: piece },
          ],
        },
        { recipe_ingredients: ["Row 2: quantity: Ensure this value is greater than 0."] },
      ],
      [
        {
          rows: Array.from({ length: 101 }, () => ({
            ingredient_id: egg,
            quantity: 1,
            unit_id: piece,
          })),
        },
        { recipe_ingredients: ["Ensure this field has no more than 100 elements."] },
      ],
      [
        { rows: [{ ingredient_id: 99999999, quantity: 1, unit_id: 88888888 }] },
        {
          recipe_ingredients: [
            "Row 1: unknown ingredient id 99999999.",
            "Row 1: unknown unit id 88888888.",
          ],
        },
      ],
      [
        { rows: [{ ingredient_id: 99999999999, quantity: 1, unit_id: piece }] },
        { recipe_ingredients: [expect.stringMatching(/^Row 1: ingredient_id:/)] },
      ],
      [
        { rows: JSON.stringify([{ ingredient_id: "abc", quantity: 1, unit_id: piece }]) },
        { recipe_ingredients: [expect.stringMatching(/^Row 1: ingredient_id:/)] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const response = await createRecipe(agent, fields);
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const empty = multipart({});
    const missing = await agent.raw(
      "POST",
      "/api/recipes/recipes/",
      empty.payload,
      empty.contentType,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      title: ["This field is required."],
      content: ["This field is required."],
    });
    // A body cut off or framed with another boundary than announced.
    const good = multipart({ title: "T", content: "<p>c</p>" });
    const otherBoundary = multipart({}).contentType;
    const malformed = await agent.raw("POST", "/api/recipes/recipes/", good.payload, otherBoundary);
    expect(malformed.statusCode).toBe(400);
    const truncated = good.payload.subarray(0, good.payload.length - 20);
    const cut = await agent.raw("POST", "/api/recipes/recipes/", truncated, good.contentType);
    expect(cut.statusCode).toBe(400);
    expect(await recipeCount()).toBe(before);
  });

  it("accepts 100 ingredient rows and quantities sent as text", async () => {
    const { agent } = await signedIn(app, db);
    const rows = Array.from({ length: 100 }, (_, i) => ({
      ingredient_id: egg,
      quantity: i + 1,
      unit_id: piece,
    }));
    const recipe = await created(agent, { rows });
    expect(recipe.recipe_ingredients.map((r) => r.quantity)).toEqual(rows.map((r) => r.quantity));
    const texty = await created(agent, {
      rows: `[{"ingredient_id":"${milk}","quantity":"62.5","unit_id":"${ml}"}]`,
    });
    expect(texty.recipe_ingredients[0]?.quantity).toBe(62.5);
  });

  it("needs a signed-in user and a multipart body", async () => {
    const anonymous = await createRecipe(new Agent(app), {});
    expect(anonymous.statusCode).toBe(401);
    const { agent } = await signedIn(app, db);
    const json = await agent.post("/api/recipes/recipes/", { title: "A", content: "<p>b</p>" });
    expect(json.statusCode).toBe(415);
    const noCsrf = await new Agent(app).post("/api/recipes/recipes/", {}, { csrf: "omit" });
    expect(noCsrf.statusCode).toBe(403);
  });
});

// ---------- read ----------

describe("GET /api/recipes/recipes/{id}/", () => {
  it("is 404 for an unknown id and 400 for a non-numeric one", async () => {
    const agent = new Agent(app);
    expect((await agent.get("/api/recipes/recipes/2147483000/")).statusCode).toBe(404);
    expect((await agent.get("/api/recipes/recipes/99999999999/")).statusCode).toBe(400);
    expect((await agent.get("/api/recipes/recipes/abc/")).statusCode).toBe(400);
    expect((await agent.get("/api/recipes/recipes/-1/")).statusCode).toBe(400);
  });

  it("says whether the reader may edit: the author and a superuser, not a stranger", async () => {
    const author = await signedIn(app, db);
    const recipe = await created(author.agent, { title: "Can edit check" });
    const stranger = await signedIn(app, db);
    const admin = await signedIn(app, db, { isSuperuser: true });
    const canEdit = async (agent: AgentType) => {
      const detail = await agent.get(`/api/recipes/recipes/${recipe.id}/`);
      const list = await agent.get("/api/recipes/recipes/?limit=50");
      const found = await agent.get("/api/recipes/recipes/?search=edit%20check");
      const inPage = (page: PageJson) => page.results.find((r) => r.id === recipe.id)?.can_edit;
      return [detail.json().can_edit, inPage(list.json()), inPage(found.json())];
    };
    expect(recipe.can_edit).toBe(true);
    expect(await canEdit(author.agent)).toEqual([true, true, true]);
    expect(await canEdit(admin.agent)).toEqual([true, true, true]);
    expect(await canEdit(stranger.agent)).toEqual([false, false, false]);
    expect(await canEdit(new Agent(app))).toEqual([false, false, false]);
  });
});

// ---------- update ----------

describe("PUT /api/recipes/recipes/{id}/", () => {
  it("lets the author change everything; the slug follows the title", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await created(agent, {
      rows: [
        { ingredient_id: egg, quantity: 1, unit_id: piece },
        { ingredient_id: flour, quantity: 50, unit_id: grams },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await submit(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "Fluffy pancakes",
      content: "<p>Rest the batter.</p>",
      rows: [{ ingredient_id: milk, quantity: 62.5, unit_id: ml }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<RecipeJson>();
    expect(updated).toMatchObject({
      id: recipe.id,
      title: "Fluffy pancakes",
      slug: "fluffy-pancakes",
      content: "<p>Rest the batter.</p>",
    });
    expect(
      updated.recipe_ingredients.map((r) => [r.ingredient.name, r.quantity, r.unit.name]),
    ).toEqual([["Whole milk", 62.5, "ml"]]);
    expect(updated.created_on).toBe(recipe.created_on);
    expect(new Date(updated.updated_on).getTime()).toBeGreaterThan(
      new Date(recipe.updated_on).getTime(),
    );
    const items = await db.select().from(feedItems).where(eq(feedItems.recipeId, recipe.id));
    expect(items.map((i) => i.eventType).sort()).toEqual(["new_recipe", "update_recipe"]);
    expect(items.every((i) => i.userId === user.id)).toBe(true);
  });

  it("keeps the ingredient list when the field is left out", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, {
      rows: [{ ingredient_id: egg, quantity: 2, unit_id: piece }],
    });
    const response = await submit(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "Same eggs",
      content: "<p>x</p>",
    });
    expect(response.json().recipe_ingredients).toEqual(recipe.recipe_ingredients);
  });

  it("is refused to anyone but the author (403) and to visitors (401)", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent);
    const other = await signedIn(app, db);
    const refused = await submit(other.agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "Mine now",
      content: "<p>x</p>",
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await submit(new Agent(app), "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "x",
      content: "<p>x</p>",
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json().title).toBe("Pancakes");
    const unknown = await submit(agent, "PUT", "/api/recipes/recipes/2147483000/", {
      title: "x",
      content: "<p>x</p>",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("lets a superuser edit someone else's recipe", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await created(agent);
    const admin = await signedIn(app, db, { isSuperuser: true });
    const response = await submit(admin.agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "Tidied title",
      content: "<p>x</p>",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Tidied title",
      author_username: user.username,
    });
    const items = await db.select().from(feedItems).where(eq(feedItems.recipeId, recipe.id));
    expect(items.map((i) => [i.eventType, i.userId])).toEqual([
      ["new_recipe", user.id],
      ["update_recipe", user.id],
    ]);
  });
});

// ---------- shopping lists that plan a recipe ----------

describe("recipe edits and deletes reach the shopping lists that plan them", () => {
  it("recomputes the lines after an edit, and drops them after a delete", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await created(agent, {
      rows: [{ ingredient_id: egg, quantity: 1, unit_id: piece }],
    });
    const [list] = await db
      .insert(groceryLists)
      .values({ ownerId: user.id, name: "Week" })
      .returning();
    if (!list) throw new Error("no list");
    await db
      .insert(plannedRecipes)
      .values({ groceryListId: list.id, recipeId: recipe.id, guests: 3 });
    await recomputeShoppingList(db, list.id);
    const lines = () =>
      db
        .select({ ingredientId: shoppingItems.ingredientId, quantity: shoppingItems.quantity })
        .from(shoppingItems)
        .where(eq(shoppingItems.groceryListId, list.id));
    expect(await lines()).toEqual([{ ingredientId: egg, quantity: 3 }]);

    const edit = await submit(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      title: "Pancakes",
      content: "<p>x</p>",
      rows: [{ ingredient_id: milk, quantity: 62.5, unit_id: ml }],
    });
    expect(edit.statusCode).toBe(200);
    expect(await lines()).toEqual([{ ingredientId: milk, quantity: 187.5 }]);

    expect((await agent.delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(204);
    expect(await lines()).toEqual([]);
  });
});

// ---------- delete ----------

describe("DELETE /api/recipes/recipes/{id}/", () => {
  it("removes the recipe with its ratings and feed items", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image: filePart(await jpeg(400, 300)) });
    const rater = await signedIn(app, db);
    expect(
      (
        await rater.agent.post("/api/recipes/ratings/", {
          rating: 8,
          comment: "Nice",
          recipe: recipe.id,
        })
      ).statusCode,
    ).toBe(201);

    const response = await agent.delete(`/api/recipes/recipes/${recipe.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(404);
    expect(await db.select().from(ratings).where(eq(ratings.recipeId, recipe.id))).toEqual([]);
    expect(await db.select().from(feedItems).where(eq(feedItems.recipeId, recipe.id))).toEqual([]);
    expect((await agent.delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(404);
  });

  it("is refused to others (403) and visitors (401); a superuser may", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent);
    const other = await signedIn(app, db);
    expect((await other.agent.delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(403);
    expect((await new Agent(app).delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(
      401,
    );
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(200);
    const admin = await signedIn(app, db, { isSuperuser: true });
    expect((await admin.agent.delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(204);
  });
});

// ---------- lists, search, pagination ----------

async function allPages(agent: AgentType, url: string): Promise<RecipeJson[]> {
  const results: RecipeJson[] = [];
  let next: string | null = url;
  for (let pages = 0; next && pages < 50; pages++) {
    const response = await agent.get(next);
    expect(response.statusCode, response.body).toBe(200);
    const page: PageJson = response.json();
    expect(page.previous).toBeNull();
    results.push(...page.results);
    next = page.next;
    if (next) expect(next).toMatch(/^http:\/\/[^/]+\/api\/recipes\/recipes\/\?/);
  }
  return results;
}

describe("GET /api/recipes/recipes/", () => {
  it("lists newest first for anyone, across pages without duplicates or gaps", async () => {
    const author = await buildUser(db);
    // 25 recipes written in one statement share one created_on: the id breaks the tie.
    await db.insert(recipes).values(
      Array.from({ length: 25 }, (_, i) => ({
        authorId: author.id,
        title: `Batch ${i}`,
        slug: `batch-${i}`,
      })),
    );
    const { agent } = await signedIn(app, db);
    const newest = await created(agent, { title: "Newest of all" });

    const anonymous = new Agent(app);
    const firstPage: PageJson = (await anonymous.get("/api/recipes/recipes/?limit=7")).json();
    expect(firstPage.results[0]?.id).toBe(newest.id);
    expect(firstPage.results).toHaveLength(7);

    const everything = await allPages(anonymous, "/api/recipes/recipes/?limit=7");
    const ids = everything.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = await db
      .select({ id: recipes.id })
      .from(recipes)
      .orderBy(sql`${recipes.createdOn} desc, ${recipes.id} desc`);
    expect(ids).toEqual(expected.map((r) => r.id));
  });

  it("?mine=true lists only the caller's own recipes, and needs sign-in", async () => {
    const me = await signedIn(app, db);
    const someoneElse = await signedIn(app, db);
    const mine = [
      await created(me.agent, { title: "Mine one" }),
      await created(me.agent, { title: "Mine two" }),
    ];
    await created(someoneElse.agent, { title: "Not mine" });
    const listed = await allPages(me.agent, "/api/recipes/recipes/?mine=true&limit=1");
    expect(listed.map((r) => r.id)).toEqual([mine[1]?.id, mine[0]?.id]);
    expect((await new Agent(app).get("/api/recipes/recipes/?mine=true")).statusCode).toBe(401);
  });

  it("shows the average rating on the 0–5 star scale", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { title: "Rated for the list" });
    for (const rating of [9, 6, 10]) {
      const rater = await signedIn(app, db);
      await rater.agent.post("/api/recipes/ratings/", { rating, comment: "", recipe: recipe.id });
    }
    const listed = (await agent.get("/api/recipes/recipes/?mine=true")).json<PageJson>().results[0];
    expect(listed).toMatchObject({ id: recipe.id, average_rating: 4.17, rating_count: 3 });
  });

  it("rejects a malformed cursor or limit with a 400", async () => {
    const agent = new Agent(app);
    const garbage = Buffer.from(JSON.stringify(["yesterday", 3])).toString("base64url");
    expect((await agent.get(`/api/recipes/recipes/?cursor=${garbage}`)).statusCode).toBe(400);
    expect((await agent.get("/api/recipes/recipes/?cursor=%%%")).statusCode).toBe(400);
    expect((await agent.get("/api/recipes/recipes/?limit=0")).statusCode).toBe(400);
    expect((await agent.get("/api/recipes/recipes/?limit=101")).statusCode).toBe(400);
    expect((await agent.get(`/api/recipes/recipes/?search=x&cursor=${garbage}`)).statusCode).toBe(
      400,
    );
    // a search cursor's third value says exact (0) or corrected (1) results
    const oddSearchCursor = Buffer.from(JSON.stringify([0.5, 3, 7])).toString("base64url");
    const odd = await agent.get(`/api/recipes/recipes/?search=x&cursor=${oddSearchCursor}`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ detail: "Invalid cursor." });
  });
});

// Search fixtures, created through the API so search_text is maintained as in real use.
const chicken = await ingredientId(db, "Chicken breast");
const rice = await ingredientId(db, "Basmati rice");
const { agent: cook } = await signedIn(app, db);
const curry = await created(cook, {
  title: "Chicken curry",
  rows: [{ ingredient_id: chicken, quantity: 150, unit_id: grams }],
});
const bowl = await created(cook, {
  title: "Weeknight rice bowl",
  rows: [
    { ingredient_id: rice, quantity: 80, unit_id: grams },
    { ingredient_id: chicken, quantity: 100, unit_id: grams },
  ],
});
const tart = await created(cook, { title: "Crème brûlée tart" });
const titles = async (text: string, url = "/api/recipes/recipes/?search=") =>
  (await allPages(new Agent(app), `${url}${encodeURIComponent(text)}`)).map((r) => r.title);

describe("GET /api/recipes/recipes/?search=", () => {
  it("puts a title match before a recipe that only uses the ingredient", async () => {
    const found = await titles("chicken");
    expect(found.indexOf("Chicken curry")).toBeGreaterThanOrEqual(0);
    expect(found.indexOf("Chicken curry")).toBeLessThan(found.indexOf("Weeknight rice bowl"));
  });

  it("puts a title with all the words before one with some of them", async () => {
    const { agent } = await signedIn(app, db);
    const both = await created(agent, { title: "Chicken and rice" });
    const found = await titles("rice chicken");
    expect(found).toEqual(["Chicken and rice", "Weeknight rice bowl"]);
    expect((await agent.delete(`/api/recipes/recipes/${both.id}/`)).statusCode).toBe(204);
  });

  it("finds words of the ingredient names", async () => {
    expect(await titles("basmati")).toEqual(["Weeknight rice bowl"]);
    expect(await titles("rice chicken")).toEqual(["Weeknight rice bowl"]);
  });

  it("tolerates a small typo", async () => {
    expect(await titles("chiken")).toEqual(expect.arrayContaining(["Chicken curry"]));
    expect(await titles("chiken cury")).toEqual(["Chicken curry"]);
    // a letter left out of an ingredient's name
    const { agent } = await signedIn(app, db);
    await created(agent, {
      title: "Hummus",
      rows: [{ ingredient_id: await ingredientId(db, "Tahini"), quantity: 15, unit_id: grams }],
    });
    expect(await titles("tahni")).toEqual(["Hummus"]);
  });

  it("ignores case and accents", async () => {
    expect(await titles("creme")).toEqual(["Crème brûlée tart"]);
    expect(await titles("BRÛLÉE")).toEqual(["Crème brûlée tart"]);
    expect(await titles("Creme Brulee")).toEqual(["Crème brûlée tart"]);
  });

  it("matches the first letters of a word, as the two-character Explore search does", async () => {
    expect(await titles("we")).toEqual(["Weeknight rice bowl"]);
  });

  it("matches every word a query word begins, the parts of hyphenated words too", async () => {
    const { agent } = await signedIn(app, db);
    await created(agent, { title: "Slow-cooked damson pies" });
    for (const text of ["damson pie", "damso", "slow damson", "slow-cooked damson", "cook dams"]) {
      expect(await titles(text), text).toEqual(["Slow-cooked damson pies"]);
    }
  });

  it("finds nothing for unrelated words, and treats query syntax as text", async () => {
    expect(await titles("zzzqqq")).toEqual([]);
    for (const text of ["a & b", "!x | y:*", "'); drop table recipes; --", "(("]) {
      const response = await new Agent(app).get(
        `/api/recipes/recipes/?search=${encodeURIComponent(text)}`,
      );
      expect(response.statusCode, text).toBe(200);
    }
  });

  it("pages through search results without duplicates or gaps", async () => {
    const { agent } = await signedIn(app, db);
    for (let i = 0; i < 9; i++) await created(agent, { title: `Garlic bread ${i}` });
    const onePage = (
      await new Agent(app).get("/api/recipes/recipes/?search=garlic&limit=100")
    ).json<PageJson>();
    const paged = await allPages(new Agent(app), "/api/recipes/recipes/?search=garlic&limit=4");
    expect(paged.map((r) => r.id)).toEqual(onePage.results.map((r) => r.id));
    expect(paged).toHaveLength(9);
  });

  it("pages through typo-tolerant results too", async () => {
    const { agent } = await signedIn(app, db);
    for (let i = 0; i < 5; i++) await created(agent, { title: `Blueberry muffins ${i}` });
    const paged = await allPages(new Agent(app), "/api/recipes/recipes/?search=bluebery&limit=2");
    expect(paged.map((r) => r.title).sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => `Blueberry muffins ${i}`),
    );
  });

  it("ranks a title near-miss before an ingredient near-miss", async () => {
    const found = await titles("chiken");
    expect(found.indexOf("Chicken curry")).toBeGreaterThanOrEqual(0);
    expect(found.indexOf("Chicken curry")).toBeLessThan(found.indexOf("Weeknight rice bowl"));
  });

  it("brings no near misses when the words match exactly", async () => {
    const { agent } = await signedIn(app, db);
    await created(agent, { title: "Price-friendly stew" });
    expect(await titles("rice")).toEqual(["Weeknight rice bowl"]);
  });

  it("combines with ?mine=true", async () => {
    const { agent } = await signedIn(app, db);
    const own = await created(agent, { title: "My chicken soup" });
    const found = await allPages(agent, "/api/recipes/recipes/?mine=true&search=chicken");
    expect(found.map((r) => r.id)).toEqual([own.id]);
    expect([curry.id, bowl.id, tart.id]).not.toContain(own.id);
  });

  it("ranks the newest matches of a very broad search, and pages through all of them", async () => {
    const author = await buildUser(db);
    await db.execute(sql`insert into recipes (author_id, title, slug, created_on)
      select ${author.id}, 'Zanzibar stew ' || g, 'zanzibar-stew-' || g,
        '2020-01-01'::timestamptz + g * interval '1 minute'
      from generate_series(1, ${SEARCH_CANDIDATES + 1}) g`);
    await refreshSearchRows(db, sql`r.title like 'Zanzibar stew %'`);
    const found = await allPages(new Agent(app), "/api/recipes/recipes/?search=zanz&limit=100");
    expect(new Set(found.map((r) => r.id)).size).toBe(SEARCH_CANDIDATES);
    expect(found.map((r) => r.title)).toContain(`Zanzibar stew ${SEARCH_CANDIDATES + 1}`);
    expect(found.map((r) => r.title)).not.toContain("Zanzibar stew 1"); // the oldest
    await db.execute(sql`delete from recipes where author_id = ${author.id}`);
  });

  it("follows edits: a new title and ingredients are searchable at once", async () => {
    await submit(cook, "PUT", `/api/recipes/recipes/${tart.id}/`, {
      title: "Lemon tart",
      content: "<p>x</p>",
      rows: [
        { ingredient_id: await ingredientId(db, "Crème fraîche"), quantity: 30, unit_id: grams },
      ],
    });
    expect(await titles("lemon")).toEqual(["Lemon tart"]);
    expect(await titles("fraiche")).toEqual(["Lemon tart"]);
    expect(await titles("brulee")).toEqual([]);
  });

  it("stays current when another server process adds, renames or deletes a recipe", async () => {
    // A second app on the same database, as a second server process: it has its own kept
    // rankings, and this file's app learns of its writes only through the database.
    const other = await buildApp(config, db);
    try {
      const { agent } = await signedIn(other, db);
      expect(await titles("zorblax")).toEqual([]);
      const jelly = await created(agent, { title: "Zorblax jelly" });
      expect(await titles("zorblax")).toEqual(["Zorblax jelly"]);
      const renamed = await submit(agent, "PUT", `/api/recipes/recipes/${jelly.id}/`, {
        title: "Quorblix jelly",
        content: "<p>x</p>",
        rows: [],
      });
      expect(renamed.statusCode).toBe(200);
      expect(await titles("zorblax")).toEqual([]);
      expect(await titles("quorblix")).toEqual(["Quorblix jelly"]);
      expect((await agent.delete(`/api/recipes/recipes/${jelly.id}/`)).statusCode).toBe(204);
      expect(await titles("quorblix")).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

// ---------- notes and source name (issue 35 §1) ----------

describe("a recipe's notes and source name", () => {
  it("are saved, read, changed, kept when left out and removed when empty", async () => {
    const { agent } = await signedIn(app, db);
    const plain = await created(agent);
    // A client that sends neither: none.
    expect(plain).toMatchObject({ notes: null, source_name: null });
    const recipe = await created(agent, {
      notes: "  Better the next day.\r\n\r\nFreezes well.  ",
      source_name: "  Nonna  ",
      source_url: "https://example.com/ragu",
    });
    expect(recipe).toMatchObject({
      notes: "Better the next day.\n\nFreezes well.",
      source_name: "Nonna",
      source_url: "https://example.com/ragu",
    });
    // Not a step: the instructions are as sent.
    expect(recipe.content).toBe("<p>Mix and fry.</p>");
    const read = (await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`)).json();
    expect(read).toMatchObject({
      notes: "Better the next day.\n\nFreezes well.",
      source_name: "Nonna",
    });

    const url = `/api/recipes/recipes/${recipe.id}/`;
    const changed = await submit(agent, "PUT", url, {
      title: "Ragù",
      content: "<p>Simmer.</p>",
      notes: "Use pork too.",
      source_name: "The Silver Spoon p. 212",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      notes: "Use pork too.",
      source_name: "The Silver Spoon p. 212",
    });
    const kept = await submit(agent, "PUT", url, { title: "Ragù", content: "<p>Simmer.</p>" });
    expect(kept.json()).toMatchObject({
      notes: "Use pork too.",
      source_name: "The Silver Spoon p. 212",
      source_url: "https://example.com/ragu",
    });
    const removed = await submit(agent, "PUT", url, {
      title: "Ragù",
      content: "<p>Simmer.</p>",
      notes: "   ",
      source_name: "",
    });
    expect(removed.json()).toMatchObject({ notes: null, source_name: null });
  });

  it("refuses them too long with field errors and writes nothing", async () => {
    const { agent } = await signedIn(app, db);
    const before = await recipeCount();
    const response = await createRecipe(agent, {
      notes: "a".repeat(5001),
      source_name: "b".repeat(201),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      notes: ["Ensure this field has no more than 5000 characters."],
      source_name: ["Ensure this field has no more than 200 characters."],
    });
    expect(await recipeCount()).toBe(before);
    // At the limits: saved.
    const recipe = await created(agent, {
      notes: "a".repeat(5000),
      source_name: "b".repeat(200),
    });
    expect(recipe).toMatchObject({ notes: "a".repeat(5000), source_name: "b".repeat(200) });
  });
});
