import {
  addListMemberBody,
  aisleOrderBody,
  aislesResponse,
  createGroceryListBody,
  createPlannedExtraBody,
  createPlannedRecipeBody,
  GROCERY_NOTES_MAX_BYTES,
  groceryListCreated,
  groceryListDetail,
  groceryListFilter,
  groceryListsResponse,
  idParams,
  listMemberAdded,
  listMemberParams,
  listMembersResponse,
  moveTextAisleBody,
  plannedExtra,
  plannedExtrasResponse,
  plannedRecipe,
  plannedRecipesResponse,
  shoppingItem,
  shoppingItemsResponse,
  textAisle,
  updateGroceryListBody,
  updateShoppingItemBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { shareListWithCook } from "../actions/share-with-cook.js";
import { requireUser } from "../auth/plugin.js";
import {
  holdList,
  holdRecipe,
  lockList,
  lockListOfPlannedExtra,
  lockListOfPlannedRecipe,
} from "../db/locks.js";
import { cleanHtml } from "../http/clean-html.js";
import {
  badRequest,
  doesNotExist,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  unknownPk,
} from "../http/errors.js";
import { startEventStream } from "../http/event-stream-hub.js";
import { canActOnRecipe, planningFacts } from "../recipes/policy.js";
import { aisleById, aisleOrderProblems, aislesOf, moveText, setAisleOrder } from "./aisles.js";
import { readExtraLine, tidyLine } from "./extra-line.js";
import { announceListDeleted, recordListChange, streamStart } from "./list-events.js";
import { ListEventStreams } from "./live-streams.js";
import { mayBeRemoved, mayManageList, mayRemoveMember, mayUseList, roleOn } from "./policy.js";
import {
  toListMember,
  toListSummary,
  toPlannedExtra,
  toPlannedRecipe,
  toShoppingItem,
} from "./presenter.js";
import { plansChanged } from "./recompute.js";
import {
  createList,
  deleteList,
  deletePlannedExtra,
  deletePlannedRecipe,
  findList,
  ingredientAndUnitExist,
  insertPlannedExtra,
  insertPlannedRecipe,
  listItems,
  listsOf,
  membersOf,
  plannedExtraById,
  plannedExtraIdByClientKey,
  plannedExtrasOf,
  plannedRecipeById,
  plannedRecipesOf,
  removeMember,
  setItemChecked,
  updateList,
} from "./repository.js";

const noContent = { 204: z.null() };

/**
 * Grocery lists, their plans, their shopping items and their members: all of it private to
 * the list's owner and the cooks it is shared with (policy.ts), so anyone else gets 404 (never
 * a hint that it exists). A member may do everything but delete the list and manage its
 * members (403). Every change to a list's plans
 * recomputes its shopping items in the same transaction (see recompute.ts), under the list's
 * lock (see db/locks.ts).
 */
export const groceriesRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------- lists ----------

  app.get(
    "/lists/",
    { config: { access: "user" }, schema: { response: { 200: groceryListsResponse } } },
    async (request) => {
      const user = requireUser(request);
      const lists = await listsOf(app.db, user.id);
      return lists.map((list) => toListSummary(list, user.id));
    },
  );

  app.post(
    "/lists/",
    {
      config: { access: "user" },
      schema: { body: createGroceryListBody, response: { 201: groceryListCreated } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const list = await createList(app.db, user.id, request.body.name);
      return reply.code(201).send(list);
    },
  );

  app.get(
    "/lists/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 200: groceryListDetail } },
    },
    async (request) => {
      const user = requireUser(request);
      const list = await findList(app.db, request.params.id, user.id);
      if (!list) throw notFound();
      return list;
    },
  );

  app.patch(
    "/lists/:id/",
    {
      config: { access: "user" },
      schema: {
        params: idParams,
        body: updateGroceryListBody,
        response: { 200: groceryListDetail },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { name, notes } = request.body;
      const cleanNotes = notes === undefined ? undefined : cleanHtml(notes);
      if (cleanNotes !== undefined && Buffer.byteLength(cleanNotes) > GROCERY_NOTES_MAX_BYTES) {
        throw fieldError("notes", "Notes are too long (at most 100 KB).");
      }
      return app.db.transaction(async (tx) => {
        const list = await updateList(tx, request.params.id, user.id, {
          ...(name === undefined ? {} : { name }),
          ...(cleanNotes === undefined ? {} : { notes: cleanNotes }),
        });
        if (!list) throw notFound();
        await recordListChange(tx, list.id, "notes", user.username);
        return list;
      });
    },
  );

  app.delete(
    "/lists/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      const role = await roleOn(app.db, request.params.id, user.id);
      if (!role) throw notFound();
      if (!mayManageList(role)) throw forbidden("Only the owner of a list may delete it.");
      await app.db.transaction(async (tx) => {
        await deleteList(tx, request.params.id);
        await announceListDeleted(tx, request.params.id);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- planned recipes ----------

  app.get(
    "/planned-recipes/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: plannedRecipesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      return (await plannedRecipesOf(app.db, listId)).map(toPlannedRecipe);
    },
  );

  app.post(
    "/planned-recipes/",
    {
      config: { access: "user" },
      schema: { body: createPlannedRecipeBody, response: { 201: plannedRecipe } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const planned = await app.db.transaction(async (tx) => {
        // Recipe first, then the list: the lock order of db/locks.ts.
        const recipe = await holdRecipe(tx, body.recipe_id, planningFacts(user));
        if (!(await lockList(tx, body.grocery_list_id, mayUseList(user.id)))) throw notFound();
        // Planning needs a right of one's own to the recipe: a list's read-only grant does
        // not carry it onto other lists (recipes/policy.ts).
        if (!recipe || !canActOnRecipe(user, recipe, recipe)) {
          throw fieldError("recipe_id", doesNotExist(body.recipe_id));
        }
        const { id } = await insertPlannedRecipe(tx, {
          groceryListId: body.grocery_list_id,
          recipeId: body.recipe_id,
          guests: body.guests,
          plannedOn: body.planned_on ?? null,
        });
        await plansChanged(tx, body.grocery_list_id, user.username);
        const created = await plannedRecipeById(tx, id);
        if (!created) throw new Error("planned recipe vanished inside its transaction");
        return toPlannedRecipe(created);
      });
      return reply.code(201).send(planned);
    },
  );

  app.delete(
    "/planned-recipes/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const listId = await lockListOfPlannedRecipe(tx, request.params.id, mayUseList(user.id));
        if (listId === undefined || !(await deletePlannedRecipe(tx, request.params.id, listId))) {
          throw notFound();
        }
        await plansChanged(tx, listId, user.username);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- planned extras ----------

  app.get(
    "/planned-extras/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: plannedExtrasResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      return (await plannedExtrasOf(app.db, listId)).map(toPlannedExtra);
    },
  );

  app.post(
    "/planned-extras/",
    {
      config: { access: "user" },
      schema: { body: createPlannedExtraBody, response: { 201: plannedExtra } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      // A typed line is read before the list is locked: the catalogue lookup takes a moment.
      const extra =
        body.text === undefined ? undefined : await readExtraLine(app.db, user.id, body.text);
      const planned = await app.db.transaction(async (tx) => {
        if (!(await lockList(tx, body.grocery_list_id, mayUseList(user.id)))) throw notFound();
        const plannedOn = body.planned_on ?? null;
        const groceryListId = body.grocery_list_id;
        const clientKey = body.client_key;
        // Sent again (its answer lost): the list is locked, so the first add is there or not.
        const earlier =
          clientKey === undefined
            ? undefined
            : await plannedExtraIdByClientKey(tx, groceryListId, clientKey);
        if (earlier !== undefined) {
          const found = await plannedExtraById(tx, earlier);
          if (!found) throw new Error("planned extra vanished inside its transaction");
          return toPlannedExtra(found);
        }
        let id: number;
        if (extra) {
          ({ id } = await insertPlannedExtra(tx, {
            groceryListId,
            plannedOn,
            clientKey,
            ...extra,
          }));
        } else {
          // The schema requires all three without a text.
          const { ingredient_id: ingredientId, unit_id: unitId, quantity } = body;
          if (ingredientId === undefined || unitId === undefined || quantity === undefined) {
            throw new Error("a catalogue extra without its ingredient, unit or quantity");
          }
          const exists = await ingredientAndUnitExist(tx, ingredientId, unitId);
          if (!exists.ingredient || !exists.unit) {
            throw new HttpError(400, {
              ...(exists.ingredient ? {} : { ingredient_id: [doesNotExist(ingredientId)] }),
              ...(exists.unit ? {} : { unit_id: [doesNotExist(unitId)] }),
            });
          }
          ({ id } = await insertPlannedExtra(tx, {
            groceryListId,
            plannedOn,
            clientKey,
            ingredientId,
            unitId,
            quantity,
          }));
        }
        await plansChanged(tx, body.grocery_list_id, user.username);
        const created = await plannedExtraById(tx, id);
        if (!created) throw new Error("planned extra vanished inside its transaction");
        return toPlannedExtra(created);
      });
      return reply.code(201).send(planned);
    },
  );

  app.delete(
    "/planned-extras/:id/",
    { config: { access: "user" }, schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const listId = await lockListOfPlannedExtra(tx, request.params.id, mayUseList(user.id));
        if (listId === undefined || !(await deletePlannedExtra(tx, request.params.id, listId))) {
          throw notFound();
        }
        await plansChanged(tx, listId, user.username);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- shopping items ----------

  app.get(
    "/items/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: shoppingItemsResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      const items = await listItems(app.db, listId, user.id);
      if (!items) throw notFound();
      return items.map(toShoppingItem);
    },
  );

  app.patch(
    "/items/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: updateShoppingItemBody, response: { 200: shoppingItem } },
    },
    async (request) => {
      const user = requireUser(request);
      const item = await app.db.transaction(async (tx) => {
        const ticked = await setItemChecked(
          tx,
          request.params.id,
          user.id,
          request.body.is_checked,
        );
        if (ticked) await recordListChange(tx, ticked.groceryListId, "items", user.username);
        return ticked;
      });
      if (!item) throw notFound();
      return toShoppingItem(item);
    },
  );

  // ---------- aisles: the cook's own, for every list they use ----------

  app.get(
    "/aisles/",
    { config: { access: "user" }, schema: { response: { 200: aislesResponse } } },
    async (request) => aislesOf(app.db, requireUser(request).id),
  );

  app.put(
    "/aisle-order/",
    {
      config: { access: "user" },
      schema: { body: aisleOrderBody, response: { 200: aislesResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const ids = request.body.aisle_ids;
      return app.db.transaction(async (tx) => {
        const problems = await aisleOrderProblems(tx, ids);
        if (problems) throw new HttpError(400, { aisle_ids: problems });
        await setAisleOrder(tx, user.id, ids);
        return aislesOf(tx, user.id);
      });
    },
  );

  // A free-text line's aisle, by its text: the text variant of the ingredients' own
  // `PUT /api/ingredients/ingredients/{id}/aisle/`.
  app.put(
    "/aisles/text/",
    {
      config: { access: "user" },
      schema: { body: moveTextAisleBody, response: { 200: textAisle } },
    },
    async (request) => {
      const user = requireUser(request);
      const { text, aisle_id: aisleId } = request.body;
      return app.db.transaction(async (tx) => {
        const aisle = await aisleById(tx, aisleId);
        if (!aisle) throw unknownPk("aisle_id", aisleId);
        await moveText(tx, user.id, tidyLine(text), aisleId);
        return { text: tidyLine(text), aisle };
      });
    },
  );

  // ---------- members ----------

  app.get(
    "/lists/:id/members/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 200: listMembersResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await roleOn(app.db, request.params.id, user.id))) throw notFound();
      return (await membersOf(app.db, request.params.id)).map(toListMember);
    },
  );

  app.post(
    "/lists/:id/members/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: addListMemberBody, response: { 201: listMemberAdded } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = request.params.id;
      const added = await app.db.transaction(async (tx) => {
        // Read without a lock first: the cooks' pair lock comes before the list's.
        const role = await roleOn(tx, listId, user.id);
        if (!role) throw notFound();
        if (!mayManageList(role)) throw forbidden("Only the owner of a list may share it.");
        return shareListWithCook(tx, user, listId, request.body.username);
      });
      return reply.code(201).send(added);
    },
  );

  app.delete(
    "/lists/:id/members/:username/",
    { config: { access: "user" }, schema: { params: listMemberParams, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      const { id: listId, username } = request.params;
      const role = await roleOn(app.db, listId, user.id);
      if (!role) throw notFound();
      const people = await membersOf(app.db, listId);
      const person = people.find((p) => p.username.toLowerCase() === username.toLowerCase());
      if (!person) throw notFound();
      if (!mayRemoveMember(role, user.id, person.id)) {
        throw forbidden("A member may remove only themselves from a list.");
      }
      // 400, not 403: no role may do it.
      if (!mayBeRemoved(person.role)) {
        throw badRequest("The owner cannot leave their own list; delete it instead.");
      }
      await app.db.transaction(async (tx) => {
        // A row lock on the list, like every change that records an event: a recipe edit
        // orders its events by holding the list FOR UPDATE (db/locks.ts, step 4). It also
        // keeps a concurrent delete of the list from failing the event's insert.
        if (!(await holdList(tx, listId, mayUseList(user.id)))) throw notFound();
        await removeMember(tx, listId, person.id);
        await recordListChange(tx, listId, "members", user.username);
      });
      return reply.code(204).send(null);
    },
  );

  // ---------- live updates ----------

  const streams = new ListEventStreams(app.db, app.notifyHub, app.log);
  // Before the server waits for requests in flight: an open stream never finishes by itself.
  app.addHook("preClose", () => streams.close());

  app.get(
    "/lists/:id/events/",
    {
      config: {
        access: "user",
        noJsonResponse: "The list's changes as Server-Sent Events (text/event-stream).",
      },
      // A HEAD would hold a stream open with no body to send.
      exposeHeadRoute: false,
      schema: { params: idParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = request.params.id;
      if (!(await roleOn(app.db, listId, user.id))) throw notFound();
      // Listening before the start is read, so no change falls between the two.
      await streams.ready(app.config.database.connectTimeoutMs);
      const lastEventId = request.headers["last-event-id"];
      const start = await streamStart(
        app.db,
        listId,
        typeof lastEventId === "string" ? lastEventId.trim() : undefined,
      );
      // `id:` even with nothing to send, so a reconnect asks for what came after this point.
      const res = startEventStream(
        reply,
        `${start.reset ? "event: reset\ndata: {}\n" : ""}id: ${start.afterId}\n`,
      );
      streams.open(listId, user.id, start.afterId, res);
    },
  );
};
