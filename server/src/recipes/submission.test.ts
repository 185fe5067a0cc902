import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors.js";
import { parseIngredientRows, type RawSubmission, validateSubmission } from "./submission.js";

const raw = (
  fields: Record<string, string>,
  extra: Partial<RawSubmission> = {},
): RawSubmission => ({
  fields: new Map(Object.entries(fields)),
  truncated: new Set(),
  ...extra,
});

const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, body: error.body };
    throw error;
  }
  throw new Error("expected a validation error");
};

describe("parseIngredientRows", () => {
  it("reads rows with quantities per serving, numbers given as text too", () => {
    expect(
      parseIngredientRows(
        '[{"ingredient_id": 3, "quantity": 0.25, "unit_id": "7"}, {"ingredient_id": "4", "quantity": "62.5", "unit_id": 1}]',
      ),
    ).toEqual({
      rows: [
        { ingredient_id: 3, quantity: 0.25, unit_id: 7 },
        { ingredient_id: 4, quantity: 62.5, unit_id: 1 },
      ],
    });
    expect(parseIngredientRows("")).toEqual({ rows: [] });
    expect(parseIngredientRows("[]")).toEqual({ rows: [] });
  });

  it("names the row and field of each problem", () => {
    expect(
      parseIngredientRows(
        '[{"ingredient_id": 1, "quantity": 1, "unit_id": 1}, {"ingredient_id": 1, "quantity": 0, "unit_id": 1.5}]',
      ),
    ).toEqual({
      errors: [
        "Row 2: quantity: Ensure this value is greater than 0.",
        expect.stringMatching(/^Row 2: unit_id: /),
      ],
    });
    expect(parseIngredientRows('[{"quantity": 1}]')).toMatchObject({
      errors: [
        expect.stringMatching(/^Row 1: ingredient_id: /),
        expect.stringMatching(/^Row 1: unit_id: /),
      ],
    });
    expect(parseIngredientRows("[1]")).toMatchObject({
      errors: [expect.stringMatching(/^Row 1: /)],
    });
  });

  it("refuses what is not a JSON list of at most 100 rows", () => {
    expect(parseIngredientRows("{oops")).toEqual({
      errors: [expect.stringMatching(/Invalid JSON/)],
    });
    expect(parseIngredientRows('{"a": 1}')).toEqual({ errors: [expect.stringMatching(/list/)] });
    const row = { ingredient_id: 1, quantity: 1, unit_id: 1 };
    expect(parseIngredientRows(JSON.stringify(Array(101).fill(row)))).toEqual({
      errors: ["Ensure this field has no more than 100 elements."],
    });
  });
});

describe("validateSubmission", () => {
  it("trims the title, cleans the content and reads remove_image", () => {
    const submission = validateSubmission(
      raw({ title: "  Soup ", content: "<p>Hot<script>x</script></p>", remove_image: "true" }),
      "update",
    );
    expect(submission).toMatchObject({ title: "Soup", content: "<p>Hot</p>", removeImage: true });
    // no recipe_ingredients on an update: the list stays as it is
    expect(submission.ingredients).toBeUndefined();
    expect(
      validateSubmission(raw({ title: "a", content: "<p>b</p>" }), "create").ingredients,
    ).toEqual([]);
  });

  it("reports every field problem at once", () => {
    expect(
      errorsOf(() =>
        validateSubmission(
          raw({
            title: "",
            content: "<p><script>only</script></p>",
            recipe_ingredients: "nope",
            remove_image: "yes",
          }),
          "create",
        ),
      ),
    ).toEqual({
      status: 400,
      body: {
        title: ["This field may not be blank."],
        content: ["This field may not be blank."],
        recipe_ingredients: [expect.stringMatching(/Invalid JSON/)],
        remove_image: ['Must be "true" or "false".'],
      },
    });
  });

  it("treats a field cut at the multipart size limit as too long", () => {
    const cut = raw({ title: "t", content: "<p>…</p>" }, { truncated: new Set(["content"]) });
    expect(errorsOf(() => validateSubmission(cut, "create")).body).toEqual({
      content: ["The instructions are too long: at most 100 KB."],
    });
  });
});
