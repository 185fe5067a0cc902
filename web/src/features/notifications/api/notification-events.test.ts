import { unreadCountEvent } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import {
  parseUnreadCount,
  REOPEN_DELAY_MAX_MS,
  REOPEN_DELAY_MS,
  reopenDelay,
} from "./notification-events";

describe("parseUnreadCount", () => {
  it("reads an unread event's count, as the contract's schema does", () => {
    for (const data of ['{"unread_count":3}', '{"unread_count":0,"extra":1}']) {
      expect(parseUnreadCount(data)).toBe(unreadCountEvent.parse(JSON.parse(data)).unread_count);
    }
  });

  it("ignores what is not an unread count", () => {
    for (const data of [
      "",
      "not json",
      "null",
      "[]",
      "{}",
      '{"unread_count":"3"}',
      '{"unread_count":-1}',
      '{"unread_count":1.5}',
      undefined,
    ]) {
      expect(parseUnreadCount(data)).toBeNull();
    }
  });
});

describe("reopenDelay", () => {
  it("waits longer after each refusal in a row, up to a minute", () => {
    expect(reopenDelay(1)).toBe(REOPEN_DELAY_MS);
    expect(reopenDelay(2)).toBe(2 * REOPEN_DELAY_MS);
    expect(reopenDelay(3)).toBe(4 * REOPEN_DELAY_MS);
    expect(reopenDelay(50)).toBe(REOPEN_DELAY_MAX_MS);
  });
});
