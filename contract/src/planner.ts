// The week planner API (issue 24): request and response schemas shared by server and web.
// Each cook has one planner; its owner shares it with other cooks (members), who read and
// write its entries but do not manage its members. Anyone else gets 404 on every call that
// names it. An entry is a recipe the cook may read, with guests, or a free-text note.
import { z } from "zod";
import { dayField, idField, missingOr, text, textToNumber } from "./common.js";
import { ALLERGENS, DIETS, recipeNutrition } from "./ingredients.js";
import {
  GUESTS_MAX,
  GUESTS_MIN,
  PLANNER_NOTE_MAX,
  PLANNER_RANGE_MAX_DAYS,
  PLANNER_SLOTS,
} from "./limits.js";

export type PlannerSlot = (typeof PLANNER_SLOTS)[number];
export const plannerSlot = z.enum(PLANNER_SLOTS, {
  error: (issue) =>
    issue.input === undefined
      ? "This field is required."
      : `"${String(issue.input)}" is not a valid choice.`,
});

/** The words a slot is shown with (and the iCalendar SUMMARY starts with). */
export const PLANNER_SLOT_LABELS: Record<PlannerSlot, string> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  snack: "Snack",
};

const NOT_AN_INTEGER = "A valid integer is required.";

const guestsField = z.preprocess(
  textToNumber,
  z
    .number({ error: missingOr(NOT_AN_INTEGER) })
    .int(NOT_AN_INTEGER)
    .min(GUESTS_MIN, `Ensure this value is greater than or equal to ${GUESTS_MIN}.`)
    .max(GUESTS_MAX, `Ensure this value is less than or equal to ${GUESTS_MAX}.`),
);

const noteField = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(PLANNER_NOTE_MAX, `Ensure this field has no more than ${PLANNER_NOTE_MAX} characters.`);

const usernameField = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(150, "Ensure this field has no more than 150 characters.");

/** Days from `start` to `end`, both `YYYY-MM-DD`, inclusive (1 for the same day). */
export function daysInRange(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

export const PLANNER_RANGE_ERROR = `Ensure the range is from start to end and at most ${PLANNER_RANGE_MAX_DAYS} days.`;

/** `start` ≤ `end`, at most PLANNER_RANGE_MAX_DAYS days: the 400 is `{"end": [...]}`. */
const withRange = <T extends z.ZodObject<{ start: typeof dayField; end: typeof dayField }>>(
  schema: T,
) =>
  schema.superRefine((value, ctx) => {
    const days = daysInRange(value.start as string, value.end as string);
    if (!(days >= 1 && days <= PLANNER_RANGE_MAX_DAYS)) {
      ctx.addIssue({ code: "custom", path: ["end"], message: PLANNER_RANGE_ERROR });
    }
  });

// ---------- who is at the table (issue 38 §4) ----------

export const PLANNER_PERSON_NAME_MAX = 60;
export const PLANNER_DISLIKES_MAX = 50;

/**
 * One of the people a planner feeds: an account (its owner or a member: `username` set, its
 * name the username) or a person without one ("Mia"). Named people are anyone's on the planner
 * to edit; an account's entry is that cook's own (`can_edit`).
 */
export const plannerPerson = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  /** Allergens a meal must not hold (ALLERGENS), in ALLERGENS' order. */
  allergens: z.array(z.enum(ALLERGENS)),
  /** Diets a meal must keep to (DIETS), in DIETS' order. */
  diets: z.array(z.enum(DIETS)),
  /** Catalogue ingredients they'd rather not eat, by name (in the reader's language). */
  dislikes: z.array(z.object({ id: z.number(), name: z.string() })),
  can_edit: z.boolean(),
});
export type PlannerPerson = z.infer<typeof plannerPerson>;

/** `GET /api/planner/people/[?planner={owner}]`: its accounts (owner first), then its people by name. */
export const plannerPeopleQuery = z.object({ planner: usernameField.optional() });
export const plannerPeopleResponse = z.array(plannerPerson);

const personNameField = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(
    PLANNER_PERSON_NAME_MAX,
    `Ensure this field has no more than ${PLANNER_PERSON_NAME_MAX} characters.`,
  );
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }))
    .max(values.length)
    .transform((chosen) => values.filter((value) => chosen.includes(value)) as T[number][]);
const personFields = {
  allergens: choices(ALLERGENS).optional(),
  diets: choices(DIETS).optional(),
  /** Catalogue ingredient ids (400 `{"dislikes": [...]}` for one that does not exist). */
  dislikes: z
    .array(idField())
    .max(
      PLANNER_DISLIKES_MAX,
      `Ensure this field has no more than ${PLANNER_DISLIKES_MAX} elements.`,
    )
    .transform((ids) => [...new Set(ids)])
    .optional(),
};

/** `POST /api/planner/people/` → 201 PlannerPerson: a person without an account. */
export const createPlannerPersonBody = z.object({
  name: personNameField,
  ...personFields,
  planner: usernameField.optional(),
});
export type CreatePlannerPersonBody = z.input<typeof createPlannerPersonBody>;

/**
 * `PATCH /api/planner/people/{id}/` → PlannerPerson (any field; `name` only for a person
 * without an account); `DELETE` → 204, for a person without an account (an account leaves
 * with its membership). 404 for a person of a planner the caller may not use; 403 for an
 * account's entry that is not the caller's.
 */
export const updatePlannerPersonBody = z.object({
  name: personNameField.optional(),
  ...personFields,
});
export type UpdatePlannerPersonBody = z.input<typeof updatePlannerPersonBody>;
export const ACCOUNT_NAME_IS_USERNAME = "An account's name is its username.";

/**
 * Why an entry's recipe may not suit someone eating it: it holds one of their allergens
 * (`allergen`), it breaks their diet (`diet`), it holds an ingredient they dislike
 * (`ingredient`), or it has rows Potluck cannot check for their allergens and diets
 * (`may_contain`).
 */
export const tableWarning = z.object({
  person_id: z.number(),
  name: z.string(),
  kind: z.enum(["allergen", "diet", "dislike", "may_contain"]),
  allergen: z.enum(ALLERGENS).nullable(),
  diet: z.enum(DIETS).nullable(),
  ingredient: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TableWarning = z.infer<typeof tableWarning>;

// ---------- entries ----------

const eatersField = z
  .array(idField())
  .max(100, "Ensure this field has no more than 100 elements.")
  .transform((ids) => [...new Set(ids)])
  .nullable();

export const plannerEntry = z.object({
  id: z.number(),
  /** `YYYY-MM-DD`. */
  date: z.string(),
  slot: plannerSlot,
  /** 0, 1, 2… within its date and slot. */
  position: z.number(),
  recipe: z
    .object({
      id: z.number(),
      title: z.string(),
      slug: z.string(),
      image_card: z.string().nullable(),
    })
    .nullable(),
  /**
   * A recipe that is no longer available (its cook deleted their account): its title, kept so
   * the week still says what was planned; no link. Null otherwise.
   */
  unavailable_recipe: z.object({ title: z.string() }).nullable(),
  guests: z.number().nullable(),
  note: z.string().nullable(),
  /** Where "send to list" put it; null when not sent, or when that was taken off the list. */
  sent_to: z.object({ grocery_list_id: z.number(), planned_recipe_id: z.number() }).nullable(),
  /** Who added it; null once that account is deleted. */
  created_by: z.string().nullable(),
  /** Who eats it: ids of the planner's people (plannerPerson); null: everyone. */
  eaters: z.array(z.number()).nullable(),
  /** What may not suit those eating it (none for a note). */
  warnings: z.array(tableWarning),
  /**
   * Its recipe's nutrition per serving, and whether every row was counted (else the sums are
   * "at least"); null for a note or an unavailable recipe.
   */
  nutrition: z
    .object({ per_serving: recipeNutrition.shape.per_serving, complete: z.boolean() })
    .nullable(),
});
export type PlannerEntry = z.infer<typeof plannerEntry>;

/**
 * `GET /api/planner/entries/?start=&end=[&planner={owner}]`: by date, slot (breakfast →
 * snack), position. Without `planner`, the caller's own planner.
 */
export const plannerEntriesQuery = withRange(
  z.object({ start: dayField, end: dayField, planner: usernameField.optional() }),
);
export const plannerEntriesResponse = z.array(plannerEntry);

/**
 * `POST /api/planner/entries/` → 201 PlannerEntry, at the end of its slot. Exactly one of
 * `recipe_id` and `note` (400 `{"non_field_errors": [...]}` otherwise); a recipe the caller
 * may not read is 400 `{"recipe_id": [...]}`.
 */
export const createPlannerEntryBody = z.object({
  date: dayField,
  slot: plannerSlot,
  recipe_id: idField().optional(),
  guests: guestsField.optional(),
  note: noteField.optional(),
  planner: usernameField.optional(),
  /** Who eats it (person ids of the planner; 400 `{"eaters": [...]}` for others); absent or null: everyone. */
  eaters: eatersField.optional(),
});
export type CreatePlannerEntryBody = z.input<typeof createPlannerEntryBody>;
export const RECIPE_OR_NOTE = "Give either a recipe or a note.";

/**
 * `PATCH /api/planner/entries/{id}/` → PlannerEntry. Moving (`date`, `slot`) without
 * `position` puts it at the end of its new slot; `position` past the end means the end.
 * `guests` only for a recipe entry, `note` only for a note entry (400 otherwise).
 */
export const updatePlannerEntryBody = z.object({
  date: dayField.optional(),
  slot: plannerSlot.optional(),
  position: z.preprocess(
    textToNumber,
    z
      .number({ error: missingOr(NOT_AN_INTEGER) })
      .int(NOT_AN_INTEGER)
      .min(0, "Ensure this value is greater than or equal to 0.")
      .max(1000, "Ensure this value is less than or equal to 1000.")
      .optional(),
  ),
  guests: guestsField.optional(),
  note: noteField.optional(),
  /** Who eats it; null: everyone. */
  eaters: eatersField.optional(),
});
export type UpdatePlannerEntryBody = z.input<typeof updatePlannerEntryBody>;

// ---------- sharing ----------

export const PLANNER_ROLES = ["owner", "member"] as const;
export type PlannerRole = (typeof PLANNER_ROLES)[number];
export const plannerMember = z.object({ username: z.string(), role: z.enum(PLANNER_ROLES) });
export type PlannerMember = z.infer<typeof plannerMember>;
/** `GET /api/planner/members/`: of my planner, the owner first, then members by username. */
export const plannerMembersResponse = z.array(plannerMember);
/** `POST /api/planner/members/` → 201 `{"username"}`; 400 `{"username": [...]}`. */
export const addPlannerMemberBody = z.object({ username: usernameField });
export type AddPlannerMemberBody = z.input<typeof addPlannerMemberBody>;
export const plannerMemberAdded = z.object({ username: z.string() });
/** `DELETE /api/planner/members/{username}/` and `DELETE /api/planner/shared/{owner}/` → 204. */
export const plannerUsernameParams = z.object({ username: text().min(1).max(150) });
/** `GET /api/planner/shared/`: planners shared with me, by owner username. */
export const sharedPlannersResponse = z.array(z.object({ owner_username: z.string() }));

// ---------- send to a shopping list ----------

/** `POST /api/planner/send-to-list/` → SendToListResult; 404 for a list the caller may not use. */
export const sendToListBody = withRange(
  z.object({
    grocery_list_id: idField(),
    start: dayField,
    end: dayField,
    planner: usernameField.optional(),
  }),
);
export type SendToListBody = z.input<typeof sendToListBody>;
export const sendToListResult = z.object({ sent: z.number(), already_sent: z.number() });
export type SendToListResult = z.infer<typeof sendToListResult>;

// ---------- calendar feed ----------

/** `POST /api/planner/calendar-link/` → a new secret address (the old one stops working). */
export const calendarLinkResponse = z.object({ url: z.string() });
export type CalendarLink = z.infer<typeof calendarLinkResponse>;

// ---------- fill the gaps ----------

/**
 * `POST /api/planner/suggest/` → proposed entries (not saved) for the empty `slot`s of the
 * range: recipes the caller may read from `collection` (an id of theirs) or `tag`, or their
 * own recipes without either; never one planned in the 14 days before a proposal's date.
 */
export const suggestBody = withRange(
  z.object({
    start: dayField,
    end: dayField,
    slot: plannerSlot.default("dinner"),
    collection: idField().optional(),
    tag: text().trim().toLowerCase().min(1).max(30).optional(),
    planner: usernameField.optional(),
    /** Recipes not to propose (the ones the cook rerolled away). */
    exclude: z.array(idField()).max(200).optional(),
  }),
);
export type SuggestBody = z.input<typeof suggestBody>;
export const suggestion = z.object({
  date: z.string(),
  slot: plannerSlot,
  recipe: z.object({
    id: z.number(),
    title: z.string(),
    slug: z.string(),
    image_card: z.string().nullable(),
  }),
});
export type Suggestion = z.infer<typeof suggestion>;
export const suggestResponse = z.array(suggestion);

/**
 * `GET /api/planner/calendar/{token}.ics`, the secret address: the owner's planner as
 * iCalendar (text/calendar), without a session; 404 for a token that is not the current one.
 */
export const calendarFeedParams = z.object({ token: text().min(1).max(100) });

// ---------- live ----------

/**
 * `GET /api/planner/events/[?planner={owner}]` is a `text/event-stream`: an `event: change`
 * with `data: {"by": "username"}` after every committed change of the planner's entries or
 * members (refetch the visible week), and keep-alive comments as the list streams send. `by`
 * is "" when the server cannot say who: its connection to the database was lost and is back,
 * and changes made meanwhile were not heard. Refetch when the stream opens (EventSource's
 * `open`, also after a reconnect): there is no replay of what was missed in between.
 */
export const plannerEventsQuery = z.object({ planner: usernameField.optional() });
export const plannerChangeEvent = z.object({ by: z.string() });
