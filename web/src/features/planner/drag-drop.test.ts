import type { ClientRect } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { nextCell } from "./drag-drop";

const rect = (left: number, top: number, width = 100, height = 50): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

// A week on a wide screen: 3 days side by side, 2 slots each (rows).
const grid = [0, 1, 2].flatMap((day) =>
  [0, 1].map((slot) => ({ id: `${day}-${slot}`, rect: rect(day * 110, slot * 60) })),
);

describe("nextCell", () => {
  it("steps to the next day on the same row, and back", () => {
    expect(nextCell(rect(0, 0), { x: 1, y: 0 }, grid)?.id).toBe("1-0");
    expect(nextCell(rect(110, 60), { x: -1, y: 0 }, grid)?.id).toBe("0-1");
  });

  it("steps to the next slot of the same day", () => {
    expect(nextCell(rect(110, 0), { x: 0, y: 1 }, grid)?.id).toBe("1-1");
  });

  it("finds nothing past the edge", () => {
    expect(nextCell(rect(220, 0), { x: 1, y: 0 }, grid)).toBeNull();
    expect(nextCell(rect(0, 0), { x: 0, y: -1 }, grid)).toBeNull();
  });

  it("walks down a phone's day list into the next day", () => {
    // One column: day 0's two slots, then day 1's, each slot a row.
    const column = ["0-0", "0-1", "1-0", "1-1"].map((id, row) => ({
      id,
      rect: rect(0, row * 60, 300),
    }));
    expect(nextCell(rect(0, 60, 300), { x: 0, y: 1 }, column)?.id).toBe("1-0");
    expect(nextCell(rect(0, 60, 300), { x: 1, y: 0 }, column)).toBeNull();
  });
});
