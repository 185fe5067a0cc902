import { createHash, randomBytes } from "node:crypto";
import {
  addPlannerMemberBody,
  calendarFeedParams,
  calendarLinkResponse,
  createPlannerEntryBody,
  idParams,
  type PlannerSlot,
  plannerEntriesQuery,
  plannerEntriesResponse,
  plannerEntry,
  plannerEventsQuery,
  plannerMemberAdded,
  plannerMembersResponse,
  plannerUsernameParams,
  RECIPE_OR_NOTE,
  sendToListBody,
  sendToListResult,
  sharedPlannersResponse,
  suggestBody,
  suggestResponse,
  updatePlannerEntryBody,
} from "@potluck/contract";
import { isLanguage, type Language } from "@potluck/contract/languages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { movePlanWithEntry, sendWeekToList } from "../actions/plan-week-to-list.js";
import { sharePlannerWithCook } from "../actions/share-with-cook.js";
import { suggestMeals } from "../actions/suggest-meals.js";
import { requireUser } from "../auth/plugin.js";
import type { Tx } from "../db/client.js";
import { holdRecipe, holdRecipesOfSlots, lockPlanner } from "../db/locks.js";
import { badRequest, doesNotExist, fieldError, HttpError, notFound } from "../http/errors.js";
import { startEventStream } from "../http/event-stream-hub.js";
import { formatMessage, type MessageKey } from "../i18n/catalogue.js";
import { planningFacts } from "../recipes/policy.js";
import { findUserByUsername } from "../users/repository.js";
import { icsCalendar } from "./calendar.js";
import { recordPlannerChange } from "./events.js";
import { PlannerEventStreams } from "./live-streams.js";
import { storedPeople, strangersTo } from "./people-repository.js";
import { canPlanRecipe, mayUsePlannerRow } from "./policy.js";
import {
  presentPerson,
  presentPlannerEntry,
  presentPlannerMember,
  presentSuggestion,
} from "./presenter.js";
import {
  calendarEntries,
  deleteEntry,
  entriesBetween,
  entryById,
  entryForChange,
  insertEntry,
  isOnPlanner,
  membersOf,
  ownerOfCalendar,
  ownerOfEntry,
  placeEntry,
  plannerOwner,
  removeMember,
  renumberSlot,
  setCalendarTokenHash,
  sharedWith,
  updateEntry,
} from "./repository.js";
import { addDays } from "./suggestions.js";

const noContent = { 204: z.null() };

const GUESTS_ONLY_ON_RECIPES = "Only a recipe entry has guests.";
const NOTE_ONLY_ON_NOTES = "Only a note entry has a note.";
const EATERS_ONLY_ON_RECIPES = "Only a recipe entry has eaters.";

/** 400 `{"eaters": [...]}` when one of them is not a person of the planner. */
async function checkEaters(tx: Tx, ownerId: number, eaters: number[] | null | undefined) {
  const strangers = await strangersTo(tx, ownerId, eaters ?? []);
  if (strangers.length > 0) {
    throw fieldError("eaters", `Not a person of this planner: ${strangers.join(", ")}.`);
  }
}

/** The planner's people, as the warnings of its entries name them. */
async function peopleAtTable(tx: Tx, ownerId: number, viewerId: number, language: Language) {
  const rows = await storedPeople(tx, ownerId);
  return rows.map((row) => presentPerson(row, viewerId, language));
}

/** Each slot's name in the calendar feed's summaries ("Dinner: Soup"). */
const SLOT_NAMES: Record<PlannerSlot, MessageKey> = {
  breakfast: "planner.slots.breakfast",
  lunch: "planner.slots.lunch",
  dinner: "planner.slots.dinner",
  snack: "planner.slots.snack",
};

/** The calendar feed's days: a month back (last week's dinners still show) and four ahead. */
const CALENDAR_DAYS_BACK = 30;
const CALENDAR_DAYS_AHEAD = 120;

/** The secret of a calendar address is kept only as this (a stolen table gives no address). */
const calendarTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where the app is, as the browser reached it (HTTPS and host from the proxy's headers when trusted). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The week planner: each cook's own, shared with the cooks its owner names (policy.ts), so
 * anyone else gets 404. Every change to its entries or members runs under the planner's row
 * lock (db/locks.ts), which keeps each slot's positions 0, 1, 2…, and announces itself to
 * the planner's open pages at commit (events.ts).
 */
export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------- entries ----------

  app.get(
    "/entries/",
    {
      config: { access: "user" },
      schema: { querystring: plannerEntriesQuery, response: { 200: plannerEntriesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const { start, end, planner } = request.query;
      const owner = await plannerOwner(app.db, user, planner);
      if (!owner) throw notFound();
      const rows = await entriesBetween(app.db, owner.id, start, end);
      const people = (rows[0]?.people ?? []).map((row) =>
        presentPerson(row, user.id, request.language),
      );
      return rows.map((row) => presentPlannerEntry(app.storage, row, people));
    },
  );

  app.post(
    "/entries/",
    {
      config: { access: "user" },
      schema: { body: createPlannerEntryBody, response: { 201: plannerEntry } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const recipeId = body.recipe_id;
      if ((recipeId === undefined) === (body.note === undefined)) {
        throw new HttpError(400, { non_field_errors: [RECIPE_OR_NOTE] });
      }
      if (recipeId === undefined && body.guests !== undefined) {
        throw fieldError("guests", GUESTS_ONLY_ON_RECIPES);
      }
      if (recipeId === undefined && body.eaters) throw fieldError("eaters", EATERS_ONLY_ON_RECIPES);
      const entry = await app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, body.planner);
        if (!owner || !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id))))
          throw notFound();
        const slot = { date: body.date, slot: body.slot };
        await holdRecipesOfSlots(tx, owner.id, [slot], recipeId === undefined ? [] : [recipeId]);
        if (recipeId !== undefined) {
          const recipe = await holdRecipe(tx, recipeId, planningFacts(user));
          if (!recipe || !canPlanRecipe(user, recipe, await isOnPlanner(tx, owner.id, recipeId))) {
            throw fieldError("recipe_id", doesNotExist(recipeId));
          }
        }
        await checkEaters(tx, owner.id, body.eaters);
        const id = await insertEntry(tx, {
          ownerId: owner.id,
          date: body.date,
          slot: body.slot,
          recipeId: recipeId ?? null,
          guests: recipeId === undefined ? null : (body.guests ?? 4),
          note: body.note ?? null,
          createdById: user.id,
          eaters: body.eaters ?? null,
        });
        await renumberSlot(tx, owner.id, slot);
        await recordPlannerChange(tx, owner.id, user.username);
        const created = await entryById(tx, id);
        if (!created) throw new Error("entry vanished inside its transaction");
        const people = await peopleAtTable(tx, owner.id, user.id, request.language);
        return presentPlannerEntry(app.storage, created, people);
      });
      return reply.code(201).send(entry);
    },
  );

  app.patch(
    "/entries/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: updatePlannerEntryBody, response: { 200: plannerEntry } },
    },
    async (request) => {
      const user = requireUser(request);
      const entryId = request.params.id;
      const { date, slot, position, guests, note, eaters } = request.body;
      return app.db.transaction(async (tx) => {
        const ownerId = await ownerOfEntry(tx, entryId, user.id);
        if (
          ownerId === undefined ||
          !(await lockPlanner(tx, ownerId, user.id, mayUsePlannerRow(user.id)))
        )
          throw notFound();
        const entry = await entryForChange(tx, entryId, ownerId);
        if (!entry) throw notFound(); // deleted while we waited for the lock
        if (guests !== undefined && entry.recipeId === null) {
          throw fieldError("guests", GUESTS_ONLY_ON_RECIPES);
        }
        // Only a note has a note to change (not a recipe, nor one no longer available).
        if (note !== undefined && entry.note === null) {
          throw fieldError("note", NOTE_ONLY_ON_NOTES);
        }
        if (eaters !== undefined && entry.recipeId === null) {
          throw fieldError("eaters", EATERS_ONLY_ON_RECIPES);
        }
        await checkEaters(tx, ownerId, eaters);
        const from = { date: entry.date, slot: entry.slot };
        const to = { date: date ?? entry.date, slot: slot ?? entry.slot };
        const moves = from.date !== to.date || from.slot !== to.slot || position !== undefined;
        await holdRecipesOfSlots(tx, ownerId, moves ? [from, to] : [from]);
        // A recipe delete that committed before the hold took its entries with it; from here
        // on the held recipes keep the entry.
        if (!(await entryForChange(tx, entryId, ownerId))) throw notFound();
        await updateEntry(tx, entryId, {
          ...(guests === undefined ? {} : { guests }),
          ...(note === undefined ? {} : { note }),
          ...(eaters === undefined ? {} : { eaters }),
        });
        // Moved without a position: the end of its new slot.
        if (moves) await placeEntry(tx, ownerId, entryId, from, to, position);
        // Sent to a list already: the planned recipe there moves to the new date with it.
        if (from.date !== to.date && entry.sentPlannedRecipeId !== null) {
          await movePlanWithEntry(tx, entry.sentPlannedRecipeId, to.date, user.username);
        }
        if (moves || guests !== undefined || note !== undefined || eaters !== undefined) {
          await recordPlannerChange(tx, ownerId, user.username);
        }
        const changed = await entryById(tx, entryId);
        if (!changed) throw new Error("entry vanished inside its transaction");
        const people = await peopleAtTable(tx, ownerId, user.id, request.language);
        return presentPlannerEntry(app.storage, changed, people);
      });
    },
  );

  app.delete(
    "/entries/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      const entryId = request.params.id;
      await app.db.transaction(async (tx) => {
        const ownerId = await ownerOfEntry(tx, entryId, user.id);
        if (
          ownerId === undefined ||
          !(await lockPlanner(tx, ownerId, user.id, mayUsePlannerRow(user.id)))
        )
          throw notFound();
        const entry = await entryForChange(tx, entryId, ownerId);
        if (!entry) throw notFound();
        const slot = { date: entry.date, slot: entry.slot };
        await holdRecipesOfSlots(tx, ownerId, [slot]);
        await deleteEntry(tx, entryId);
        await renumberSlot(tx, ownerId, slot);
        await recordPlannerChange(tx, ownerId, user.username);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- sharing: the caller's own planner ----------

  app.get(
    "/members/",
    { config: { access: "user" }, schema: { response: { 200: plannerMembersResponse } } },
    async (request) => {
      const user = requireUser(request);
      return (await membersOf(app.db, user.id)).map(presentPlannerMember);
    },
  );

  app.post(
    "/members/",
    {
      config: { access: "user" },
      schema: { body: addPlannerMemberBody, response: { 201: plannerMemberAdded } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const added = await app.db.transaction(async (tx) => {
        return sharePlannerWithCook(tx, user, request.body.username);
      });
      return reply.code(201).send(added);
    },
  );

  app.delete(
    "/members/:username/",
    {
      config: { access: "user" },
      schema: { params: plannerUsernameParams, response: noContent },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        await lockPlanner(tx, user.id, user.id, mayUsePlannerRow(user.id));
        const cook = await findUserByUsername(tx, request.params.username);
        // 400, not 404: the owner is one of the people GET /members/ lists.
        if (cook?.id === user.id) {
          throw badRequest("The owner cannot leave their own planner.");
        }
        if (!cook || !(await removeMember(tx, user.id, cook.id))) throw notFound();
        await recordPlannerChange(tx, user.id, user.username, true);
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/shared/",
    { config: { access: "user" }, schema: { response: { 200: sharedPlannersResponse } } },
    async (request) => {
      const user = requireUser(request);
      const planners = await sharedWith(app.db, user.id);
      return planners.map((planner) => ({ owner_username: planner.ownerUsername }));
    },
  );

  // Leaving a planner shared with me.
  app.delete(
    "/shared/:username/",
    {
      config: { access: "user" },
      schema: { params: plannerUsernameParams, response: noContent },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, request.params.username);
        // One's own planner is not shared with one: nothing to leave.
        if (
          !owner ||
          owner.id === user.id ||
          !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id)))
        ) {
          throw notFound();
        }
        await removeMember(tx, owner.id, user.id);
        await recordPlannerChange(tx, owner.id, user.username, true);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- send to a shopping list ----------

  app.post(
    "/send-to-list/",
    {
      config: { access: "user" },
      schema: { body: sendToListBody, response: { 200: sendToListResult } },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, body.planner);
        if (!owner || !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id))))
          throw notFound();
        return sendWeekToList(tx, user, owner.id, {
          start: body.start,
          end: body.end,
          listId: body.grocery_list_id,
        });
      });
    },
  );

  // ---------- calendar feed ----------

  app.post(
    "/calendar-link/",
    {
      config: { access: "user", noBody: true },
      schema: { response: { 200: calendarLinkResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      // 256 random bits; only its hash is stored, and a new one replaces the old.
      const token = randomBytes(32).toString("base64url");
      await app.db.transaction(async (tx) => {
        await lockPlanner(tx, user.id, user.id, mayUsePlannerRow(user.id));
        await setCalendarTokenHash(tx, user.id, calendarTokenHash(token));
      });
      return { url: `${originOf(request)}/api/planner/calendar/${token}.ics` };
    },
  );

  app.delete(
    "/calendar-link/",
    { config: { access: "user" }, schema: { response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await setCalendarTokenHash(app.db, user.id, null);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/calendar/:token.ics",
    {
      config: {
        access: "public",
        noJsonResponse: "The planner as iCalendar (RFC 5545), for a calendar app.",
        responseMediaType: "text/calendar",
      },
      schema: { params: calendarFeedParams },
    },
    async (request, reply) => {
      const owner = await ownerOfCalendar(app.db, calendarTokenHash(request.params.token));
      if (!owner) throw notFound();
      const today = new Date().toISOString().slice(0, 10);
      const rows = await calendarEntries(
        app.db,
        owner,
        addDays(today, -CALENDAR_DAYS_BACK),
        addDays(today, CALENDAR_DAYS_AHEAD),
      );
      const origin = originOf(request);
      // The owner's words: a calendar app fetching the feed says no language of theirs.
      const language = isLanguage(owner.language) ? owner.language : request.language;
      const events = rows.map((row) => ({
        uid: `planner-entry-${row.id}@potluck`,
        date: row.date,
        summary: formatMessage(language, "planner.calendar.summary", {
          slot: formatMessage(language, SLOT_NAMES[row.slot]),
          title: row.recipeTitle ?? row.unavailableTitle ?? row.note ?? "",
        }),
        ...(row.recipeId === null
          ? {}
          : { url: `${origin}/recipe/${row.recipeId}/${row.recipeSlug}` }),
      }));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .send(
          icsCalendar(
            formatMessage(language, "planner.calendar.name", { username: owner.username }),
            events,
            new Date(),
          ),
        );
    },
  );

  // ---------- fill the gaps ----------

  app.post(
    "/suggest/",
    {
      config: { access: "user" },
      schema: { body: suggestBody, response: { 200: suggestResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      if (body.collection !== undefined && body.tag !== undefined) {
        throw new HttpError(400, { non_field_errors: ["Give a collection or a tag, not both."] });
      }
      const owner = await plannerOwner(app.db, user, body.planner);
      if (!owner) throw notFound();
      const suggestions = await suggestMeals(app.db, user, owner.id, body);
      return suggestions.map(({ date, recipe }) =>
        presentSuggestion(app.storage, date, body.slot, recipe),
      );
    },
  );

  // ---------- live updates ----------

  const streams = new PlannerEventStreams(app.db, app.notifyHub, app.log);
  // Before the server waits for requests in flight: an open stream never finishes by itself.
  app.addHook("preClose", () => streams.close());

  app.get(
    "/events/",
    {
      config: {
        access: "user",
        noJsonResponse: "The planner's changes as Server-Sent Events (text/event-stream).",
      },
      // A HEAD would hold a stream open with no body to send.
      exposeHeadRoute: false,
      schema: { querystring: plannerEventsQuery },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const owner = await plannerOwner(app.db, user, request.query.planner);
      if (!owner) throw notFound();
      // Listening before the stream opens, so no change after it is missed.
      await streams.ready(app.config.database.connectTimeoutMs);
      streams.open(owner.id, user.id, startEventStream(reply));
    },
  );
};
