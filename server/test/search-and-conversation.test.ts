import { describe, expect, it } from "vitest";
import {
  buildFeedItem,
  buildRecipe,
  buildUser,
  ingredientId,
  signedIn,
  unitId,
} from "./factories.js";
import { Agent, type Agent as AgentType, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

interface SearchPage {
  results: { title: string }[];
  did_you_mean?: string;
}
const search = async (text: string, agent = new Agent(app)) =>
  (await agent.get(`/api/recipes/recipes/?search=${encodeURIComponent(text)}`)).json<SearchPage>();
const titlesOf = (page: SearchPage) => page.results.map((recipe) => recipe.title).sort();

describe("typo correction of every word, and did you mean (issue 34 §9)", async () => {
  const author = await buildUser(db);
  const grams = await unitId(db, "g");
  const tomato = await ingredientId(db, "Tomato");
  await buildRecipe(db, author.id, {
    title: "Tomato soup",
    ingredients: [{ ingredientId: tomato, unitId: grams, quantity: 100 }],
  });
  await buildRecipe(db, author.id, { title: "Roasted tomato soup" });
  // "tomatoe" begins "tomatoes", a word of another recipe that is no soup: the exact search
  // "tomatoes soup" then found nothing, and "tomatoe" was not taken for a typo.
  await buildRecipe(db, author.id, {
    title: "Pasta with tomatoes",
    ingredients: [
      { ingredientId: await ingredientId(db, "Canned tomatoes"), unitId: grams, quantity: 100 },
    ],
  });
  const soups = ["Roasted tomato soup", "Tomato soup"];

  it("corrects a word that begins another word, and offers the corrected words", async () => {
    const page = await search("tomatoe soup");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("tomato soup");
    // The suggestion, run as it is, finds them as typed: no further suggestion.
    const followed = await search("tomato soup");
    expect(titlesOf(followed)).toEqual(soups);
    expect(followed.did_you_mean).toBeUndefined();
  });

  it("corrects a short word one letter off, which shares few trigrams", async () => {
    const page = await search("soop");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("soup");
  });

  it("offers nothing when the words match as typed, or nothing is near", async () => {
    const exact = await search("tomatoe");
    expect(titlesOf(exact)).toEqual(["Pasta with tomatoes"]);
    expect(exact.did_you_mean).toBeUndefined();
    const nothing = await search("zzzqqq soup");
    expect(nothing.results).toEqual([]);
    expect(nothing.did_you_mean).toBeUndefined();
  });

  it("corrects against words recipes use now, not those of deleted recipes", async () => {
    const gone = await buildRecipe(db, author.id, { title: "Soop kitchen stew" });
    expect(titlesOf(await search("soop"))).toEqual(["Soop kitchen stew"]);
    await db.execute(`delete from recipes where id = ${gone.id}`);
    const page = await search("soop");
    expect(titlesOf(page)).toEqual(soups);
    expect(page.did_you_mean).toBe("soup");
  });
});

// --- One conversation per recipe (issue 34 §17) and moderation context (§14) ---

type Cook = Awaited<ReturnType<typeof signedIn>>;
interface Entry {
  kind: "review" | "comment";
  id: number;
  author_username: string;
  text: string;
  rating: number | null;
  feed_item: { id: number; event_type: string; user_username: string } | null;
  can_edit: boolean;
  hidden_by_moderator?: true;
}
const follow = async (follower: Cook, followee: Cook) =>
  expect((await follower.agent.post(`/api/users/${followee.user.id}/follow/`)).statusCode).toBe(
    201,
  );
const comment = async (cook: Cook, itemId: number, text: string) => {
  const response = await cook.agent.post(`/api/feed/items/${itemId}/comments/`, { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
};
const review = async (cook: Cook, recipeId: number, rating: number, text: string) =>
  expect(
    (await cook.agent.post("/api/recipes/ratings/", { rating, comment: text, recipe: recipeId }))
      .statusCode,
  ).toBe(201);
const conversation = async (agent: AgentType, recipeId: number) => {
  const response = await agent.get(`/api/recipes/recipes/${recipeId}/conversation/`);
  return { status: response.statusCode, entries: response.json<Entry[]>() };
};
const texts = (entries: Entry[]) => entries.map((entry) => `${entry.kind}:${entry.text}`);

describe("one conversation per recipe (issue 34 §17)", async () => {
  const rosa = await signedIn(app, db);
  const ben = await signedIn(app, db);
  const cara = await signedIn(app, db);
  const stranger = await signedIn(app, db);
  const soup = await buildRecipe(db, rosa.user.id, { title: "Rosa's bean stew" });
  const item = await buildFeedItem(db, rosa.user.id, soup.id);
  await follow(ben, rosa);
  await follow(cara, rosa);
  await comment(ben, item, "Made it twice this week!");
  await review(cara, soup.id, 8, "Lovely, a bit salty.");
  await comment(rosa, item, "Thanks Ben!");

  it("shows the recipe's reviews and its feed items' comments in one time-ordered thread", async () => {
    const { status, entries } = await conversation(ben.agent, soup.id);
    expect(status).toBe(200);
    expect(texts(entries)).toEqual([
      "comment:Made it twice this week!",
      "review:Lovely, a bit salty.",
      "comment:Thanks Ben!",
    ]);
    expect(entries[0]).toMatchObject({
      author_username: ben.user.username,
      rating: null,
      feed_item: { id: item, event_type: "new_recipe", user_username: rosa.user.username },
      can_edit: true,
    });
    expect(entries[1]).toMatchObject({ rating: 8, feed_item: null, can_edit: false });
    // The existing calls keep their answers: the item's comments and the recipe's ratings.
    const itemComments = await ben.agent.get(`/api/feed/items/${item}/comments/`);
    expect(itemComments.json<{ text: string }[]>().map((c) => c.text)).toEqual([
      "Made it twice this week!",
      "Thanks Ben!",
    ]);
    const ratings = await ben.agent.get(`/api/recipes/ratings/?recipe=${soup.id}`);
    expect(ratings.json<{ comment: string }[]>().map((r) => r.comment)).toEqual([
      "Lovely, a bit salty.",
    ]);
  });

  it("shows feed comments only to those who see the item; signed out, the reviews", async () => {
    // The stranger doesn't follow Rosa: the comments were written to her followers.
    expect(texts((await conversation(stranger.agent, soup.id)).entries)).toEqual([
      "review:Lovely, a bit salty.",
    ]);
    expect(texts((await conversation(new Agent(app), soup.id)).entries)).toEqual([
      "review:Lovely, a bit salty.",
    ]);
  });

  it("keeps the block rule: neither of two cooks a block stands between sees the other", async () => {
    expect((await cara.agent.post(`/api/users/${ben.user.username}/block/`)).statusCode).toBe(204);
    expect(texts((await conversation(cara.agent, soup.id)).entries)).toEqual([
      "review:Lovely, a bit salty.",
      "comment:Thanks Ben!",
    ]);
    expect(texts((await conversation(ben.agent, soup.id)).entries)).toEqual([
      "comment:Made it twice this week!",
      "comment:Thanks Ben!",
    ]);
    // A third cook still sees both.
    expect((await conversation(rosa.agent, soup.id)).entries).toHaveLength(3);
    expect((await cara.agent.delete(`/api/users/${ben.user.username}/block/`)).statusCode).toBe(
      204,
    );
  });

  it("is a 404 for a recipe the caller may not read (decision 0023)", async () => {
    const secret = await buildRecipe(db, rosa.user.id, { title: "Secret stew" });
    await db.execute(`update recipes set visibility = 'private' where id = ${secret.id}`);
    expect((await conversation(ben.agent, secret.id)).status).toBe(404);
    expect((await conversation(new Agent(app), secret.id)).status).toBe(404);
    expect((await conversation(rosa.agent, secret.id)).status).toBe(200);
    expect((await conversation(ben.agent, 999999)).status).toBe(404);
  });
});

describe("a reported comment in context for moderators (issue 34 §14)", async () => {
  const rosa = await signedIn(app, db);
  const ben = await signedIn(app, db);
  const moderator = await signedIn(app, db, { isSuperuser: true });
  const recipe = await buildRecipe(db, rosa.user.id, { title: "Lemon drizzle" });
  const item = await buildFeedItem(db, rosa.user.id, recipe.id);
  await follow(ben, rosa);
  const ids: number[] = [];
  for (let i = 1; i <= 9; i++) ids.push(await comment(i % 2 ? ben : rosa, item, `Comment ${i}`));
  const reported = ids[5] as number; // "Comment 6"
  const report = await ben.agent.post("/api/reports/", { reason: "abuse", comment_id: reported });
  expect(report.statusCode).toBe(201);
  const reportId = report.json<{ id: number }>().id;

  it("shows the item, the comments around it and marks the reported one", async () => {
    const response = await moderator.agent.get(`/api/admin/reports/${reportId}/context/`);
    expect(response.statusCode).toBe(200);
    const context = response.json();
    expect(context.item).toMatchObject({
      id: item,
      event_type: "new_recipe",
      user_username: rosa.user.username,
      recipe: { id: recipe.id, title: "Lemon drizzle" },
    });
    expect(context.comments.map((c: { text: string }) => c.text)).toEqual([
      "Comment 3",
      "Comment 4",
      "Comment 5",
      "Comment 6",
      "Comment 7",
      "Comment 8",
      "Comment 9",
    ]);
    expect(context.comments.filter((c: { reported: boolean }) => c.reported)).toEqual([
      expect.objectContaining({ id: reported, text: "Comment 6", hidden: false }),
    ]);
    expect(context).toMatchObject({ earlier_count: 2, later_count: 0 });
  });

  it("is for moderators only, and for comment reports only", async () => {
    expect((await ben.agent.get(`/api/admin/reports/${reportId}/context/`)).statusCode).toBe(404);
    const recipeReport = await ben.agent.post("/api/reports/", {
      reason: "spam",
      recipe_id: recipe.id,
    });
    const other = recipeReport.json<{ id: number }>().id;
    expect((await moderator.agent.get(`/api/admin/reports/${other}/context/`)).statusCode).toBe(
      404,
    );
  });
});
