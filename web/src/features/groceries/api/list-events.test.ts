import { LIST_CHANGE_KINDS, listChangeEvent } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { groceryKeys } from "./keys";
import { changedQueryKeys, parseListChange, resetQueryKeys } from "./list-events";

describe("changedQueryKeys", () => {
  it("refetches the shopping items after a tick", () => {
    expect(changedQueryKeys(7, "items")).toEqual([groceryKeys.items(7)]);
  });

  it("refetches the plans and the shopping items after a plan (plans change lines)", () => {
    expect(changedQueryKeys(7, "planned")).toEqual([
      groceryKeys.plannedRecipes(7),
      groceryKeys.plannedExtras(7),
      groceryKeys.items(7),
    ]);
  });

  it("refetches the list (name and notes) after a notes change", () => {
    expect(changedQueryKeys(7, "notes")).toEqual([groceryKeys.list(7)]);
  });

  it("refetches the members and the lists after a members change", () => {
    expect(changedQueryKeys(7, "members")).toEqual([groceryKeys.members(7), groceryKeys.lists()]);
  });

  it("touches only the list the change is about", () => {
    for (const kind of ["items", "planned", "notes", "members"] as const) {
      for (const key of changedQueryKeys(7, kind)) {
        expect(key).not.toContain(8);
      }
    }
  });
});

describe("resetQueryKeys", () => {
  it("refetches everything of the list and the lists", () => {
    expect(resetQueryKeys(7)).toEqual([
      groceryKeys.list(7),
      groceryKeys.items(7),
      groceryKeys.plannedRecipes(7),
      groceryKeys.plannedExtras(7),
      groceryKeys.members(7),
      groceryKeys.lists(),
    ]);
  });
});

describe("parseListChange", () => {
  it("reads a change event's data", () => {
    expect(parseListChange('{"kind":"items","by":"bob"}')).toEqual({ kind: "items", by: "bob" });
  });

  it("reads every kind the contract has, as its schema does (extra fields dropped)", () => {
    for (const kind of LIST_CHANGE_KINDS) {
      const data = JSON.stringify({ kind, by: "bob", extra: 1 });
      expect(parseListChange(data)).toEqual(listChangeEvent.parse(JSON.parse(data)));
    }
  });

  it("ignores what is not a change event", () => {
    for (const data of [
      "",
      "not json",
      "null",
      '{"kind":"items"}',
      '{"kind":"everything","by":"bob"}',
      '{"kind":"notes","by":3}',
      '{"kind":"toString","by":"bob"}',
      "[]",
      undefined,
    ]) {
      expect(parseListChange(data)).toBeNull();
    }
  });
});
