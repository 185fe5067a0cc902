import { FEED_COMMENTS_LIMIT } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { COMMENTS_LIMIT, followerText, ratingBadge } from "./format";

describe("feed texts", () => {
  it("shows a 1–10 rating as stars to one decimal", () => {
    expect(ratingBadge(7)).toBe("3.5");
    expect(ratingBadge(10)).toBe("5.0");
    expect(ratingBadge(1)).toBe("0.5");
  });

  it("says follower for exactly one", () => {
    expect(followerText(0)).toBe("0 followers");
    expect(followerText(1)).toBe("1 follower");
    expect(followerText(2)).toBe("2 followers");
  });

  it("keeps the server's comment page size", () => {
    expect(COMMENTS_LIMIT).toBe(FEED_COMMENTS_LIMIT);
  });
});
