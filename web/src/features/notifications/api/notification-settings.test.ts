import type { NotificationSettings } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { withChange } from "./notification-settings";

const off = { in_app: false, email: false };
const defaults: NotificationSettings = {
  follow: { in_app: true, email: false },
  rating: { in_app: true, email: false },
  comment: { in_app: true, email: false },
  like: { in_app: true, email: false },
  list_shared: { in_app: true, email: false },
  planner_shared: { in_app: true, email: false },
  import_done: { in_app: true, email: false },
  recipe_unavailable: { in_app: true, email: false },
};

describe("withChange", () => {
  it("changes only the channel of the kind given", () => {
    const changed = withChange(defaults, { follow: { in_app: false } });
    expect(changed.follow).toEqual(off);
    expect({ ...changed, follow: defaults.follow }).toEqual(defaults);
  });

  it("keeps the other channel of that kind", () => {
    expect(withChange(defaults, { like: { email: true } }).like).toEqual({
      in_app: true,
      email: true,
    });
  });

  it("leaves the settings it was given as they were", () => {
    withChange(defaults, { rating: off });
    expect(defaults.rating).toEqual({ in_app: true, email: false });
  });
});
