// What `npm run bench` needs before it measures: scale_1 signed in (who follows 500 cooks), the
// ids its endpoints read and write, and the data the seed does not make (a full planner week, a
// 100-line shared grocery list with aisles and staples, notifications, collections), each made
// once through the API and found again on the next run.
import { SCALE_PASSWORD } from "../seed-scale.js";

/** A signed-in cook's calls to the server under test. */
export interface Client {
  cookie: string;
  csrfToken: string;
  get<T>(url: string): Promise<T>;
  /** A write; throws unless it succeeded. Answers the JSON body, if any. */
  send<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** A DELETE that may find the row gone already (404). */
  remove(url: string): Promise<void>;
}

type Page<T> = { next: string | null; results: T[] };

/** A `next` link without its origin: the server answers absolute ones. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

export async function signIn(base: string, username: string): Promise<Client> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf/`);
  const cookies = csrfResponse.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const { csrfToken: anonymousToken } = (await csrfResponse.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/auth/login/`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: cookies.join("; "),
      "x-csrftoken": anonymousToken,
    },
    body: JSON.stringify({ username, password: SCALE_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const fresh = login.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const byName = new Map([...cookies, ...fresh].map((c) => [c.split("=")[0], c]));
  const cookie = [...byName.values()].join("; ");
  const get = async <T>(url: string) => {
    const response = await fetch(`${base}${pathOf(url)}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as T;
  };
  const { csrfToken } = await get<{ csrfToken: string }>("/api/auth/csrf/");
  const send = async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        "x-csrftoken": csrfToken,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  const remove = async (url: string) => {
    const response = await fetch(`${base}${url}`, {
      method: "DELETE",
      headers: { cookie, "x-csrftoken": csrfToken },
    });
    if (!response.ok && response.status !== 404) {
      throw new Error(`DELETE ${url}: ${response.status} ${await response.text()}`);
    }
  };
  return { cookie, csrfToken, get, send, remove };
}

/** Follows `next` from `first` up to `pages` times (anonymously unless a client is given). */
async function deepPage(
  base: string,
  first: string,
  pages: number,
  client?: Client,
): Promise<string> {
  let url = first;
  for (let i = 0; i < pages; i++) {
    const page = client
      ? await client.get<Page<unknown>>(url)
      : ((await (await fetch(`${base}${url}`)).json()) as Page<unknown>);
    if (!page.next) break;
    url = pathOf(page.next);
  }
  return url;
}

const FEED = "/api/feed/items/?exclude_event_types=update_recipe";

export async function prepareSession(base: string) {
  const me = await signIn(base, "scale_1");
  const recipes = await me.get<Page<{ id: number; slug: string; visibility: string }>>(
    "/api/recipes/recipes/?limit=100",
  );
  const publicIds = recipes.results.filter((r) => r.visibility === "public").map((r) => r.id);
  // A public one: recipe detail is read signed out.
  const recipe = recipes.results.find((r) => r.visibility === "public");
  if (!recipe) throw new Error("no recipes");
  const ratedRecipe = recipes.results.find((r) => r.id !== recipe.id && r.visibility === "public");
  if (!ratedRecipe) throw new Error("only one public recipe");
  const ratingId = await ownRating(me, ratedRecipe.id);
  const feed = await me.get<Page<{ id: number; user_username: string }>>(FEED);
  const feedItem = feed.results[0];
  if (!feedItem) throw new Error("empty feed");
  // Ingredients for the filters: two of that recipe's (each on about 1 recipe in 130).
  const detail = await me.get<{ recipe_ingredients: { ingredient: { id: number } }[] }>(
    `/api/recipes/recipes/${recipe.id}/`,
  );
  const [withIngredient, withoutIngredient] = detail.recipe_ingredients.map((l) => l.ingredient.id);
  if (!withIngredient || !withoutIngredient) throw new Error("the first recipe has no ingredients");
  const lists = await me.get<{ id: number; name: string }[]>("/api/groceries/lists/");
  // The seed's own list, not one a person added to the data set by hand.
  const list = lists.find((l) => l.name === "Week 1") ?? lists[0];
  if (!list) throw new Error("scale_1 has no grocery list");
  const week = await fillPlannerWeek(me, publicIds);
  const shop = await prepareShoppingList(me, publicIds);
  const ownItem = feed.results.find((item) => item.user_username === "scale_1");
  await ensureNotifications(base, me, ownItem?.id);
  await ensureCollections(me, publicIds);
  return {
    cookie: me.cookie,
    csrfToken: me.csrfToken,
    client: me,
    week,
    recipe,
    ratedRecipe,
    feedItem,
    deepPage: await deepPage(base, FEED, 25, me),
    exploreDeepPage: await deepPage(base, "/api/recipes/recipes/", 25),
    list,
    shop,
    ratingId,
    withIngredient,
    withoutIngredient,
  };
}

export type Session = Awaited<ReturnType<typeof prepareSession>>;

/** A rating of scale_1's own to rewrite (made on the first run), on a recipe of someone else. */
async function ownRating(me: Client, recipeId: number): Promise<number> {
  const ratings = await me.get<{ id: number; author_username: string }[]>(
    `/api/recipes/ratings/?recipe=${recipeId}`,
  );
  const mine = ratings.find((r) => r.author_username === "scale_1");
  if (mine) return mine.id;
  const made = await me.send<{ id: number }>("POST", "/api/recipes/ratings/", {
    recipe: recipeId,
    rating: 8,
    comment: "bench",
  });
  return made.id;
}

/**
 * This week of scale_1's planner, full: a recipe in each of its 28 slots (made once, kept in
 * the data set), for the planner row and Lighthouse's planner page. The planner move row moves
 * Monday's breakfast to Sunday's snack and back.
 */
async function fillPlannerWeek(me: Client, recipeIds: number[]) {
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const day = (offset: number) =>
    new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const start = day(0);
  const end = day(6);
  const entriesUrl = `/api/planner/entries/?start=${start}&end=${end}`;
  const planned = await me.get<{ date: string; slot: string }[]>(entriesUrl);
  const taken = new Set(planned.map((e) => `${e.date} ${e.slot}`));
  let next = 0;
  for (let offset = 0; offset < 7; offset++) {
    for (const slot of ["breakfast", "lunch", "dinner", "snack"]) {
      if (taken.has(`${day(offset)} ${slot}`)) continue;
      const recipeId = recipeIds[next++ % recipeIds.length];
      await me.send("POST", "/api/planner/entries/", {
        date: day(offset),
        slot,
        recipe_id: recipeId,
        guests: 4,
      });
    }
  }
  const entries = await me.get<{ id: number; date: string; slot: string }[]>(entriesUrl);
  const moved = entries.find((e) => e.date === start && e.slot === "breakfast");
  if (!moved) throw new Error("no breakfast on Monday");
  return {
    start,
    end,
    move: {
      entryId: moved.id,
      from: { date: start, slot: "breakfast" },
      to: { date: end, slot: "snack" },
    },
  };
}

/** The list the grocery rows read and write: found by this name on the next run. */
export const SHOPPING_LIST_NAME = "Bench: 100 lines, shared";
const SHOPPING_LIST_LINES = 100;
/** Free-text lines that fill the list up to 100 after its recipes (no catalogue ingredient). */
const FILLER_LINES = [
  "paper towels",
  "dish soap",
  "bin bags",
  "kitchen sponges",
  "birthday candles",
  "cling film",
  "baking paper",
  "paper napkins",
  "dishwasher tablets",
  "hand soap",
  "ice lolly sticks",
  "cocktail umbrellas",
  "party balloons",
  "greetings card",
  "washing-up gloves",
];
/** The quick add row's line: a catalogue ingredient, as most quick adds are. */
export const QUICK_ADD_LINE = "2 kg potatoes";

interface ShoppingItem {
  id: number;
  is_checked: boolean;
  ingredient: { id: number | null; name: string };
}

/**
 * A grocery list as cooks have open in the shop: 100 lines from planned recipes and a few
 * free-text extras, shared with scale_2, with some of scale_1's staples on it and some of its
 * ingredients moved to another aisle. Made once; a run stopped half-way is completed.
 */
async function prepareShoppingList(me: Client, recipeIds: number[]) {
  const lists = await me.get<{ id: number; name: string }[]>("/api/groceries/lists/");
  const listId =
    lists.find((l) => l.name === SHOPPING_LIST_NAME)?.id ??
    (await me.send<{ id: number }>("POST", "/api/groceries/lists/", { name: SHOPPING_LIST_NAME }))
      .id;
  await tidyShoppingList(me, listId);
  const itemsUrl = `/api/groceries/items/?grocery_list=${listId}`;
  const plannedUrl = `/api/groceries/planned-recipes/?grocery_list=${listId}`;
  let items = await me.get<ShoppingItem[]>(itemsUrl);
  const planned = new Set(
    (await me.get<{ recipe: { id: number } }[]>(plannedUrl)).map((p) => p.recipe.id),
  );
  for (const recipeId of recipeIds) {
    if (items.length >= SHOPPING_LIST_LINES - 10) break;
    if (planned.has(recipeId)) continue;
    await me.send("POST", "/api/groceries/planned-recipes/", {
      grocery_list_id: listId,
      recipe_id: recipeId,
      guests: 4,
    });
    planned.add(recipeId);
    items = await me.get<ShoppingItem[]>(itemsUrl);
  }
  for (const text of FILLER_LINES) {
    if (items.length >= SHOPPING_LIST_LINES) break;
    if (items.some((item) => item.ingredient.name === text)) continue;
    const extra = await me.send<{ id: number; text: string | null }>(
      "POST",
      "/api/groceries/planned-extras/",
      { grocery_list_id: listId, text },
    );
    // A line the parser took for a catalogue ingredient would be removed by the tidying.
    if (extra.text === null) await me.send("DELETE", `/api/groceries/planned-extras/${extra.id}/`);
    items = await me.get<ShoppingItem[]>(itemsUrl);
  }
  const members = await me.get<{ username: string }[]>(`/api/groceries/lists/${listId}/members/`);
  if (!members.some((m) => m.username === "scale_2")) {
    await me.send("POST", `/api/groceries/lists/${listId}/members/`, { username: "scale_2" });
  }
  // scale_1's own staples and aisles, once: 8 of the list's ingredients are staples, 4 others
  // are in the aisle of the first one.
  const catalogue = [...new Set(items.map((i) => i.ingredient.id))].filter(
    (id): id is number => id !== null,
  );
  if ((await me.get<unknown[]>("/api/users/me/staples/")).length === 0) {
    await me.send("PUT", "/api/users/me/staples/", { ingredient_ids: catalogue.slice(0, 8) });
    const aisles = await me.get<{ id: number }[]>("/api/groceries/aisles/");
    const aisleId = aisles[aisles.length - 1]?.id;
    for (const id of catalogue.slice(8, 12)) {
      await me.send("PUT", `/api/ingredients/ingredients/${id}/aisle/`, { aisle_id: aisleId });
    }
  }
  const unchecked = items.find((i) => !i.is_checked);
  if (!unchecked) throw new Error("the shopping list has no unchecked line");
  const onList = new Set(planned);
  const planRecipeId = recipeIds.find((id) => !onList.has(id));
  if (planRecipeId === undefined) throw new Error("no recipe left to plan");
  return { id: listId, lines: items.length, tickItemId: unchecked.id, planRecipeId };
}

/**
 * Undoes what the write rows leave behind on the list (a quick add or a plan whose delete the
 * run's end cut off, a tick left checked), so it stays the same from run to run: the list's
 * own lines are recipes and free text, so its catalogue extras are quick adds.
 */
export async function tidyShoppingList(me: Client, listId: number, planRecipeId?: number) {
  // The last requests of a run may still be on their way when its load tool stops.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const extras = await me.get<{ id: number; ingredient: { id: number | null } }[]>(
    `/api/groceries/planned-extras/?grocery_list=${listId}`,
  );
  for (const extra of extras) {
    if (extra.ingredient.id !== null) {
      await me.remove(`/api/groceries/planned-extras/${extra.id}/`);
    }
  }
  if (planRecipeId !== undefined) {
    const planned = await me.get<{ id: number; recipe: { id: number } }[]>(
      `/api/groceries/planned-recipes/?grocery_list=${listId}`,
    );
    for (const p of planned.filter((p) => p.recipe.id === planRecipeId)) {
      await me.remove(`/api/groceries/planned-recipes/${p.id}/`);
    }
  }
  const items = await me.get<ShoppingItem[]>(`/api/groceries/items/?grocery_list=${listId}`);
  for (const item of items.filter((i) => i.is_checked)) {
    await me.send("PATCH", `/api/groceries/items/${item.id}/`, { is_checked: false });
  }
}

/**
 * A first page of notifications for scale_1: scale_2 follows scale_1 (so that it may read
 * scale_1's feed items) and comments on scale_1's own item (its rating), each comment telling
 * scale_1. Made once.
 */
async function ensureNotifications(base: string, me: Client, ownItemId: number | undefined) {
  const page = await me.get<Page<unknown>>("/api/notifications/?limit=20");
  if (page.results.length >= 20) return;
  if (ownItemId === undefined) {
    console.log("  scale_1 has no feed item of its own on its first page: no notifications made");
    return;
  }
  const other = await signIn(base, "scale_2");
  const { id } = await other.get<{ id: number }>("/api/users/scale_1/");
  await other.send("POST", `/api/users/${id}/follow/`);
  for (let i = page.results.length; i < 25; i++) {
    await other.send("POST", `/api/feed/items/${ownItemId}/comments/`, { text: `Tried it (${i})` });
  }
}

/** Three collections of scale_1's, ten recipes each. Made once. */
async function ensureCollections(me: Client, recipeIds: number[]) {
  const collections = await me.get<{ name: string }[]>("/api/recipes/collections/");
  let next = 0;
  for (const name of ["Weeknights", "Baking", "Summer"]) {
    if (collections.some((c) => c.name === name)) continue;
    const { id } = await me.send<{ id: number }>("POST", "/api/recipes/collections/", { name });
    for (let i = 0; i < 10; i++) {
      const recipeId = recipeIds[next++ % recipeIds.length];
      await me.send("PUT", `/api/recipes/collections/${id}/recipes/${recipeId}/`);
    }
  }
}
