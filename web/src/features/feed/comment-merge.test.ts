import type { FeedComment } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { withPendingComments, withSavedComment } from "./comment-merge";

const comment = (id: number, text = `comment ${id}`): FeedComment => ({
  id,
  text,
  user_username: "ann",
  created_at: "2025-05-06T10:00:00.000Z",
  can_edit: true,
  can_report: false,
});

describe("withPendingComments", () => {
  it("keeps a comment posted before the list arrived, after the listed ones", () => {
    const listed = [comment(1), comment(2)];
    expect(withPendingComments(listed, [comment(-1, "mine")])).toEqual([
      ...listed,
      comment(-1, "mine"),
    ]);
  });

  it("is the listed comments when nothing is on its way", () => {
    const listed = [comment(1)];
    expect(withPendingComments(listed, undefined)).toBe(listed);
    expect(withPendingComments(listed, [comment(7)])).toBe(listed);
  });
});

describe("withSavedComment", () => {
  it("puts the saved comment in the place of its pending copy", () => {
    expect(withSavedComment([comment(1), comment(-3), comment(-4)], -3, comment(9))).toEqual([
      comment(1),
      comment(9),
      comment(-4),
    ]);
  });

  it("adds it at the end when a loaded list replaced the pending copy", () => {
    expect(withSavedComment([comment(1)], -3, comment(9))).toEqual([comment(1), comment(9)]);
  });

  it("never shows it twice when the loaded list already has it", () => {
    expect(withSavedComment([comment(1), comment(9), comment(-3)], -3, comment(9))).toEqual([
      comment(1),
      comment(9),
    ]);
  });
});
