import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  canActOnRecipe,
  canEditRecipe,
  canReadRecipe,
  mayActOnRecipe,
  mayReadRecipe,
} from "./policy.js";

// The row form against the SQL form on a grid of cases: server/test/recipe-visibility.test.ts.

const none = { followsAuthor: false, plannedForViewer: false };
const cook = { id: 8, isSuperuser: false };

describe("canEditRecipe", () => {
  const recipe = { authorId: 7 };
  it("allows the author and a superuser, no one else", () => {
    expect(canEditRecipe({ id: 7, isSuperuser: false }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: true }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: false }, recipe)).toBe(false);
    expect(canEditRecipe(null, recipe)).toBe(false);
  });
});

describe("canReadRecipe", () => {
  it("lets everyone read a public recipe, signed in or not", () => {
    expect(canReadRecipe(null, { authorId: 7, visibility: "public" }, none)).toBe(true);
    expect(canReadRecipe(cook, { authorId: 7, visibility: "public" }, none)).toBe(true);
  });

  it("lets the author's followers read a followers recipe, not others", () => {
    const recipe = { authorId: 7, visibility: "followers" } as const;
    expect(canReadRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(true);
    expect(canReadRecipe(cook, recipe, none)).toBe(false);
    expect(canReadRecipe(null, recipe, none)).toBe(false);
  });

  it("lets only the author and superusers read a private recipe, and a list's or planner's cooks read it", () => {
    const recipe = { authorId: 7, visibility: "private" } as const;
    expect(canReadRecipe({ id: 7, isSuperuser: false }, recipe, none)).toBe(true);
    expect(canReadRecipe({ id: 9, isSuperuser: true }, recipe, none)).toBe(true);
    expect(canReadRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(false);
    expect(canReadRecipe(cook, recipe, { ...none, plannedForViewer: true })).toBe(true);
    expect(canActOnRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(false);
  });

  it("has an SQL form that is a constant for signed-out readers and superusers", () => {
    const text = (sql: ReturnType<typeof mayReadRecipe>) => new PgDialect().sqlToQuery(sql).sql;
    expect(text(mayReadRecipe(null))).toBe("r.visibility = 'public'");
    expect(text(mayReadRecipe({ id: 1, isSuperuser: true }))).toBe("true");
    expect(text(mayActOnRecipe({ id: 1, isSuperuser: true }))).toBe("true");
  });
});
