import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { canEditRecipe, canReadRecipe, mayReadRecipe } from "./policy.js";

describe("canEditRecipe", () => {
  const recipe = { authorId: 7 };
  it("allows the author and a superuser, no one else", () => {
    expect(canEditRecipe({ id: 7, isSuperuser: false }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: true }, recipe)).toBe(true);
    expect(canEditRecipe({ id: 8, isSuperuser: false }, recipe)).toBe(false);
    expect(canEditRecipe(null, recipe)).toBe(false);
  });
});

describe("canReadRecipe and mayReadRecipe", () => {
  it("let everyone read every recipe, signed in or not", () => {
    expect(canReadRecipe(null, { authorId: 7 })).toBe(true);
    expect(canReadRecipe({ id: 8, isSuperuser: false }, { authorId: 7 })).toBe(true);
    expect(new PgDialect().sqlToQuery(mayReadRecipe(null)).sql).toBe("true");
  });
});
