// The groceries API: request and response schemas shared by server and web.
// Lists, plans and items belong to their owner and the cooks the list is shared with; anyone
// else gets 404 on every call.
import { z } from "zod";
import { aisle } from "./aisles.js";
import {
  blankToUndefined,
  dayField,
  idField,
  MAX_ID,
  missingOr,
  REQUIRED,
  text,
  textToNumber,
} from "./common.js";
import {
  GROCERY_LIST_NAME_MAX,
  GROCERY_NOTES_MAX_BYTES,
  GUESTS_MAX,
  GUESTS_MIN,
  SHOPPING_TEXT_MAX,
} from "./limits.js";
import { namedIngredient, namedUnit } from "./names.js";

const NOT_AN_INTEGER = "A valid integer is required.";
const NOT_A_NUMBER = "A valid number is required.";

/** A real calendar day as `YYYY-MM-DD`; "" or absent means none. */
const plannedOnField = z.preprocess(blankToUndefined, dayField.optional());

const listName = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(
    GROCERY_LIST_NAME_MAX,
    `Ensure this field has no more than ${GROCERY_LIST_NAME_MAX} characters.`,
  );

// ---------- lists ----------

export const groceryListSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** Who owns the list: the caller for their own lists, someone else for a list shared with them. */
  owner_username: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller may delete the list and manage its members: its owner only. */
  can_manage: z.boolean(),
});
export type GroceryListSummary = z.infer<typeof groceryListSummary>;

/** `GET /api/groceries/lists/`: the caller's own lists and those shared with them, newest first. */
export const groceryListsResponse = z.array(groceryListSummary);

/** `POST /api/groceries/lists/` (form body or JSON). */
export const createGroceryListBody = z.object({ name: listName });
export type CreateGroceryListBody = z.input<typeof createGroceryListBody>;

export const groceryListCreated = z.object({ id: z.number(), name: z.string() });
export type GroceryListCreated = z.infer<typeof groceryListCreated>;

/** `GET` and `PATCH /api/groceries/lists/{id}/`. */
export const groceryListDetail = z.object({
  id: z.number(),
  name: z.string(),
  /** Cleaned HTML from the notes editor. */
  notes: z.string(),
});
export type GroceryListDetail = z.infer<typeof groceryListDetail>;

export const updateGroceryListBody = z.object({
  name: listName.optional(),
  notes: text({ error: "Not a valid string." })
    .refine(
      (html) => new TextEncoder().encode(html).length <= GROCERY_NOTES_MAX_BYTES,
      "Notes are too long (at most 100 KB).",
    )
    .optional(),
});
export type UpdateGroceryListBody = z.input<typeof updateGroceryListBody>;

/** `?grocery_list=` of the planned entries and the items: required. */
export const groceryListFilter = z.object({
  grocery_list: z.preprocess(
    textToNumber,
    z
      .number({ error: missingOr(NOT_AN_INTEGER) })
      .int(NOT_AN_INTEGER)
      .positive(NOT_AN_INTEGER)
      .max(MAX_ID, NOT_AN_INTEGER),
  ),
});

// ---------- planned recipes ----------

/** `POST /api/groceries/planned-recipes/` (form body or JSON). */
export const createPlannedRecipeBody = z.object({
  grocery_list_id: idField(),
  recipe_id: idField(),
  guests: z.preprocess(
    textToNumber,
    z
      .number({ error: missingOr(NOT_AN_INTEGER) })
      .int(NOT_AN_INTEGER)
      .min(GUESTS_MIN, `Ensure this value is greater than or equal to ${GUESTS_MIN}.`)
      .max(GUESTS_MAX, `Ensure this value is less than or equal to ${GUESTS_MAX}.`),
  ),
  planned_on: plannedOnField,
});
export type CreatePlannedRecipeBody = z.input<typeof createPlannedRecipeBody>;

export const plannedRecipe = z.object({
  id: z.number(),
  recipe: z.object({ id: z.number(), title: z.string() }),
  guests: z.number(),
  /** `YYYY-MM-DD`, or null when undated. */
  planned_on: z.string().nullable(),
});
export type PlannedRecipe = z.infer<typeof plannedRecipe>;

/** By date, undated last. */
export const plannedRecipesResponse = z.array(plannedRecipe);

// ---------- planned extras ----------

const extraText = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(SHOPPING_TEXT_MAX, `Ensure this field has no more than ${SHOPPING_TEXT_MAX} characters.`);

export const EXTRA_TEXT_OR_INGREDIENT = "Give either text or an ingredient, not both.";

/**
 * `POST /api/groceries/planned-extras/` (form body or JSON) → 201 PlannedExtra. Either a
 * catalogue ingredient (`ingredient_id`, `quantity`, `unit_id`, each required then) or a line
 * as the cook types it (`text`, 1–200 characters once trimmed: "2 kg potatoes", "paper
 * towels"), which the server reads with the ingredient line parser: a line naming a catalogue
 * ingredient plans that ingredient (an amount it does not give is 1 piece), any other line a
 * free-text extra with the amount the line gives, if any. Both at once: 400
 * `{"non_field_errors": [...]}`.
 */
export const createPlannedExtraBody = z
  .object({
    grocery_list_id: idField(),
    text: extraText.optional(),
    ingredient_id: idField().optional(),
    quantity: z
      .preprocess(
        textToNumber,
        z
          .number({ error: missingOr(NOT_A_NUMBER) })
          .gt(0, "Ensure this value is greater than 0.")
          .max(1_000_000, "Ensure this value is less than or equal to 1000000."),
      )
      .optional(),
    unit_id: idField().optional(),
    planned_on: plannedOnField,
    /**
     * A key the client makes for each add (a UUID, at most 100 characters): an add sent again
     * with the same key on the same list answers the extra the first one made (201, the same
     * body) and adds nothing, so a retry after a lost answer never adds a line twice.
     */
    client_key: text().trim().min(1).max(100).optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Run even when the object itself failed (no body at all): then there is nothing to add.
      if (typeof value !== "object" || value === null) return;
      const body = value as Record<string, unknown>;
      const catalogue = ["ingredient_id", "quantity", "unit_id"] as const;
      if (body.text !== undefined) {
        if (catalogue.some((field) => body[field] !== undefined)) {
          ctx.addIssue({ code: "custom", message: EXTRA_TEXT_OR_INGREDIENT, path: [] });
        }
        return;
      }
      for (const field of catalogue) {
        const saidAlready = ctx.issues.some((issue) => issue.path?.[0] === field);
        if (body[field] === undefined && !saidAlready) {
          ctx.addIssue({ code: "custom", message: REQUIRED, path: [field] });
        }
      }
    },
    // Also when a field failed, so that every missing field is said at once: only whether
    // each was given is looked at (a field that failed its own rules was given).
    { when: () => true },
  );
export type CreatePlannedExtraBody = z.input<typeof createPlannedExtraBody>;

/** The catalogue body of `POST /api/groceries/planned-extras/`. */
export type CreateCatalogueExtraBody = {
  grocery_list_id: string | number;
  ingredient_id: string | number;
  quantity: string | number;
  unit_id: string | number;
  planned_on?: string;
};

/** The free-text body of `POST /api/groceries/planned-extras/`. */
export type CreateTextExtraBody = {
  grocery_list_id: string | number;
  text: string;
  planned_on?: string;
  client_key?: string;
};

/**
 * A planned extra. A catalogue one has its ingredient, quantity and unit, and `text` null. A
 * free-text one has its `text`, `ingredient` `{"id": null, "name": <the text>}` (so a client
 * that shows `ingredient.name` shows the line), and a quantity and unit only when the line
 * gave an amount ("500 g mystery flour"; null for "paper towels").
 */
export const plannedExtra = z.object({
  id: z.number(),
  ingredient: namedIngredient.extend({ id: z.number().nullable() }),
  quantity: z.number().nullable(),
  unit: namedUnit.nullable(),
  text: z.string().nullable(),
});
export type PlannedExtra = z.infer<typeof plannedExtra>;

export const plannedExtrasResponse = z.array(plannedExtra);

// ---------- shopping items ----------

/**
 * One derived line of the shopping list: never typed in, only ticked. One line per ingredient
 * and measure: amounts in units of mass add up into one line, of volume into another, a count
 * only with the same count, in the unit that reads naturally (decision 13). `quantity` and
 * `unit` are as merged, never converted for the cook: the web shows them through
 * `displayQuantity` (units.ts) with the cook's preference.
 *
 * A free-text line (from free-text extras) is one per text, in any case, and measure the same
 * way; `text` is its text (null for a catalogue line), `ingredient` is `{"id": null, "name":
 * <the text>}`, and `quantity` and `unit` are null when its extras gave no amount. It sits in
 * "Other" unless the cook moved that text (`PUT /api/groceries/aisles/text/`), and is never a
 * staple.
 */
export const shoppingItem = z.object({
  id: z.number(),
  is_checked: z.boolean(),
  /** Rounded to 2 decimals; null only for a free-text line without an amount. */
  quantity: z.number().nullable(),
  /** In the reader's language, as the ingredient and the aisle (names.ts). */
  unit: namedUnit.nullable(),
  ingredient: namedIngredient.extend({ id: z.number().nullable() }),
  text: z.string().nullable(),
  /** Its sources joined by " & ", e.g. "Pancakes (4 guests) & Extras". */
  from_recipes: z.string(),
  grocery_list: z.number(),
  /** The ingredient's aisle for the cook who asks (members of a shared list may differ). */
  aisle,
  /** Whether the cook who asks always has it at home (their staples). */
  is_staple: z.boolean(),
  /**
   * For a catalogue line of a food that is spooned, not poured, summed by weight from a volume
   * and a weight ("1 cup" + "200 g" flour is 325 g), when its data knows its density: grams in
   * a millilitre, so that a cook who shops in US units reads it as a volume again ("2⅝ cups",
   * not "11½ oz"). Null otherwise: a weight stays a weight.
   */
  grams_per_ml: z.number().nullable(),
});
export type ShoppingItem = z.infer<typeof shoppingItem>;

/**
 * `GET /api/groceries/items/?grocery_list=`, in the order the cook who asks walks the shop:
 * first every line that is not one of their staples, by the cook's aisle order (consecutive
 * lines of one aisle: a heading per change of `aisle.id`), unchecked before checked within an
 * aisle, then by ingredient name; then their staples ("Probably at home"), in the same order.
 * So the web groups by walking the array once and never sorts.
 */
export const shoppingItemsResponse = z.array(shoppingItem);

/** `PATCH /api/groceries/items/{id}/`: the only write on items. */
export const updateShoppingItemBody = z.object({
  is_checked: z.boolean({ error: missingOr("Must be a valid boolean.") }),
});
export type UpdateShoppingItemBody = z.infer<typeof updateShoppingItemBody>;

// ---------- members (shared lists) ----------

export const LIST_ROLES = ["owner", "member"] as const;
export type ListRole = (typeof LIST_ROLES)[number];

/** One person on a list: its owner, or a cook the owner shared it with. */
export const listMember = z.object({ username: z.string(), role: z.enum(LIST_ROLES) });
export type ListMember = z.infer<typeof listMember>;

/** `GET /api/groceries/lists/{id}/members/`: the owner first, then the members by username. */
export const listMembersResponse = z.array(listMember);

/** `POST /api/groceries/lists/{id}/members/` (owner only) → 201 `{"username"}`. */
export const addListMemberBody = z.object({
  username: text({ error: missingOr("Not a valid string.") })
    .trim()
    .min(1, "This field may not be blank.")
    .max(150, "Ensure this field has no more than 150 characters."),
});
export type AddListMemberBody = z.input<typeof addListMemberBody>;
export const listMemberAdded = z.object({ username: z.string() });

/** `DELETE /api/groceries/lists/{id}/members/{username}/` → 204. */
export const listMemberParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  username: text().min(1).max(150),
});

// ---------- live updates ----------

export const LIST_CHANGE_KINDS = ["items", "planned", "notes", "members"] as const;
export type ListChangeKind = (typeof LIST_CHANGE_KINDS)[number];

/**
 * `GET /api/groceries/lists/{id}/events/` is a `text/event-stream`. Every change to the list
 * is an `event: change` with an `id:` and this as its `data:`; after a reconnect whose
 * `Last-Event-ID` is no longer kept, one `event: reset` (reload everything) instead. A comment
 * line every 25 s keeps proxies from closing the stream.
 */
export const listChangeEvent = z.object({
  kind: z.enum(LIST_CHANGE_KINDS),
  /** Who made the change. */
  by: z.string(),
});
export type ListChangeEvent = z.infer<typeof listChangeEvent>;
