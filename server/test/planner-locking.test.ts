// The planner's writers of the lock protocol (src/db/locks.ts, step 0) running at once, many
// times: the owner and a member adding, moving and deleting entries of the same two slots and
// sending the week to a list, while the author deletes recipes planned in those slots (whose
// cascade reaches the entries without the planner's lock) and a plan sent to the list is taken
// off it (whose ON DELETE SET NULL reaches an entry). None may fail (a deadlock is PostgreSQL
// error 40P01, a 500), and no two entries of a slot may share a position.
import type { PlannerEntry } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp({ poolSize: 12 });

const EGG = await ingredientId(db, "Egg");
const PIECE = await unitId(db, "piece");
const ROUNDS = 15;
const DAY = "2030-03-04";

type Response = { statusCode: number; body: string };

describe("the planner's lock protocol", () => {
  it("keeps positions apart under concurrent writers, recipe deletes and unplanning, without deadlock", async () => {
    const owner = await signedIn(app, db);
    const member = await signedIn(app, db);
    await owner.agent.post("/api/planner/members/", { username: member.user.username });
    const list = JSON.parse(
      (await owner.agent.post("/api/groceries/lists/", { name: "Week" })).body,
    ) as { id: number };
    const recipes = [];
    for (let i = 0; i <= ROUNDS; i++) {
      recipes.push(
        await buildRecipe(db, owner.user.id, {
          ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
        }),
      );
    }
    const of = owner.user.username;
    const entries = async () =>
      JSON.parse(
        (await owner.agent.get(`/api/planner/entries/?start=${DAY}&end=${DAY}`)).body,
      ) as PlannerEntry[];
    const add = (body: Record<string, unknown>) =>
      owner.agent.post("/api/planner/entries/", { date: DAY, ...body });
    await add({ slot: "dinner", recipe_id: recipes[0]?.id });
    await add({ slot: "lunch", note: "Start" });

    const failures: string[] = [];
    const check = async (what: string, response: Promise<Response>) => {
      const done = await response;
      if (done.statusCode >= 500) failures.push(`${what}: ${done.statusCode} ${done.body}`);
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await entries();
      const dinner = before.filter((e) => e.slot === "dinner");
      const lunch = before.filter((e) => e.slot === "lunch");
      const sent = before.find((e) => e.sent_to !== null)?.sent_to;
      await Promise.all([
        check("owner adds", add({ slot: "dinner", note: `Note ${round}` })),
        check(
          "member adds",
          member.agent.post("/api/planner/entries/", {
            date: DAY,
            slot: "dinner",
            recipe_id: recipes[round]?.id,
            planner: of,
          }),
        ),
        check(
          "owner moves",
          owner.agent.patch(`/api/planner/entries/${dinner[0]?.id}/`, {
            slot: "lunch",
            position: 0,
          }),
        ),
        check(
          "member moves back",
          member.agent.patch(`/api/planner/entries/${lunch.at(-1)?.id}/`, {
            slot: "dinner",
            position: 1,
          }),
        ),
        check("member deletes", member.agent.delete(`/api/planner/entries/${lunch[0]?.id}/`)),
        check(
          "owner sends",
          owner.agent.post("/api/planner/send-to-list/", {
            grocery_list_id: list.id,
            start: DAY,
            end: DAY,
          }),
        ),
        check(
          "author deletes a planned recipe",
          owner.agent.delete(`/api/recipes/recipes/${recipes[round - 1]?.id}/`),
        ),
        ...(sent
          ? [
              check(
                "owner unplans from the list",
                owner.agent.delete(`/api/groceries/planned-recipes/${sent.planned_recipe_id}/`),
              ),
            ]
          : []),
      ]);
    }
    expect(failures).toEqual([]);
    const clashes = await db.execute(sql`
      select date, slot, position, count(*) from planner_entries where owner_id = ${owner.user.id}
      group by date, slot, position having count(*) > 1`);
    expect(clashes.rows).toEqual([]);
    // Read back 0, 1, 2… in each slot, whatever gaps the recipe deletes left in storage.
    for (const slot of ["lunch", "dinner"]) {
      const positions = (await entries()).filter((e) => e.slot === slot).map((e) => e.position);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
  });
});
