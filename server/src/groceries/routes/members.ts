import {
  addListMemberBody,
  idParams,
  listMemberAdded,
  listMemberParams,
  listMembersResponse,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { shareListWithCook } from "../../actions/share-with-cook.js";
import { requireUser } from "../../auth/plugin.js";
import { holdList } from "../../db/locks.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { recordListChange } from "../list-events.js";
import { mayBeRemoved, mayManageList, mayRemoveMember, mayUseList, roleOn } from "../policy.js";
import { presentListMember } from "../presenter.js";
import { membersOf, removeMember } from "../repository.js";

const noContent = { 204: z.null() };

/**
 * A list's members: the owner shares it (actions/share-with-cook.ts) and takes cooks off; a
 * member may take only themselves off (403 otherwise).
 */
export const groceryMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/lists/:id/members/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 200: listMembersResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await roleOn(app.db, request.params.id, user.id))) throw notFound();
      return (await membersOf(app.db, request.params.id)).map(presentListMember);
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
};
