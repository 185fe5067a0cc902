import { describe, expect, it } from "vitest";
import { placeMenu } from "./use-anchored-popover";

// A phone's window and the planner's three-item menu.
const view = { width: 390, height: 844 };
const menu = { width: 176, height: 136 };

describe("placeMenu", () => {
  it("puts the menu below its button, right edges together", () => {
    expect(placeMenu({ top: 100, bottom: 132, right: 360 }, menu, view)).toEqual({
      top: 136,
      left: 184,
    });
  });

  it("flips it above the button when the window has no room below", () => {
    // The ⋯ of the last meal of a day, near the bottom of the screen.
    const placed = placeMenu({ top: 760, bottom: 792, right: 360 }, menu, view);
    expect(placed).toEqual({ top: 760 - 4 - 136, left: 184 });
    expect(placed.top + menu.height).toBeLessThanOrEqual(760);
  });

  it("right to left puts the left edges together", () => {
    expect(placeMenu({ top: 100, bottom: 132, left: 30, right: 62 }, menu, view, true)).toEqual({
      top: 136,
      left: 30,
    });
  });

  it("keeps it inside the window on every side", () => {
    // A button half off the left edge, in a window too short for the menu either way.
    const placed = placeMenu({ top: 40, bottom: 72, right: 60 }, menu, { width: 390, height: 150 });
    expect(placed.left).toBe(4);
    expect(placed.top).toBeGreaterThanOrEqual(4);
    expect(placed.top + menu.height).toBeLessThanOrEqual(150);
  });
});
