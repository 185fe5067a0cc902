// The rows of `npm run bench`'s API tables: what each sends, as whom, and its targets
// (issue 28).
import ingredientNames from "../../src/ingredients/data/ingredients.json" with { type: "json" };
import { SCALE_TAGS, TITLE_WORDS } from "../seed-scale.js";
import { QUICK_ADD_LINE, type Session, tidyShoppingList } from "./session.js";

/** The text of the comment-write row's comments (bench.ts removes a run's before the next). */
export const BENCH_COMMENT = "bench";

export interface BenchRequest {
  method: string;
  /** With `{id}` in it: the id the previous request of the row answered (add-delete.lua). */
  path: string;
  body?: string;
}

export interface Endpoint {
  name: string;
  /** "reference": the rows every other one is compared with; no target of their own. */
  kind: "reference" | "read" | "write";
  /** Sent with the session cookie and CSRF header; otherwise as an anonymous visitor. */
  signedIn: boolean;
  /** Measured on the bare Fastify server instead of ours (and not replayed: no database). */
  bare?: boolean;
  /** Reads: the least req/s asked besides the share of the pgbench replay. */
  minThroughput?: number;
  /** Its cost at the largest size within TARGETS.growth× of the smallest's. */
  growthTarget?: boolean;
  /** At most TARGETS.costOfReference× the cost (1 / req/s) of this reference row. */
  costOf?: string;
  /** A wrk script other than requests.lua (it then makes the requests itself). */
  script?: string;
  requests: (s: Session) => BenchRequest[];
  /** Puts back what the row's runs changed (run after it is measured). */
  tidy?: (s: Session) => Promise<void>;
}

/** Issue 28's targets (1M recipes, the same run). */
export const TARGETS = {
  /** Every read: its req/s at least this share of pgbench replaying its statements. */
  replayRatio: 0.6,
  /** p99 at half the max rate, ms. */
  readP99: 50,
  writeP99: 50,
  newSearchThroughput: 1000,
  /** Cost at the largest size over the smallest's, for the rows with growthTarget. */
  growth: 2,
  /** Auth status's cost over the signed-in health row's. */
  costOfReference: 1.5,
  groceryThroughput: 2000,
  /** The server's max RSS during the API part, MB. */
  rssMB: 250,
};

/**
 * Words for searches never made before: the first a title word (so that each search finds
 * recipes, as a cook's would), the second a title word or a one-word ingredient name (about
 * 30,000 pairs, so a pair rarely comes back among the 500 rankings the server keeps).
 */
export const TITLE_SEARCH_WORDS = [
  ...new Set(
    Object.values(TITLE_WORDS)
      .flat()
      .map((w) => w.toLowerCase())
      .filter((w) => /^[a-z]+$/.test(w)),
  ),
];
export const SEARCH_WORDS = [
  ...new Set([
    ...TITLE_SEARCH_WORDS,
    ...(ingredientNames as string[]).map((n) => n.toLowerCase()).filter((w) => /^[a-z]+$/.test(w)),
  ]),
];
const pick = (words: string[]) => words[Math.floor(Math.random() * words.length)] ?? "pie";
export const newSearchPath = () =>
  `/api/recipes/recipes/?search=${pick(TITLE_SEARCH_WORDS)}%20${pick(SEARCH_WORDS)}`;

/** The seed's most used tag (on about 30% of recipes) and its least used (about 0.2%). */
export const COMMON_TAG = SCALE_TAGS[0] ?? "dinner";
export const RARE_TAG = SCALE_TAGS[SCALE_TAGS.length - 1] ?? "hearty";

export const ANONYMOUS_HEALTH = "health, anonymous";
export const SIGNED_IN_HEALTH = "health, signed in (session look-up)";
/**
 * The cheapest signed-in route: the CSRF token route looks the session up (as every signed-in
 * request does) and does nothing else. Swap in a dedicated signed-in health route once one
 * exists.
 */
export const SIGNED_IN_HEALTH_PATH = "/api/auth/csrf/";

const get = (path: string): BenchRequest[] => [{ method: "GET", path }];
const json = (method: string, path: string, body: unknown): BenchRequest => ({
  method,
  path,
  body: JSON.stringify(body),
});

export const ENDPOINTS: Endpoint[] = [
  {
    name: "bare Fastify route",
    kind: "reference",
    signedIn: false,
    bare: true,
    requests: () => get("/api/health/"),
  },
  {
    name: ANONYMOUS_HEALTH,
    kind: "reference",
    signedIn: false,
    requests: () => get("/api/health/"),
  },
  {
    name: SIGNED_IN_HEALTH,
    kind: "reference",
    signedIn: true,
    requests: () => get(SIGNED_IN_HEALTH_PATH),
  },
  {
    name: "auth status",
    kind: "read",
    signedIn: true,
    costOf: SIGNED_IN_HEALTH,
    requests: () => get("/api/auth/status/"),
  },
  {
    name: "explore first page",
    kind: "read",
    signedIn: false,
    requests: () => get("/api/recipes/recipes/"),
  },
  {
    // 25 pages down, following `next` as a cook scrolling would.
    name: "explore deep page",
    kind: "read",
    signedIn: false,
    requests: (s) => get(s.exploreDeepPage),
  },
  {
    name: "explore search",
    kind: "read",
    signedIn: false,
    requests: () => get("/api/recipes/recipes/?search=creamy%20chicken"),
  },
  {
    // What Explore asks while the cook is still typing: two letters match about half of all
    // recipes.
    name: "search, two letters",
    kind: "read",
    signedIn: false,
    requests: () => get("/api/recipes/recipes/?search=ch"),
  },
  {
    name: "search, new words each time",
    kind: "read",
    signedIn: false,
    minThroughput: TARGETS.newSearchThroughput,
    growthTarget: true,
    script: "new-search.lua",
    requests: () => get(newSearchPath()),
  },
  {
    name: "search with a typo",
    kind: "read",
    signedIn: false,
    requests: () => get("/api/recipes/recipes/?search=creamy%20chiken"),
  },
  // Issue 23: explore with privacy and each filter alone (signed in as scale_1, who follows
  // 500 cooks, so their followers-only recipes are in the list), and three combined.
  {
    name: "explore, anonymous (public only)",
    kind: "read",
    signedIn: false,
    requests: () => get("/api/recipes/recipes/"),
  },
  {
    name: "explore, signed in (+ followers-only)",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/"),
  },
  {
    name: `tag=${COMMON_TAG} (common)`,
    kind: "read",
    signedIn: true,
    requests: () => get(`/api/recipes/recipes/?tag=${COMMON_TAG}`),
  },
  {
    name: `tag=${RARE_TAG} (rare)`,
    kind: "read",
    signedIn: true,
    requests: () => get(`/api/recipes/recipes/?tag=${RARE_TAG}`),
  },
  {
    name: "max_minutes=30",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?max_minutes=30"),
  },
  {
    name: "ingredient",
    kind: "read",
    signedIn: true,
    requests: (s) => get(`/api/recipes/recipes/?ingredient=${s.withIngredient}`),
  },
  {
    name: "exclude_ingredient",
    kind: "read",
    signedIn: true,
    requests: (s) => get(`/api/recipes/recipes/?exclude_ingredient=${s.withoutIngredient}`),
  },
  {
    name: "min_rating=4",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?min_rating=4"),
  },
  {
    name: "diet=vegetarian",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?diet=vegetarian"),
  },
  {
    name: "without_allergen=gluten + milk",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?without_allergen=gluten&without_allergen=milk"),
  },
  {
    name: "max_kcal=600",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?max_kcal=600"),
  },
  {
    name: "following=true",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?following=true"),
  },
  {
    name: "author=scale_2",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/recipes/?author=scale_2"),
  },
  {
    name: `tag=${COMMON_TAG} + max_minutes=30 + search=chicken`,
    kind: "read",
    signedIn: true,
    requests: () => get(`/api/recipes/recipes/?tag=${COMMON_TAG}&max_minutes=30&search=chicken`),
  },
  {
    name: "recipe detail",
    kind: "read",
    signedIn: false,
    requests: (s) => get(`/api/recipes/recipes/${s.recipe.id}/`),
  },
  {
    name: "feed first page",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/feed/items/?exclude_event_types=update_recipe"),
  },
  {
    name: "feed deep page",
    kind: "read",
    signedIn: true,
    requests: (s) => get(s.deepPage),
  },
  {
    name: "grocery list items (100 lines, shared)",
    kind: "read",
    signedIn: true,
    minThroughput: TARGETS.groceryThroughput,
    requests: (s) => get(`/api/groceries/items/?grocery_list=${s.shop.id}`),
  },
  {
    name: "planner week (28 meals)",
    kind: "read",
    signedIn: true,
    requests: (s) => get(`/api/planner/entries/?start=${s.week.start}&end=${s.week.end}`),
  },
  {
    name: "notifications first page",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/notifications/"),
  },
  {
    // The most used tags the cook may read: Explore's tag filter before a letter is typed.
    name: "tags",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/tags/"),
  },
  {
    name: "collections (3)",
    kind: "read",
    signedIn: true,
    requests: () => get("/api/recipes/collections/"),
  },
  {
    name: "like toggle",
    kind: "write",
    signedIn: true,
    requests: (s) => [
      { method: "POST", path: `/api/feed/items/${s.feedItem.id}/like/` },
      { method: "DELETE", path: `/api/feed/items/${s.feedItem.id}/like/` },
    ],
  },
  {
    name: "comment write",
    kind: "write",
    signedIn: true,
    requests: (s) => [
      json("POST", `/api/feed/items/${s.feedItem.id}/comments/`, { text: BENCH_COMMENT }),
    ],
  },
  {
    name: "rating write",
    kind: "write",
    signedIn: true,
    requests: (s) => [
      json("PUT", `/api/recipes/ratings/${s.ratingId}/`, {
        recipe: s.ratedRecipe.id,
        rating: 7,
        comment: "bench",
      }),
    ],
  },
  {
    // A line of the shared list checked and unchecked (each tells the list's open pages).
    name: "tick",
    kind: "write",
    signedIn: true,
    requests: (s) => [
      json("PATCH", `/api/groceries/items/${s.shop.tickItemId}/`, { is_checked: true }),
      json("PATCH", `/api/groceries/items/${s.shop.tickItemId}/`, { is_checked: false }),
    ],
    tidy: (s) => tidyShoppingList(s.client, s.shop.id),
  },
  {
    // A line typed into the shared list, then removed again so the list does not grow.
    name: "quick add",
    kind: "write",
    signedIn: true,
    script: "add-delete.lua",
    requests: (s) => [
      json("POST", "/api/groceries/planned-extras/", {
        grocery_list_id: s.shop.id,
        text: QUICK_ADD_LINE,
      }),
      { method: "DELETE", path: "/api/groceries/planned-extras/{id}/" },
    ],
    tidy: (s) => tidyShoppingList(s.client, s.shop.id),
  },
  {
    // A recipe planned on the shared list (its lines merged in), then taken off again.
    name: "plan",
    kind: "write",
    signedIn: true,
    script: "add-delete.lua",
    requests: (s) => [
      json("POST", "/api/groceries/planned-recipes/", {
        grocery_list_id: s.shop.id,
        recipe_id: s.shop.planRecipeId,
        guests: 4,
      }),
      { method: "DELETE", path: "/api/groceries/planned-recipes/{id}/" },
    ],
    tidy: (s) => tidyShoppingList(s.client, s.shop.id, s.shop.planRecipeId),
  },
  {
    // Monday's breakfast dragged to Sunday's snack and back.
    name: "planner move",
    kind: "write",
    signedIn: true,
    requests: (s) => [
      json("PATCH", `/api/planner/entries/${s.week.move.entryId}/`, s.week.move.to),
      json("PATCH", `/api/planner/entries/${s.week.move.entryId}/`, s.week.move.from),
    ],
    tidy: async (s) => {
      await s.client.send(
        "PATCH",
        `/api/planner/entries/${s.week.move.entryId}/`,
        s.week.move.from,
      );
    },
  },
];
