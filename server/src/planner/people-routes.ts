import {
  ACCOUNT_NAME_IS_USERNAME,
  createPlannerPersonBody,
  idParams,
  plannerPeopleQuery,
  plannerPeopleResponse,
  plannerPerson,
  updatePlannerPersonBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import type { Tx } from "../db/client.js";
import { lockPlanner } from "../db/locks.js";
import { badRequest, doesNotExist, fieldError, forbidden, notFound } from "../http/errors.js";
import { recordPlannerChange } from "./events.js";
import {
  deletePerson,
  insertPerson,
  personFor,
  tablePeople,
  unknownIngredients,
  updatePerson,
} from "./people-repository.js";
import { mayUsePlannerRow } from "./policy.js";
import { presentPerson } from "./presenter.js";
import { plannerOwner } from "./repository.js";

/** 400 `{"dislikes": [...]}` for an ingredient that is not in the catalogue. */
async function checkDislikes(tx: Tx, dislikes: number[] | undefined) {
  const unknown = await unknownIngredients(tx, dislikes ?? []);
  if (unknown.length > 0) {
    throw fieldError("dislikes", doesNotExist(unknown[0] as number));
  }
}

/**
 * Who eats at a planner's table (issue 38 §4): `GET/POST /api/planner/people/`,
 * `PATCH/DELETE /api/planner/people/{id}/`. Anyone who may use the planner (policy.ts) reads
 * its people and edits those without an account; an account's needs are its cook's to say.
 * Writes run under the planner's lock and announce themselves as its entries' do: the week's
 * warnings change with them.
 */
export const plannerPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/people/",
    {
      config: { access: "user" },
      schema: { querystring: plannerPeopleQuery, response: { 200: plannerPeopleResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      return app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, request.query.planner);
        // Locked (and, for one's own, made) so that each account's row is made once.
        if (!owner || !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id)))) {
          throw notFound();
        }
        const people = await tablePeople(tx, owner.id);
        return people.map((person) => presentPerson(person, user.id, request.language));
      });
    },
  );

  app.post(
    "/people/",
    {
      config: { access: "user" },
      schema: { body: createPlannerPersonBody, response: { 201: plannerPerson } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { planner, ...fields } = request.body;
      const person = await app.db.transaction(async (tx) => {
        const owner = await plannerOwner(tx, user, planner);
        if (!owner || !(await lockPlanner(tx, owner.id, user.id, mayUsePlannerRow(user.id)))) {
          throw notFound();
        }
        await checkDislikes(tx, fields.dislikes);
        const id = await insertPerson(tx, owner.id, fields);
        await recordPlannerChange(tx, owner.id, user.username);
        return personFor(tx, id, user.id);
      });
      if (!person) throw new Error("person vanished inside its transaction");
      return reply.code(201).send(presentPerson(person, user.id, request.language));
    },
  );

  app.patch(
    "/people/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: updatePlannerPersonBody, response: { 200: plannerPerson } },
    },
    async (request) => {
      const user = requireUser(request);
      const changed = await app.db.transaction(async (tx) => {
        const person = await personFor(tx, request.params.id, user.id);
        if (
          !person ||
          !(await lockPlanner(tx, person.ownerId, user.id, mayUsePlannerRow(user.id)))
        ) {
          throw notFound();
        }
        if (person.userId !== null && person.userId !== user.id) throw forbidden();
        if (person.userId !== null && request.body.name !== undefined) {
          throw fieldError("name", ACCOUNT_NAME_IS_USERNAME);
        }
        await checkDislikes(tx, request.body.dislikes);
        await updatePerson(tx, person.id, request.body);
        await recordPlannerChange(tx, person.ownerId, user.username);
        return personFor(tx, person.id, user.id);
      });
      if (!changed) throw notFound();
      return presentPerson(changed, user.id, request.language);
    },
  );

  app.delete(
    "/people/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        const person = await personFor(tx, request.params.id, user.id);
        if (
          !person ||
          !(await lockPlanner(tx, person.ownerId, user.id, mayUsePlannerRow(user.id)))
        ) {
          throw notFound();
        }
        if (person.userId !== null) {
          throw badRequest("An account leaves the table with its place on the planner.");
        }
        await deletePerson(tx, person.ownerId, person.id);
        await recordPlannerChange(tx, person.ownerId, user.username);
      });
      return reply.code(204).send(null);
    },
  );
};
