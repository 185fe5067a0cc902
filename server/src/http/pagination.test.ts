import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./pagination.js";

const decode = (values: unknown, positions: Parameters<typeof decodeCursor>[1]) =>
  decodeCursor(Buffer.from(JSON.stringify(values)).toString("base64url"), positions);

describe("decodeCursor", () => {
  it("returns the values of a cursor it made, and nothing for no cursor", () => {
    const cursor = encodeCursor(["2024-03-01T12:00:00.123456Z", 42]);
    expect(decodeCursor(cursor, ["timestamp", "bigId"])).toEqual([
      "2024-03-01T12:00:00.123456Z",
      42,
    ]);
    expect(decodeCursor(undefined, ["id"])).toBeUndefined();
  });

  it.each([
    ["not JSON", "%%%", ["id"]],
    ["the wrong length", encodeCursor([1, 2]), ["id"]],
  ] as const)("refuses %s", (_, cursor, positions) => {
    expect(() => decodeCursor(cursor, positions)).toThrow("Invalid cursor.");
  });

  it.each([
    ["id", 0],
    ["id", 2 ** 31],
    ["id", 1.5],
    ["id", "1"],
    ["bigId", 2 ** 53],
    ["int", 2 ** 31],
    ["flag", 2],
    ["score", null],
    ["micros", 1e300],
    ["timestamp", "1"],
    ["timestamp", "2024-02-30T00:00:00Z"],
    ["timestamp", "0000-01-01T00:00:00Z"],
    ["timestamp", "2024-01-01T00:00:00.1234567Z"],
    ["text", "a\u0000b"],
    ["text", "x".repeat(301)],
  ] as const)("refuses a %s of %j", (position, value) => {
    expect(() => decode([value], [position])).toThrow("Invalid cursor.");
  });

  it.each([
    ["id", 2 ** 31 - 1],
    ["bigId", Number.MAX_SAFE_INTEGER],
    ["int", -5],
    ["flag", 0],
    ["score", -0.25],
    ["micros", -1_700_000_000_000_000],
    ["timestamp", "2024-02-29T23:59:59Z"],
    ["text", "cook"],
  ] as const)("takes a %s of %j", (position, value) => {
    expect(decode([value], [position])).toEqual([value]);
  });
});
