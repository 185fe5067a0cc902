// The tag list's counts (GET /api/recipes/tags/) come from tag_counts, kept by triggers
// (migration 0026), plus the recipes only the viewer may read. Whatever happens to recipes,
// tags, follows, plans and cooks, and whoever writes it, they must equal counting every recipe
// the viewer may read (the policy's mayReadRecipe), which is what the list did before.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../src/auth/policy.js";
import {
  follows,
  groceryListMembers,
  groceryLists,
  plannedRecipes,
  recipes,
  recipeTags,
  users,
} from "../src/db/schema.js";
import { mayReadRecipe } from "../src/recipes/policy.js";
import { tagCounts } from "../src/recipes/repository.js";
import { buildRecipe, buildUser } from "./factories.js";
import { createTestApp } from "./helper.js";

const { db } = await createTestApp();

const TAGS = ["tc-soup", "tc-quick", "tc-vegan"];
const VISIBILITIES = ["public", "followers", "private"] as const;

/** What the list answered before tag_counts: every readable recipe counted per call. */
async function countedEveryRecipe(viewer: Viewer) {
  const result = await db.execute<{ name: string; count: number }>(sql`
    select rt.tag as name, count(*)::int as count
    from recipe_tags rt join recipes r on r.id = rt.recipe_id
    where ${mayReadRecipe(viewer)} and rt.tag like 'tc-%'
    group by rt.tag order by 2 desc, 1`);
  return result.rows;
}

const recipeExists = async (id: number) =>
  (await db.execute(sql`select 1 from recipes where id = ${id}`)).rows.length > 0;

const operation = fc.oneof(
  fc.record({ kind: fc.constant("visibility"), recipe: fc.nat(5), to: fc.nat(2) }),
  fc.record({ kind: fc.constant("hide"), recipe: fc.nat(5), hidden: fc.boolean() }),
  fc.record({ kind: fc.constant("tag"), recipe: fc.nat(5), tag: fc.nat(2), on: fc.boolean() }),
  fc.record({ kind: fc.constant("delete"), recipe: fc.nat(5) }),
  fc.record({ kind: fc.constant("disable"), cook: fc.nat(2), disabled: fc.boolean() }),
  fc.record({ kind: fc.constant("follow"), cook: fc.nat(2), on: fc.boolean() }),
  fc.record({ kind: fc.constant("plan"), recipe: fc.nat(5), on: fc.boolean() }),
);

describe("tag counts", () => {
  it("equal counting every recipe each viewer may read, whatever changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        await db.execute(sql`delete from recipe_tags where tag like 'tc-%'`);
        // Three authors; the reader follows some, and a list shared with them plans some.
        const cooks = [await buildUser(db), await buildUser(db), await buildUser(db)];
        const reader = await buildUser(db);
        const admin = await buildUser(db, { isSuperuser: true });
        const [list] = await db
          .insert(groceryLists)
          .values({ ownerId: cooks[0]?.id ?? 0, name: "Shared" })
          .returning({ id: groceryLists.id });
        if (!list) throw new Error("no list");
        await db.insert(groceryListMembers).values({ groceryListId: list.id, userId: reader.id });
        const mine = await Promise.all(
          Array.from({ length: 6 }, async (_, i) => {
            const author = i === 5 ? reader : (cooks[i % 3] ?? reader);
            const recipe = await buildRecipe(db, author.id);
            await db
              .update(recipes)
              .set({ visibility: VISIBILITIES[i % 3] })
              .where(sql`id = ${recipe.id}`);
            await db.insert(recipeTags).values({ recipeId: recipe.id, tag: TAGS[i % 3] ?? "" });
            return recipe.id;
          }),
        );

        for (const op of ops) {
          const recipeId = "recipe" in op ? (mine[op.recipe] ?? 0) : 0;
          const cookId = "cook" in op ? (cooks[op.cook]?.id ?? 0) : 0;
          switch (op.kind) {
            case "visibility":
              await db
                .update(recipes)
                .set({ visibility: VISIBILITIES[op.to] })
                .where(sql`id = ${recipeId}`);
              break;
            case "hide":
              await db
                .update(recipes)
                .set({ hiddenAt: op.hidden ? new Date() : null })
                .where(sql`id = ${recipeId}`);
              break;
            case "tag":
              // A deleted recipe can't be tagged: the foreign key refuses, as it would.
              if (op.on && (await recipeExists(recipeId))) {
                await db
                  .insert(recipeTags)
                  .values({ recipeId, tag: TAGS[op.tag] ?? "" })
                  .onConflictDoNothing();
              } else if (!op.on) {
                await db
                  .delete(recipeTags)
                  .where(sql`recipe_id = ${recipeId} and tag = ${TAGS[op.tag]}`);
              }
              break;
            case "delete":
              await db.delete(recipes).where(sql`id = ${recipeId}`);
              break;
            case "disable":
              await db
                .update(users)
                .set({ disabledAt: op.disabled ? new Date() : null })
                .where(sql`id = ${cookId}`);
              break;
            case "follow":
              if (op.on) {
                await db
                  .insert(follows)
                  .values({ followerId: reader.id, followeeId: cookId })
                  .onConflictDoNothing();
              } else {
                await db
                  .delete(follows)
                  .where(sql`follower_id = ${reader.id} and followee_id = ${cookId}`);
              }
              break;
            case "plan":
              if (op.on && (await recipeExists(recipeId))) {
                await db
                  .insert(plannedRecipes)
                  .values({ groceryListId: list.id, recipeId, guests: 2 });
              } else if (!op.on) {
                await db.delete(plannedRecipes).where(sql`recipe_id = ${recipeId}`);
              }
              break;
          }
        }

        const viewers: Viewer[] = [
          null,
          { id: reader.id, isSuperuser: false },
          { id: cooks[1]?.id ?? 0, isSuperuser: false },
          { id: admin.id, isSuperuser: true },
        ];
        for (const viewer of viewers) {
          const listed = await tagCounts(db, viewer, { prefix: "tc-", limit: 50 });
          expect(listed, JSON.stringify({ viewer, ops })).toEqual(await countedEveryRecipe(viewer));
        }
      }),
      { numRuns: 100 },
    );
  });
});
