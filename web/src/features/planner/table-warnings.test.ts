import type { TableWarning } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { groupWarnings } from "./table-warnings";

const none = { allergen: null, diet: null, ingredient: null };
const warning = (person_id: number, name: string, fields: Partial<TableWarning>): TableWarning => ({
  person_id,
  name,
  kind: "allergen",
  ...none,
  ...fields,
});

describe("a meal's warnings", () => {
  it("are one per thing, naming everyone it does not suit, the gravest first", () => {
    const groups = groupWarnings([
      warning(1, "Vera", { kind: "diet", diet: "vegetarian" }),
      warning(1, "Vera", { kind: "dislike", ingredient: { id: 7, name: "Mushroom" } }),
      warning(2, "Mia", { kind: "allergen", allergen: "peanuts" }),
      warning(3, "Leo", { kind: "allergen", allergen: "milk" }),
      warning(4, "Ada", { kind: "allergen", allergen: "peanuts" }),
      warning(3, "Leo", { kind: "may_contain" }),
      warning(4, "Ada", { kind: "diet", diet: "vegetarian" }),
    ]);
    expect(groups.map((group) => [group.kind, group.names])).toEqual([
      ["allergen", ["Mia", "Ada"]],
      ["allergen", ["Leo"]],
      ["may_contain", ["Leo"]],
      ["diet", ["Vera", "Ada"]],
      ["dislike", ["Vera"]],
    ]);
    expect(groups[0]).toMatchObject({ allergen: "peanuts", diet: null, ingredient: null });
    expect(groups[4]?.ingredient).toEqual({ id: 7, name: "Mushroom" });
  });

  it("are none for a meal that suits everyone", () => {
    expect(groupWarnings([])).toEqual([]);
  });
});
