import { createHash, randomBytes } from "node:crypto";
import {
  addPlannerMemberBody,
  calendarFeedParams,
  calendarLinkResponse,
  createPlannerEntryBody,
  idParams,
  PLANNER_SLOT_LABELS,
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
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import { ownsCollection } from "../collections/repository.js";
import type { Tx } from "../db/client.js";
import {
  holdRecipe,
  holdRecipesOfSlots,
  lockList,
  lockListsById,
  lockPlanner,
} from "../db/locks.js";
import { mayUseList } from "../groceries/policy.js";
import { plansChanged } from "../groceries/recompute.js";
import {
  insertPlannedRecipe,
  listOfPlannedRecipe,
  setPlannedRecipeDate,
} from "../groceries/repository.js";
import { badRequest, doesNotExist, fieldError, HttpError, notFound } from "../http/errors.js";
import { startEventStream } from "../http/event-stream-hub.js";
import { notify } from "../notifications/notify.js";
import { canActOnRecipe, planningFacts } from "../recipes/policy.js";
import { findUserByUsername } from "../users/repository.js";
import { addMemberByUsername } from "../users/sharing.js";
import { icsCalendar } from "./calendar.js";
import { recordPlannerChange } from "./events.js";
import { PlannerEventStreams } from "./live-streams.js";
import { canPlanRecipe, mayUsePlannerRow } from "./policy.js";
import { toPlannerEntry, toPlannerMember, toSuggestion } from "./presenter.js";
import {
  addMember,
  calendarEntries,
  deleteEntry,
  entriesBetween,
  entryById,
  entryForChange,
  filledDates,
  insertEntry,
  isOnPlanner,
  markSent,
  membersOf,
  ownerOfCalendar,
  ownerOfEntry,
  placeEntry,
  plannedRecipeDates,
  plannerOwner,
  recipeEntriesBetween,
  removeMember,
  renumberSlot,
  type SuggestionSource,
  setCalendarTokenHash,
  sharedWith,
  suggestionCandidates,
  updateEntry,
} from "./repository.js";
import { addDays, daysFrom, pickSuggestions, SUGGESTION_GAP_DAYS } from "./suggestions.js";

const noContent = { 204: z.null() };

const GUESTS_ONLY_ON_RECIPES = "Only a recipe entry has guests.";
const NOTE_ONLY_ON_NOTES = "Only a note entry has a note.";

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
      return rows.map((row) => toPlannerEntry(app.storage, row));
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
        const id = await insertEntry(tx, {
          ownerId: owner.id,
          date: body.date,
          slot: body.slot,
          recipeId: recipeId ?? null,
          guests: recipeId === undefined ? null : (body.guests ?? 4),
          note: body.note ?? null,
          createdById: user.id,
        });
        await renumberSlot(tx, owner.id, slot);
        await recordPlannerChange(tx, owner.id, user.username);
        const created = await entryById(tx, id);
        if (!created) throw new Error("entry vanished inside its transaction");
        return toPlannerEntry(app.storage, created);
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
      const { date, slot, position, guests, note } = request.body;
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
        });
        // Moved without a position: the end of its new slot.
        if (moves) await placeEntry(tx, ownerId, entryId, from, to, position);
        // Sent to a list already: the planned recipe there moves to the new date with it.
        if (from.date !== to.date && entry.sentPlannedRecipeId !== null) {
          await movePlanWithEntry(tx, entry.sentPlannedRecipeId, to.date, user.username);
        }
        if (moves || guests !== undefined || note !== undefined) {
          await recordPlannerChange(tx, ownerId, user.username);
        }
        const changed = await entryById(tx, entryId);
        if (!changed) throw new Error("entry vanished inside its transaction");
        return toPlannerEntry(app.storage, changed);
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
      return (await membersOf(app.db, user.id)).map(toPlannerMember);
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
        const cook = await addMemberByUsername(
          tx,
          user.id,
          request.body.username,
          {
            own: "This is your own planner.",
            already: (username) => `The planner is shared with ${username} already.`,
          },
          async () => {
            await lockPlanner(tx, user.id, user.id, mayUsePlannerRow(user.id));
          },
          (cookId) => addMember(tx, user.id, cookId),
        );
        await recordPlannerChange(tx, user.id, user.username, true);
        await notify(tx, { kind: "planner_shared", actorId: user.id, recipientId: cook.id });
        return { username: cook.username };
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
      const listId = body.grocery_list_id;
      return app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, body.planner);
        if (!owner || !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id))))
          throw notFound();
        const entries = await recipeEntriesBetween(tx, owner.id, body.start, body.end);
        const unsent = entries.filter((entry) => entry.sentPlannedRecipeId === null);
        // Step 1, in id order: the recipes to plan, each checked as planning one onto a list
        // is (groceries' POST planned-recipes): a right of one's own, not the planner's
        // read-only grant, which would carry a recipe to the list's cooks. An entry whose
        // recipe the caller has no such right to stays on the planner, unsent and uncounted.
        const mayPlan = new Map<number, boolean>();
        for (const recipeId of [...new Set(unsent.map((entry) => entry.recipeId))].sort(
          (a, b) => a - b,
        )) {
          const recipe = await holdRecipe(tx, recipeId, planningFacts(user));
          mayPlan.set(recipeId, recipe !== undefined && canActOnRecipe(user, recipe, recipe));
        }
        if (!(await lockList(tx, listId, mayUseList(user.id)))) throw notFound();
        let sent = 0;
        for (const entry of unsent) {
          if (!mayPlan.get(entry.recipeId)) continue;
          const planned = await insertPlannedRecipe(tx, {
            groceryListId: listId,
            recipeId: entry.recipeId,
            guests: entry.guests,
            plannedOn: entry.date,
          });
          await markSent(tx, entry.id, planned.id);
          sent += 1;
        }
        if (sent > 0) {
          await plansChanged(tx, listId, user.username);
          await recordPlannerChange(tx, owner.id, user.username);
        }
        return { sent, already_sent: entries.length - unsent.length };
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
      const events = rows.map((row) => ({
        uid: `planner-entry-${row.id}@potluck`,
        date: row.date,
        summary: `${PLANNER_SLOT_LABELS[row.slot]}: ${row.recipeTitle ?? row.unavailableTitle ?? row.note ?? ""}`,
        ...(row.recipeId === null
          ? {}
          : { url: `${origin}/recipe/${row.recipeId}/${row.recipeSlug}` }),
      }));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .send(icsCalendar(`Potluck: ${owner.username}'s meals`, events, new Date()));
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
      let source: SuggestionSource = { authorId: user.id };
      if (body.collection !== undefined) {
        if (!(await ownsCollection(app.db, user.id, body.collection))) throw notFound();
        source = { collectionId: body.collection };
      } else if (body.tag !== undefined) {
        source = { tag: body.tag };
      }
      const filled = await filledDates(app.db, owner.id, body.slot, body.start, body.end);
      const empty = daysFrom(body.start, body.end).filter((day) => !filled.has(day));
      if (empty.length === 0) return [];
      const candidates = await suggestionCandidates(
        app.db,
        user,
        owner.id,
        source,
        body.exclude ?? [],
      );
      const planned = await plannedRecipeDates(
        app.db,
        owner.id,
        addDays(body.start, -SUGGESTION_GAP_DAYS),
        addDays(body.end, SUGGESTION_GAP_DAYS),
      );
      return pickSuggestions(empty, candidates, planned).map(({ date, recipe }) =>
        toSuggestion(app.storage, date, body.slot, recipe),
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

/**
 * An entry sent to a list was moved to another date: its planned recipe there takes the same
 * date, so the list says when it is cooked. The link (`sent_planned_recipe_id`) is the
 * entry's, so the plan follows whoever moves it, even a planner member who cannot open that
 * list: moving a meal is the planner's change. The list is locked after the planner and its
 * recipes (lock protocol step 2); a plan removed meanwhile is left alone (its ON DELETE SET
 * NULL has cleared the link).
 */
async function movePlanWithEntry(tx: Tx, planId: number, date: string, byUsername: string) {
  const listId = await listOfPlannedRecipe(tx, planId);
  if (listId === undefined) return;
  const [locked] = await lockListsById(tx, [listId]);
  if (locked === undefined) return;
  if (await setPlannedRecipeDate(tx, planId, date)) await plansChanged(tx, locked, byUsername);
}
