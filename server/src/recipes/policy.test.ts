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
    expect(canReadRecipe(null, { authorId: 7, visibility: "public", withheld: false }, none)).toBe(
      true,
    );
    expect(canReadRecipe(cook, { authorId: 7, visibility: "public", withheld: false }, none)).toBe(
      true,
    );
  });

  it("lets the author's followers read a followers recipe, not others", () => {
    const recipe = { authorId: 7, visibility: "followers", withheld: false } as const;
    expect(canReadRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(true);
    expect(canReadRecipe(cook, recipe, none)).toBe(false);
    expect(canReadRecipe(null, recipe, none)).toBe(false);
  });

  it("lets only the author and superusers read a private recipe, and a list's or planner's cooks read it", () => {
    const recipe = { authorId: 7, visibility: "private", withheld: false } as const;
    expect(canReadRecipe({ id: 7, isSuperuser: false }, recipe, none)).toBe(true);
    expect(canReadRecipe({ id: 9, isSuperuser: true }, recipe, none)).toBe(true);
    expect(canReadRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(false);
    expect(canReadRecipe(cook, recipe, { ...none, plannedForViewer: true })).toBe(true);
    expect(canActOnRecipe(cook, recipe, { ...none, followsAuthor: true })).toBe(false);
  });

  it("lets only the author and superusers read a withheld recipe (hidden, or its author disabled)", () => {
    const recipe = { authorId: 7, visibility: "public", withheld: true } as const;
    const facts = { followsAuthor: true, plannedForViewer: true };
    expect(canReadRecipe({ id: 7, isSuperuser: false }, recipe, none)).toBe(true);
    expect(canReadRecipe({ id: 9, isSuperuser: true }, recipe, none)).toBe(true);
    expect(canReadRecipe(cook, recipe, facts)).toBe(false);
    expect(canReadRecipe(null, recipe, none)).toBe(false);
    expect(canActOnRecipe(cook, recipe, facts)).toBe(false);
  });

  it("has an SQL form that is a constant for superusers and public only signed out", () => {
    const text = (sql: ReturnType<typeof mayReadRecipe>) => new PgDialect().sqlToQuery(sql).sql;
    expect(text(mayReadRecipe(null))).toMatch(
      /^r\.visibility = 'public' and \(r\.hidden_at is null/,
    );
    expect(text(mayReadRecipe({ id: 1, isSuperuser: true }))).toBe("true");
    expect(text(mayActOnRecipe({ id: 1, isSuperuser: true }))).toBe("true");
  });
});
