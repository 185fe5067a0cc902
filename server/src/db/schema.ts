// The whole database in one file, so a migration is one `npm run db:generate` away and
// every feature reads the same definitions. Quantities are per ONE serving.
import type { Allergen, Diet, RecipeNutrition, SourceNutrition } from "@potluck/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// ---------- accounts ----------

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** How quantities are shown to this cook (contract UNITS_PREFERENCES); data never changes. */
    unitsPreference: text("units_preference").notNull().default("as_written"),
    /** The visibility a new recipe of this cook gets when the submission says none. */
    defaultVisibility: text("default_visibility").notNull().default("public"),
    /**
     * The language the cook chose (contract LANGUAGES), or null until they choose one: their
     * requests are answered in it and their mails written in it (issue 37).
     */
    language: text("language"),
    /**
     * Set by a moderator (admin/): the cook can't log in, their sessions are gone and their
     * recipes, ratings and comments are shown to nobody but superusers until enabled again.
     */
    disabledAt: timestamptz("disabled_at"),
    /**
     * Kept by a trigger on follows (drizzle/0025): counted on every page load, they would
     * cost more the more a cook follows or is followed.
     */
    followerCount: integer("follower_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
  },
  (t) => [
    check(
      "users_units_preference",
      sql`${t.unitsPreference} in ('as_written', 'metric', 'us', 'metric_weights')`,
    ),
    check(
      "users_default_visibility",
      sql`${t.defaultVisibility} in ('public', 'followers', 'private')`,
    ),
    check(
      "users_language",
      sql`${t.language} in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'ja', 'ar')`,
    ),
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // User search is a case-insensitive substring match of the username or the first name:
    // one trigram index each, which a search ORs together (a bitmap of both).
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("users_first_name_trgm_idx").using("gin", sql`lower(${t.firstName}) gin_trgm_ops`),
  ],
);

export const termsVersions = pgTable("terms_versions", {
  id: serial("id").primaryKey(),
  versionNumber: integer("version_number").notNull().unique(),
  content: text("content").notNull(),
  publishedAt: timestamptz("published_at").notNull().defaultNow(),
});

export const termsAcceptances = pgTable(
  "terms_acceptances",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    termsVersionId: integer("terms_version_id")
      .notNull()
      .references(() => termsVersions.id),
    acceptedAt: timestamptz("accepted_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.termsVersionId] })],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: bytea("token_hash").primaryKey(),
    /**
     * How the cook's list of signed-in devices names a session: random, so that it tells
     * nothing of the token and cannot be guessed for another cook's session.
     */
    publicId: uuid("public_id").notNull().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** The browser's User-Agent at login (cut to 512 characters), to tell devices apart. */
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    uniqueIndex("sessions_public_id_key").on(t.publicId),
  ],
);

/**
 * Links sent to reset a forgotten password: only the token's SHA-256 is kept, so a copy of
 * the database resets nothing. A row is used once (deleted), and all of an account's go when
 * its password changes (docs/decisions/0029-accounts-mail-and-password-reset.md).
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: bytea("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Fixed-window counters for rate limits (http/rate-limit.ts), shared by every app process. A
 * row whose window has ended counts nothing and is deleted by the periodic clean-up; rows
 * from before `window_ends_at` existed get now(), so they count as ended. No index on it: the
 * clean-up reads the whole small table every few minutes, while an index would cost every
 * counted attempt a second write.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowEndsAt: timestamptz("window_ends_at").notNull().defaultNow(),
  count: integer("count").notNull(),
});

// ---------- reference data ----------

export const units = pgTable(
  "units",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("units_name_lower_key").on(sql`lower(${t.name})`)],
);

/**
 * The aisles of a shop, loaded from ingredients/data/aisles.json at start; `position` is the
 * default order (a cook may set their own: user_aisle_order).
 */
export const aisles = pgTable(
  "aisles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("aisles_name_key").on(t.name)],
);

export const ingredients = pgTable(
  "ingredients",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The catalogue's aisle for it; null for one a cook added, which is in "Other" until that
     * cook moves it (user_ingredient_aisles). Resolved per cook at read time: see aisles.ts.
     */
    aisleId: integer("aisle_id").references(() => aisles.id),
    /**
     * Usually counted ("3 eggs", "2 lemons"): the recipe form starts its unit at a count.
     * Set from the catalogue's counted.json; false for one a cook added.
     */
    counted: boolean("counted").notNull().default(false),
  },
  (t) => [
    uniqueIndex("ingredients_name_lower_key").on(sql`lower(${t.name})`),
    index("ingredients_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * The catalogue ingredients' names in the other shipped languages (issue 37 §3), every plural
 * form a row ("Ei", "Eier"), loaded from ingredients/data/names/<language>.json at start
 * (reference-data.ts), for the ingredient search in any language (its trigram index as the
 * ingredients' own). English names are the ingredients' own `name`.
 */
export const ingredientNames = pgTable(
  "ingredient_names",
  {
    ingredientId: integer("ingredient_id")
      .notNull()
      .references(() => ingredients.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.language, t.ingredientId, t.name] }),
    // Written at once by the loader: without fastupdate its rows are in the index proper
    // straight away, not in a pending list that the planner prices too high to use.
    index("ingredient_names_name_trgm_idx")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("ingredient_names_ingredient_idx").on(t.ingredientId),
  ],
);

// ---------- recipes ----------

export const recipes = pgTable(
  "recipes",
  {
    id: serial("id").primaryKey(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull().default(""),
    /** Storage key of the full-size image; the card version derives from it. */
    imageKey: text("image_key"),
    createdOn: timestamptz("created_on").notNull().defaultNow(),
    updatedOn: timestamptz("updated_on").notNull().defaultNow(),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** How many the recipe serves as written (1–100); quantities stay per ONE serving. */
    servings: integer("servings").notNull().default(4),
    /**
     * Who may read it (recipes/policy.ts): 'public' everyone, 'followers' its author and the
     * cooks who follow them, 'private' its author; plus the cooks of a list that plans it.
     */
    visibility: text("visibility").notNull().default("public"),
    /** Minutes of preparation and of cooking (0–10080), or null when the author didn't say. */
    prepMinutes: integer("prep_minutes"),
    cookMinutes: integer("cook_minutes"),
    /** Where the recipe came from (an http(s) address; import fills it), or null. */
    sourceUrl: text("source_url"),
    /**
     * Who or where it comes from when that is not a web address ("Nonna", "The Silver Spoon
     * p. 212"; 1–200 characters), or null.
     */
    sourceName: text("source_name"),
    /** The cook's notes: plain text with line breaks (1–5,000 characters), or null. */
    notes: text("notes"),
    /** When a moderator hid it: readable by its author ("Hidden by a moderator") and superusers only. */
    hiddenAt: timestamptz("hidden_at"),
    /**
     * Its author is disabled (users.disabled_at): a copy kept by triggers (migration 0027), so
     * that the reading rule looks at the recipe row alone and not at its author's row as well.
     */
    authorDisabled: boolean("author_disabled").notNull().default(false),
    /**
     * The language it is written in (contract LANGUAGES): marks its title and steps, and search
     * stems its words in it (recipe_search.search_vector). Existing recipes took their author's.
     */
    language: text("language").notNull().default("en"),
    /**
     * What it contains, from its rows and the food data (recipes/facts.ts), kept by every
     * write of its rows so that lists and their filters read it from the row: nutrition per
     * serving as the detail gives it (null until computed), its allergens (ALLERGENS codes),
     * whether they are complete, the diets it keeps to, and its kcal per serving when every
     * row was counted (`?max_kcal=`). facts_version is the food data's they were computed
     * from: a start with other food data recomputes the rest (the recipe-facts job).
     */
    nutrition: jsonb("nutrition").$type<RecipeNutrition>(),
    allergens: text("allergens").array().$type<Allergen[]>().notNull().default(sql`'{}'`),
    allergensComplete: boolean("allergens_complete").notNull().default(false),
    diets: text("diets").array().$type<Diet[]>().notNull().default(sql`'{}'`),
    kcalPerServing: real("kcal_per_serving"),
    factsVersion: text("facts_version"),
    /** What its source page published per serving (contract sourceNutrition), or null. */
    sourceNutrition: jsonb("source_nutrition").$type<SourceNutrition>(),
  },
  (t) => [
    check(
      "recipes_language",
      sql`${t.language} in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'ja', 'ar')`,
    ),
    check("recipes_servings_range", sql`${t.servings} between 1 and 100`),
    check("recipes_prep_minutes_range", sql`${t.prepMinutes} between 0 and 10080`),
    check("recipes_cook_minutes_range", sql`${t.cookMinutes} between 0 and 10080`),
    check("recipes_visibility", sql`${t.visibility} in ('public', 'followers', 'private')`),
    check("recipes_source_name_length", sql`char_length(${t.sourceName}) between 1 and 200`),
    check("recipes_notes_length", sql`char_length(${t.notes}) between 1 and 5000`),
    index("recipes_created_idx").on(t.createdOn.desc(), t.id.desc()),
    // The reading rule's columns last: `?following=true` reads its cooks' recipes from this
    // index alone (the rule looks at author_id, visibility, hidden_at, author_disabled and id),
    // and only the page's rows from the table.
    index("recipes_author_created_idx").on(
      t.authorId,
      t.createdOn.desc(),
      t.id.desc(),
      t.visibility,
      t.hiddenAt,
      t.authorDisabled,
    ),
    // Explore signed out reads only public recipes: this index holds just them, in its order,
    // however many private ones there are.
    index("recipes_public_created_idx")
      .on(t.createdOn.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public'`),
    // Explore by language (`?language=`): that language's recipes newest first, so a page of a
    // rare language never walks the others'.
    index("recipes_language_created_idx").on(t.language, t.createdOn.desc(), t.id.desc()),
    // `?max_kcal=`: only recipes whose every row was counted have a kcal, often few (a row
    // kept as written leaves it out): the list walks those alone, newest first, the kcal in
    // the index to check without the row.
    index("recipes_kcal_created_idx")
      .on(t.createdOn.desc(), t.id.desc(), t.kcalPerServing)
      .where(sql`${t.kcalPerServing} is not null`),
    // /media/ finds the recipe of an image to check who may see it.
    index("recipes_image_key_idx").on(t.imageKey).where(sql`${t.imageKey} is not null`),
  ],
);

/**
 * What recipe search reads, one narrow row per recipe, kept by the recipe writes (see
 * refreshSearchRow). Apart from the wide recipes rows (instructions and all) so that a search
 * reads few pages; created_on is copied (it never changes) so the newest matches can be
 * walked in order here.
 */
export const recipeSearch = pgTable(
  "recipe_search",
  {
    recipeId: integer("recipe_id")
      .primaryKey()
      .references(() => recipes.id, { onDelete: "cascade" }),
    createdOn: timestamptz("created_on").notNull(),
    /** Unaccented, lower-cased title. */
    title: text("title").notNull(),
    /** Unaccented, lower-cased ingredient names. */
    ingredients: text("ingredients").notNull(),
    /** The recipe's language (recipes.language): which stemmer search_vector's stems are made by. */
    language: text("language").notNull().default("en"),
    /**
     * Its words as written ('simple'), the title's weighing most (A, so ts_rank alone puts a
     * recipe named after the words first); and, where PostgreSQL has a stemmer for its language
     * and English has none here, the same words stemmed, each marked "~" ("~kartoffel",
     * "~tomat": potluck_marked_stems, migration 0039). Marked, a stem only ever matches a query's
     * stem: English words keep matching as they always have, and the typo lexicon leaves stems
     * out. One vector and one GIN index, so a query's words and stems are one index scan.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', ingredients) ||
        case language
          when 'de' then potluck_marked_stems('german', title || ' ' || ingredients)
          when 'fr' then potluck_marked_stems('french', title || ' ' || ingredients)
          when 'es' then potluck_marked_stems('spanish', title || ' ' || ingredients)
          when 'it' then potluck_marked_stems('italian', title || ' ' || ingredients)
          when 'nl' then potluck_marked_stems('dutch', title || ' ' || ingredients)
          when 'pt-BR' then potluck_marked_stems('portuguese', title || ' ' || ingredients)
          else ''::tsvector
        end`,
    ),
  },
  (t) => [
    index("recipe_search_created_idx").on(t.createdOn.desc(), t.recipeId.desc()),
    index("recipe_search_vector_idx").using("gin", t.searchVector),
  ],
);

/**
 * One row whose generation moves on every statement that changes recipe_search (a trigger,
 * migration 0006). A search ranking kept in memory (see search-rankings.ts) remembers the
 * generation it was computed at and is recomputed once that has moved, whichever server
 * process made the change.
 */
export const searchGeneration = pgTable(
  "search_generation",
  {
    id: smallint("id").primaryKey().default(1),
    generation: bigint("generation", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("search_generation_one_row", sql`${t.id} = 1`)],
);

export const recipeIngredients = pgTable(
  "recipe_ingredients",
  {
    id: serial("id").primaryKey(),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    /** A catalogue row: its ingredient, unit and quantity; a free row: its text instead. */
    ingredientId: integer("ingredient_id").references(() => ingredients.id),
    unitId: integer("unit_id").references(() => units.id),
    position: smallint("position").notNull().default(0),
    /**
     * Per serving; a free row may have none ("a handful of fresh herbs"), and so has a
     * catalogue row whose unit is "to taste" (the API keeps it null exactly then: a check
     * cannot read the units table).
     */
    quantity: doublePrecision("quantity"),
    /**
     * A free row's line as written, after its amount; null for a catalogue row. At most 200
     * characters, the limit of a free shopping line (SHOPPING_TEXT_MAX), which it becomes.
     */
    text: text("text"),
    /** How it is prepared or what else to know ("diced", "28 ounce can"); 1–200 characters. */
    note: text("note"),
    /** Not needed to make it: shown "(optional)" and left off the shopping list. */
    optional: boolean("optional").notNull().default(false),
    /** The recipe's created_on, copied by a trigger (see recipeTags.createdOn). */
    createdOn: timestamptz("created_on").notNull().defaultNow(),
  },
  (t) => [
    index("recipe_ingredients_recipe_idx").on(t.recipeId, t.position),
    // `?ingredient=` walks one ingredient's recipes newest first (see recipeTags).
    index("recipe_ingredients_ingredient_created_idx").on(
      t.ingredientId,
      t.createdOn.desc(),
      t.recipeId.desc(),
    ),
    check("recipe_ingredients_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "recipe_ingredients_catalogue_or_text",
      sql`(${t.ingredientId} is null) <> (${t.text} is null)`,
    ),
    // A catalogue row has its unit; its quantity too, but for "to taste" (checked by the API).
    check(
      "recipe_ingredients_catalogue_unit",
      sql`${t.ingredientId} is null or ${t.unitId} is not null`,
    ),
    // A row kept as written has a unit only with a quantity ("to taste" is a catalogue row's).
    check(
      "recipe_ingredients_unit_has_quantity",
      sql`${t.unitId} is null or ${t.quantity} is not null or ${t.ingredientId} is not null`,
    ),
    check("recipe_ingredients_text_length", sql`char_length(${t.text}) between 1 and 200`),
    check("recipe_ingredients_note_length", sql`char_length(${t.note}) between 1 and 200`),
  ],
);

export const ratings = pgTable(
  "ratings",
  {
    id: serial("id").primaryKey(),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ratings_one_per_user_key").on(t.recipeId, t.authorId),
    // A recipe's newest ratings (read backwards): the capped list of GET ?recipe=.
    index("ratings_recipe_created_idx").on(t.recipeId, t.createdAt, t.id),
    index("ratings_author_idx").on(t.authorId),
    check("ratings_rating_range", sql`${t.rating} between 1 and 10`),
  ],
);

// ---------- social ----------

/**
 * A recipe's tags: trimmed, lower-cased, 1–30 characters, at most 20 per recipe (the contract
 * checks them). (tag, created_on, recipe_id) serves "recipes with this tag" newest first, the
 * tag counts and prefix search of tags.
 */
export const recipeTags = pgTable(
  "recipe_tags",
  {
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    /**
     * The recipe's created_on, so that a tag's recipes can be read in the list's order from an
     * index and a page stops after its rows, however many recipes carry the tag. Triggers
     * (migration 0017) keep it equal to the recipe's, whatever a writer gives: set on insert,
     * and changed with the recipe's. The default only lets writers leave it out.
     */
    createdOn: timestamptz("created_on").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipeId, t.tag] }),
    index("recipe_tags_tag_created_idx").on(
      t.tag.op("text_pattern_ops"),
      t.createdOn.desc(),
      t.recipeId.desc(),
    ),
  ],
);

/**
 * How many recipes carry each tag: all of them, and those everyone may read (public, not
 * hidden, author not disabled), so that the tag list needn't count every recipe on each call
 * (GET /api/recipes/tags/ took 1.5 s at 100k recipes). Kept by triggers (migration 0026) on
 * recipe_tags, recipes and users, whatever the writer; a viewer's own, followers-only and
 * planned recipes are added per call (tagCounts).
 */
export const tagCounts = pgTable(
  "tag_counts",
  {
    tag: text("tag").primaryKey(),
    recipes: integer("recipes").notNull().default(0),
    publicRecipes: integer("public_recipes").notNull().default(0),
  },
  (t) => [index("tag_counts_tag_prefix_idx").on(t.tag.op("text_pattern_ops"))],
);

/** A cook's named collection of recipes (their own and others' they may read); private. */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("collections_owner_name_key").on(t.ownerId, sql`lower(${t.name})`)],
);

export const collectionRecipes = pgTable(
  "collection_recipes",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    addedAt: timestamptz("added_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.recipeId] }),
    // A recipe's detail lists the caller's collections that hold it; deleting a recipe too.
    index("collection_recipes_recipe_idx").on(t.recipeId, t.collectionId),
  ],
);

export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId, t.followerId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const feedItems = pgTable(
  "feed_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    ratingId: integer("rating_id").references(() => ratings.id, { onDelete: "cascade" }),
    createdOn: timestamptz("created_on").notNull().defaultNow(),
  },
  (t) => [
    index("feed_items_user_created_idx").on(t.userId, t.createdOn.desc(), t.id.desc()),
    // The web app's feed leaves out recipe updates (spec: exclude_event_types=update_recipe):
    // without this index each source's probe would step over its run of updates.
    index("feed_items_user_created_shown_idx")
      .on(t.userId, t.createdOn.desc(), t.id.desc())
      .where(sql`${t.eventType} <> 'update_recipe'`),
    // The walk of everyone's newest items for cooks who follow many (see feedPage): user_id
    // and event_type are in the keys so the walk reads the index only.
    index("feed_items_created_idx").on(t.createdOn.desc(), t.id.desc(), t.userId, t.eventType),
    index("feed_items_created_shown_idx")
      .on(t.createdOn.desc(), t.id.desc(), t.userId)
      .where(sql`${t.eventType} <> 'update_recipe'`),
    index("feed_items_recipe_idx").on(t.recipeId),
    index("feed_items_rating_idx").on(t.ratingId),
    check(
      "feed_items_event_type",
      sql`${t.eventType} in ('new_recipe','update_recipe','new_rating','update_rating')`,
    ),
  ],
);

export const feedLikes = pgTable(
  "feed_likes",
  {
    feedItemId: bigint("feed_item_id", { mode: "number" })
      .notNull()
      .references(() => feedItems.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.feedItemId, t.userId] }),
    // A cook's likes: deleting the cook, and taking a blocked cook's likes away.
    index("feed_likes_user_idx").on(t.userId),
  ],
);

export const feedComments = pgTable(
  "feed_comments",
  {
    id: serial("id").primaryKey(),
    feedItemId: bigint("feed_item_id", { mode: "number" })
      .notNull()
      .references(() => feedItems.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When a moderator hid it: shown to its author and superusers only. */
    hiddenAt: timestamptz("hidden_at"),
  },
  (t) => [
    // An item's newest comments (read backwards): the capped list under a feed card.
    index("feed_comments_item_idx").on(t.feedItemId, t.createdAt, t.id),
    // A cook's comments: deleting the cook, and a moderator's look at what they wrote.
    index("feed_comments_user_idx").on(t.userId),
    // The distinct cooks who commented on an item (a comment notifies each of them), read by
    // skipping from one cook to the next (notifications/notify.ts), however many comments.
    index("feed_comments_item_user_idx").on(t.feedItemId, t.userId),
  ],
);

// ---------- meal planning ----------

export const groceryLists = pgTable(
  "grocery_lists",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("grocery_lists_owner_idx").on(t.ownerId, t.createdAt.desc(), t.id.desc())],
);

/** The cooks a list is shared with (its owner is not one of them): see groceries/policy.ts. */
export const groceryListMembers = pgTable(
  "grocery_list_members",
  {
    groceryListId: integer("grocery_list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groceryListId, t.userId] }),
    // The lists shared with a cook: their half of the list index and of every access check.
    index("grocery_list_members_user_idx").on(t.userId, t.groceryListId),
  ],
);

export const plannedRecipes = pgTable(
  "planned_recipes",
  {
    id: serial("id").primaryKey(),
    groceryListId: integer("grocery_list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    guests: integer("guests").notNull(),
    plannedOn: date("planned_on", { mode: "string" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("planned_recipes_list_idx").on(t.groceryListId),
    index("planned_recipes_recipe_idx").on(t.recipeId),
    check("planned_recipes_guests_range", sql`${t.guests} between 1 and 1000`),
  ],
);

/**
 * What a cook adds to a list besides recipes: a catalogue ingredient with its quantity and
 * unit, or a free-text line ("paper towels", "2 rolls of bin bags") with, when the line
 * parser found them, a quantity and a unit.
 */
export const plannedExtras = pgTable(
  "planned_extras",
  {
    id: serial("id").primaryKey(),
    groceryListId: integer("grocery_list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    ingredientId: integer("ingredient_id").references(() => ingredients.id),
    unitId: integer("unit_id").references(() => units.id),
    quantity: doublePrecision("quantity"),
    /** The line as typed, for a free-text extra; null for a catalogue one. */
    text: text("text"),
    plannedOn: date("planned_on", { mode: "string" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /**
     * The key the client made for this add (a typed line's), so that an add sent again after
     * its answer was lost finds this row instead of adding the line twice. Null without one.
     */
    clientKey: text("client_key"),
  },
  (t) => [
    index("planned_extras_list_idx").on(t.groceryListId),
    uniqueIndex("planned_extras_client_key")
      .on(t.groceryListId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check("planned_extras_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "planned_extras_catalogue_or_text",
      sql`(${t.ingredientId} is null) <> (${t.text} is null)`,
    ),
    check(
      "planned_extras_catalogue_amount",
      // A catalogue extra has its unit; its quantity only the API requires: a recipe's "to
      // taste" row kept as an extra when its author's account goes (issue 34 §3) has none.
      sql`${t.ingredientId} is null or ${t.unitId} is not null`,
    ),
    check("planned_extras_text_length", sql`char_length(${t.text}) between 1 and 200`),
  ],
);

/** Derived lines of a list: see `recomputeShoppingList`. Never typed in by a user. */
export const shoppingItems = pgTable(
  "shopping_items",
  {
    id: serial("id").primaryKey(),
    groceryListId: integer("grocery_list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    /** A catalogue line: its ingredient, unit and quantity; a free-text line: its text. */
    ingredientId: integer("ingredient_id").references(() => ingredients.id),
    unitId: integer("unit_id").references(() => units.id),
    quantity: doublePrecision("quantity"),
    text: text("text"),
    fromRecipes: text("from_recipes").notNull(),
    /**
     * The sources `fromRecipes` names, as data, so that a reader of another language reads
     * them in it (groceries/shopping-list.ts, LineSources). Null on a line written before
     * there was this column, until its list is next recomputed: English until then.
     */
    sources: jsonb("sources").$type<{
      recipes: { title: string; guests: number }[];
      extras: boolean;
      /** Summed by weight from a volume and a weight (LineSources). */
      byVolume?: true;
    }>(),
    isChecked: boolean("is_checked").notNull().default(false),
  },
  (t) => [
    // Lines merge by ingredient and unit, free-text ones by text (in any case) and unit; not
    // unique: a line partly bought is two, its ticked part and the rest (issue 34 §2), and
    // ticking the rest makes two ticked ones until the next recompute merges them.
    index("shopping_items_line_idx").on(t.groceryListId, t.ingredientId, t.unitId),
    index("shopping_items_text_line_idx")
      .on(t.groceryListId, sql`lower(${t.text})`, sql`coalesce(${t.unitId}, 0)`)
      .where(sql`${t.text} is not null`),
    check(
      "shopping_items_catalogue_or_text",
      sql`(${t.ingredientId} is null) <> (${t.text} is null)`,
    ),
    // A catalogue line has its unit; its quantity too, but for a "to taste" line (no amount).
    check(
      "shopping_items_catalogue_unit",
      sql`${t.ingredientId} is null or ${t.unitId} is not null`,
    ),
  ],
);

/**
 * The changes of each list, for its live event stream (groceries/list-events.ts): written in
 * the transaction of the change, so an event exists exactly when its change committed, and
 * kept for a while so a client that reconnects can be sent what it missed.
 */
export const groceryListEvents = pgTable(
  "grocery_list_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groceryListId: integer("grocery_list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    byUsername: text("by_username").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // A stream's replay: the events of one list after a given id.
    index("grocery_list_events_list_idx").on(t.groceryListId, t.id),
    // The clean-up: the oldest events of every list.
    index("grocery_list_events_created_idx").on(t.createdAt),
  ],
);

// ---------- the week planner ----------

/**
 * A cook's one planner (made on its first entry, member or calendar link): the row its
 * entries and members hang from, and the row its writes lock (db/locks.ts).
 */
export const planners = pgTable(
  "planners",
  {
    ownerId: integer("owner_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the secret of the planner's iCalendar address; null: no address. */
    calendarTokenHash: text("calendar_token_hash"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("planners_calendar_token_key").on(t.calendarTokenHash)],
);

/** The cooks a planner is shared with (its owner is not one of them). */
export const plannerMembers = pgTable(
  "planner_members",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => planners.ownerId, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.userId] }),
    // The planners shared with a cook, and the recipe policy's planner grant.
    index("planner_members_user_idx").on(t.userId, t.ownerId),
  ],
);

/**
 * One meal of a planner: a recipe with its guests, or a note ("Leftovers", "Eat out"), on a
 * date, in a slot, at a position (0, 1, 2… dense within the date and slot).
 */
export const plannerEntries = pgTable(
  "planner_entries",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => planners.ownerId, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    slot: text("slot").notNull(),
    position: smallint("position").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "cascade" }),
    guests: integer("guests"),
    note: text("note"),
    /** The planned recipe it became on a list ("send to list"); unplanning that clears it. */
    sentPlannedRecipeId: integer("sent_planned_recipe_id").references(() => plannedRecipes.id, {
      onDelete: "set null",
    }),
    /**
     * The title of its recipe once that recipe is no longer available (its cook deleted their
     * account): the entry stays, as "a recipe that is no longer available" (issue 34 §3).
     */
    unavailableTitle: text("unavailable_title"),
    /** Who added it (the owner or a member); null once that account is deleted. */
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /**
     * Who eats it: ids of the planner's people (planner_people); null: everyone at its table,
     * whoever joins later too. Deleting a person takes them out.
     */
    eaters: integer("eaters").array(),
  },
  (t) => [
    // A week of a planner, and the 14 days before it that suggestions avoid.
    index("planner_entries_owner_date_idx").on(t.ownerId, t.date),
    // The recipe policy's planner grant, and deleting a recipe.
    index("planner_entries_recipe_idx").on(t.recipeId),
    // Unplanning a recipe from a list clears the entry that sent it.
    index("planner_entries_sent_idx")
      .on(t.sentPlannedRecipeId)
      .where(sql`${t.sentPlannedRecipeId} is not null`),
    check("planner_entries_slot", sql`${t.slot} in ('breakfast', 'lunch', 'dinner', 'snack')`),
    check(
      "planner_entries_recipe_or_note",
      sql`num_nonnulls(${t.recipeId}, ${t.note}, ${t.unavailableTitle}) = 1`,
    ),
    check(
      "planner_entries_guests",
      sql`(${t.note} is not null and ${t.guests} is null) or ${t.guests} between 1 and 1000`,
    ),
    check("planner_entries_note_length", sql`char_length(${t.note}) between 1 and 200`),
    check("planner_entries_position", sql`${t.position} >= 0`),
  ],
);

/**
 * Who eats at a planner's table (issue 38 §4): its accounts (the owner and each member: a row
 * made when first asked for, `user_id` set) and people without an account, named ("Mia").
 * Each with the allergens (ALLERGENS codes) and diets (DIETS) a meal must respect, and the
 * catalogue ingredients they dislike.
 */
export const plannerPeople = pgTable(
  "planner_people",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => planners.ownerId, { onDelete: "cascade" }),
    /** The account this person is; null for a person without one. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A person without an account's name (1–60 characters); null for an account's row. */
    name: text("name"),
    allergens: text("allergens").array().$type<Allergen[]>().notNull().default(sql`'{}'`),
    diets: text("diets").array().$type<Diet[]>().notNull().default(sql`'{}'`),
    /** Catalogue ingredient ids. */
    dislikes: integer("dislikes").array().notNull().default(sql`'{}'`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("planner_people_owner_idx").on(t.ownerId, t.id),
    uniqueIndex("planner_people_account_key")
      .on(t.ownerId, t.userId)
      .where(sql`${t.userId} is not null`),
    check("planner_people_account_or_name", sql`(${t.userId} is null) <> (${t.name} is null)`),
    check("planner_people_name_length", sql`char_length(${t.name}) between 1 and 60`),
  ],
);

// ---------- a cook's shop: aisles and staples ----------

/** A cook's own aisle for an ingredient, instead of the catalogue's. */
export const userIngredientAisles = pgTable(
  "user_ingredient_aisles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ingredientId: integer("ingredient_id")
      .notNull()
      .references(() => ingredients.id, { onDelete: "cascade" }),
    aisleId: integer("aisle_id")
      .notNull()
      .references(() => aisles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ingredientId] })],
);

/**
 * A cook's aisle for a free-text line, by its lower-cased text: such a line sits in "Other"
 * until the cook moves it, and the same text goes to the chosen aisle on every list after.
 */
export const userTextAisles = pgTable(
  "user_text_aisles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    textKey: text("text_key").notNull(),
    aisleId: integer("aisle_id")
      .notNull()
      .references(() => aisles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.textKey] })],
);

/** A cook's order of the aisles; none: the default order (aisles.position). */
export const userAisleOrder = pgTable(
  "user_aisle_order",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    aisleId: integer("aisle_id")
      .notNull()
      .references(() => aisles.id),
    position: smallint("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.aisleId] })],
);

/** What a cook always has at home: their shopping lines of it go last ("Probably at home"). */
export const userStaples = pgTable(
  "user_staples",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ingredientId: integer("ingredient_id")
      .notNull()
      .references(() => ingredients.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ingredientId] })],
);

/**
 * Every word of every recipe's search text: the lexicon a misspelt search word is corrected
 * against (trigram similarity over a few thousand words instead of every recipe's text).
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

// ---------- bulk import ----------

/**
 * A cook's bulk import (imports/): a file they uploaded, kept at `file_path` under DATA_DIR
 * until the import ends, or a list of addresses. Run as a job (jobs/); the counters move with
 * each item, in the item's transaction, so a page shows progress and a restarted job knows
 * where it was.
 */
export const imports = pgTable(
  "imports",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("queued"),
    /** The recognised format (imports/formats), null until the file has been read. */
    format: text("format"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    createdOn: timestamptz("created_on").notNull().defaultNow(),
    finishedOn: timestamptz("finished_on"),
    /** Why the whole import failed (an unrecognised file), for the cook. */
    reason: text("reason"),
    /** The uploaded file, relative to DATA_DIR; null for a list of addresses, and once done. */
    filePath: text("file_path"),
    /** The addresses to fetch, for an import of links. */
    urls: text("urls").array(),
  },
  (t) => [
    check(
      "imports_status",
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    index("imports_user_created_idx").on(t.userId, t.createdOn.desc(), t.id.desc()),
  ],
);

/**
 * One recipe of an import, written when it has been dealt with: its position in the file (or
 * the list of addresses) is the key, so a restarted job skips the positions it already has.
 */
export const importItems = pgTable(
  "import_items",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    status: text("status").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    reason: text("reason"),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    check("import_items_status", sql`${t.status} in ('imported', 'skipped', 'failed')`),
    index("import_items_recipe_idx").on(t.recipeId).where(sql`${t.recipeId} is not null`),
  ],
);

// ---------- community: notifications, blocking, moderation ----------

/**
 * What a cook is told about (notifications/): one row per thing to read. Likes of one feed item
 * are grouped while unread: group_key names what groups (`like:<feed item>`), and a second
 * like adds an actor to the unread row instead of a new row. created_on is the newest activity.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    groupKey: text("group_key").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "cascade" }),
    feedItemId: bigint("feed_item_id", { mode: "number" }).references(() => feedItems.id, {
      onDelete: "cascade",
    }),
    groceryListId: integer("grocery_list_id").references(() => groceryLists.id, {
      onDelete: "cascade",
    }),
    importId: integer("import_id").references(() => imports.id, { onDelete: "cascade" }),
    /** The title of a recipe that is no longer available (recipe_unavailable). */
    recipeTitle: text("recipe_title"),
    createdOn: timestamptz("created_on").notNull().defaultNow(),
    readAt: timestamptz("read_at"),
    /** When the hourly email digest told the cook about it (null: not mailed). */
    emailedAt: timestamptz("emailed_at"),
  },
  (t) => [
    check(
      "notifications_kind",
      sql`${t.kind} in ('follow', 'rating', 'comment', 'like', 'list_shared', 'planner_shared', 'import_done', 'recipe_unavailable')`,
    ),
    // The cook's notifications newest first (keyset).
    index("notifications_user_created_idx").on(t.userId, t.createdOn.desc(), t.id.desc()),
    // The unread count, and the one unread row a grouped event adds to.
    uniqueIndex("notifications_unread_group_key")
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null`),
    index("notifications_recipe_idx").on(t.recipeId).where(sql`${t.recipeId} is not null`),
    index("notifications_feed_item_idx").on(t.feedItemId).where(sql`${t.feedItemId} is not null`),
    index("notifications_grocery_list_idx")
      .on(t.groceryListId)
      .where(sql`${t.groceryListId} is not null`),
    index("notifications_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
  ],
);

/** Who caused a notification (several for grouped likes), newest last added. */
export const notificationActors = pgTable(
  "notification_actors",
  {
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index("notification_actors_actor_idx").on(t.actorId),
  ],
);

/** A cook's choices per kind where they differ from the defaults (in app on, email off). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull(),
    email: boolean("email").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** blocker_id has blocked blocked_id: decision 0032 says what that stops. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A cook's report of a recipe, a comment or a cook. The target's id is kept (set null when the
 * target is deleted) with an excerpt taken when reported, so the queue and the audit still say
 * what it was about.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    commentId: integer("comment_id").references(() => feedComments.id, { onDelete: "set null" }),
    reportedUserId: integer("reported_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    reason: text("reason").notNull(),
    text: text("text").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    status: text("status").notNull().default("open"),
    resolution: text("resolution"),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamptz("resolved_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("reports_target_kind", sql`${t.targetKind} in ('recipe', 'comment', 'user')`),
    check("reports_reason", sql`${t.reason} in ('spam', 'abuse', 'inappropriate', 'other')`),
    check("reports_status", sql`${t.status} in ('open', 'resolved')`),
    check(
      "reports_resolution",
      sql`${t.resolution} is null or ${t.resolution} in ('dismiss', 'hide', 'delete', 'disable_user')`,
    ),
    // One report per reporter and target.
    uniqueIndex("reports_reporter_recipe_key")
      .on(t.reporterId, t.recipeId)
      .where(sql`${t.recipeId} is not null`),
    uniqueIndex("reports_reporter_comment_key")
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    uniqueIndex("reports_reporter_user_key")
      .on(t.reporterId, t.reportedUserId)
      .where(sql`${t.reportedUserId} is not null`),
    // The moderators' queue, oldest open first.
    index("reports_status_created_idx").on(t.status, t.createdAt, t.id),
    index("reports_recipe_idx").on(t.recipeId).where(sql`${t.recipeId} is not null`),
    index("reports_comment_idx").on(t.commentId).where(sql`${t.commentId} is not null`),
    index("reports_reported_user_idx")
      .on(t.reportedUserId)
      .where(sql`${t.reportedUserId} is not null`),
    index("reports_resolved_by_idx").on(t.resolvedById).where(sql`${t.resolvedById} is not null`),
  ],
);

/** Every moderation action: who, what, on what, when (GET /api/admin/audit/). */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    moderatorId: integer("moderator_id").references(() => users.id, { onDelete: "set null" }),
    /** The moderator's username, kept when their account is deleted. */
    moderatorName: text("moderator_name").notNull(),
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id"),
    /** What the target was (a recipe title, a comment's start, a username), as it was then. */
    targetLabel: text("target_label").notNull().default(""),
    reportId: integer("report_id").references(() => reports.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "moderation_log_action",
      sql`${t.action} in ('dismiss', 'hide', 'delete', 'disable_user', 'enable_user', 'unhide')`,
    ),
    index("moderation_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_log_moderator_idx")
      .on(t.moderatorId)
      .where(sql`${t.moderatorId} is not null`),
    index("moderation_log_report_idx").on(t.reportId).where(sql`${t.reportId} is not null`),
  ],
);
