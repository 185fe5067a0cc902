import { unreadCountEvent } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { parseUnreadCount } from "./notification-events";

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
