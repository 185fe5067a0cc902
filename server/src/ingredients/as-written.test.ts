import { describe, expect, it } from "vitest";
import { cutAtWord, keptAsWritten, textAfterAmount } from "./as-written.js";

describe("textAfterAmount", () => {
  it("is the line after its amount, as typed", () => {
    expect(textAfterAmount("500 g Mystery flour")).toBe("Mystery flour");
    expect(textAfterAmount("500g mystery flour")).toBe("mystery flour");
    expect(textAfterAmount("1 1/2 kg mystery flour")).toBe("mystery flour");
    expect(textAfterAmount("3 large bin bags")).toBe("large bin bags");
    expect(textAfterAmount("2 rolls paper towels")).toBe("rolls paper towels");
  });

  it("is nothing when no words are left after the amount", () => {
    expect(textAfterAmount("500")).toBeUndefined();
    expect(textAfterAmount("2 ½")).toBeUndefined();
  });
});

describe("keptAsWritten", () => {
  it("keeps the words after an amount at the line's start, with that amount", () => {
    expect(keptAsWritten("2 cups mystery flour")).toEqual({
      text: "mystery flour",
      quantity: 2,
      unit: "cup",
      note: null,
    });
    expect(keptAsWritten("a handful of fresh herbs")).toEqual({
      text: "fresh herbs",
      quantity: 1,
      unit: "handful",
      note: null,
    });
    // What follows a comma and only says how it is prepared is the row's note (issue 34 §7).
    expect(keptAsWritten("2 large zorblax, beaten")).toEqual({
      text: "large zorblax",
      quantity: 2,
      unit: "piece",
      note: "beaten",
    });
  });

  it("keeps the whole line, without an amount, when splitting it would lose words", () => {
    for (const line of [
      "salt and pepper",
      "zest of 1 lemon",
      "1 (14 oz) can coconut milk",
      "2-3 tbsp zorblax",
      "2 heaped tbsp cocoa nibs",
    ]) {
      expect(keptAsWritten(line)).toEqual({ text: line, quantity: null, unit: null, note: null });
    }
  });

  it("cuts a line longer than a row holds at a word", () => {
    const long = `${"fresh herbs ".repeat(20)}and more`;
    const kept = keptAsWritten(long);
    expect(kept.text.length).toBeLessThanOrEqual(200);
    // Whole words only: what is kept is the line's start, up to a space.
    expect(kept.text.endsWith("…")).toBe(true);
    const start = kept.text.slice(0, -1);
    expect(long.startsWith(`${start} `)).toBe(true);
    expect(cutAtWord("short", 200)).toBe("short");
  });
});
