import {
  createGroceryListBody,
  GROCERY_NOTES_MAX_BYTES,
  groceryListCreated,
  groceryListDetail,
  groceryListsResponse,
  idParams,
  updateGroceryListBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/plugin.js";
import { cleanHtml } from "../../http/clean-html.js";
import { fieldError, forbidden, notFound } from "../../http/errors.js";
import { announceListDeleted, recordListChange } from "../list-events.js";
import { mayManageList, roleOn } from "../policy.js";
import { presentListSummary } from "../presenter.js";
import { createList, deleteList, findList, listsOf, updateList } from "../repository.js";

const noContent = { 204: z.null() };

/**
 * Grocery lists themselves: private to the list's owner and the cooks it is shared with
 * (policy.ts), so anyone else gets 404 (never a hint that it exists); only the owner may
 * delete one (403).
 */
export const groceryListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/lists/",
    { config: { access: "user" }, schema: { response: { 200: groceryListsResponse } } },
    async (request) => {
      const user = requireUser(request);
      const lists = await listsOf(app.db, user.id);
      return lists.map((list) => presentListSummary(list, user.id));
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
};
