import { NOTIFICATION_KINDS, type Notification } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { badgeText, bellLabel } from "./bell-text";
import {
  actorsText,
  notificationHref,
  notificationText,
  settingSavedText,
  timeAgo,
} from "./format";

const LASAGNE = { id: 7, slug: "lasagne", title: "Lasagne" };

const notification = (change: Partial<Notification>): Notification => ({
  id: 1,
  kind: "follow",
  actors: ["ana"],
  actor_count: 1,
  recipe: null,
  feed_item_id: null,
  grocery_list: null,
  import_id: null,
  recipe_title: null,
  liked: null,
  created_on: "2026-11-26T20:00:00.000Z",
  read: false,
  ...change,
});

describe("notificationText", () => {
  it("names a planned recipe that is no longer available, and leads to the planner", () => {
    const gone = notification({ kind: "recipe_unavailable", actors: [], recipe_title: "Chili" });
    expect(notificationText(gone)).toBe(
      "Chili is no longer available: its cook deleted their account",
    );
    expect(notificationHref(gone)).toBe("/planner");
  });

  it("says who followed", () => {
    expect(notificationText(notification({ kind: "follow" }))).toBe("ana followed you");
  });

  it("says which recipe was rated", () => {
    expect(notificationText(notification({ kind: "rating", recipe: LASAGNE }))).toBe(
      "ana rated Lasagne",
    );
  });

  it("says what was commented on", () => {
    expect(
      notificationText(notification({ kind: "comment", recipe: LASAGNE, feed_item_id: 3 })),
    ).toBe("ana commented on Lasagne");
  });

  it("groups likes: the newest liker and how many others", () => {
    expect(
      notificationText(
        notification({
          kind: "like",
          actors: ["ana", "ben", "cy"],
          actor_count: 4,
          recipe: LASAGNE,
          feed_item_id: 3,
          liked: "recipe",
        }),
      ),
    ).toBe("ana and 3 others liked your recipe Lasagne");
    expect(
      notificationText(
        notification({ kind: "like", actors: ["ana"], recipe: LASAGNE, feed_item_id: 3 }),
      ),
    ).toBe("ana liked your post about Lasagne");
  });

  it("says what was liked: the recipe, or the rating of it (issue 35 §3)", () => {
    const like = (liked: Notification["liked"]) =>
      notificationText(notification({ kind: "like", recipe: LASAGNE, feed_item_id: 3, liked }));
    expect(like("recipe")).toBe("ana liked your recipe Lasagne");
    expect(like("rating")).toBe("ana liked your rating of Lasagne");
  });

  it("names the list shared", () => {
    expect(
      notificationText(
        notification({ kind: "list_shared", grocery_list: { id: 4, name: "Weekly shop" } }),
      ),
    ).toBe("ana shared the list Weekly shop with you");
  });

  it("says a planner was shared", () => {
    expect(notificationText(notification({ kind: "planner_shared" }))).toBe(
      "ana shared their planner with you",
    );
  });

  it("says an import finished", () => {
    expect(notificationText(notification({ kind: "import_done", actors: [], import_id: 9 }))).toBe(
      "Your import finished",
    );
  });

  it("still reads when the recipe or list can no longer be read", () => {
    expect(notificationText(notification({ kind: "rating" }))).toBe(
      "ana rated one of your recipes",
    );
    expect(notificationText(notification({ kind: "comment", feed_item_id: 3 }))).toBe(
      "ana commented in your feed",
    );
    expect(notificationText(notification({ kind: "like", feed_item_id: 3 }))).toBe(
      "ana liked your post",
    );
    expect(notificationText(notification({ kind: "list_shared" }))).toBe(
      "ana shared a shopping list with you",
    );
  });

  it("has a text for every kind of the contract", () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(notificationText(notification({ kind, recipe: LASAGNE }))).not.toBe("");
    }
  });
});

describe("actorsText", () => {
  it("names one, two, or the newest and how many others", () => {
    expect(actorsText(["ana"], 1)).toBe("ana");
    expect(actorsText(["ana", "ben"], 2)).toBe("ana and ben");
    expect(actorsText(["ana"], 2)).toBe("ana and 1 other");
    expect(actorsText(["ana", "ben", "cy"], 3)).toBe("ana and 2 others");
    expect(actorsText(["ana", "ben", "cy"], 12)).toBe("ana and 11 others");
  });

  it("says 'Someone' when no actor is left", () => {
    expect(actorsText([], 0)).toBe("Someone");
    expect(actorsText([], 3)).toBe("Someone");
  });
});

describe("notificationHref", () => {
  it("leads a follow to the follower's profile", () => {
    expect(notificationHref(notification({ kind: "follow", actors: ["ana b"] }))).toBe(
      "/cooks/ana%20b",
    );
  });

  it("leads a rating to the recipe", () => {
    expect(notificationHref(notification({ kind: "rating", recipe: LASAGNE }))).toBe(
      "/recipe/7/lasagne",
    );
  });

  it("leads comments and likes to the feed item, opened", () => {
    for (const kind of ["comment", "like"] as const) {
      expect(notificationHref(notification({ kind, recipe: LASAGNE, feed_item_id: 3 }))).toBe(
        "/?item=3",
      );
    }
  });

  it("leads a shared list to the list, a shared planner to its owner's planner", () => {
    expect(
      notificationHref(
        notification({ kind: "list_shared", grocery_list: { id: 4, name: "Weekly shop" } }),
      ),
    ).toBe("/grocery-list/4");
    expect(notificationHref(notification({ kind: "planner_shared", actors: ["ana"] }))).toBe(
      "/planner?planner=ana",
    );
  });

  it("leads a finished import to its report", () => {
    expect(notificationHref(notification({ kind: "import_done", import_id: 9 }))).toBe(
      "/recipes/import?import=9",
    );
  });

  it("leads nowhere when the recipe can no longer be read", () => {
    expect(notificationHref(notification({ kind: "rating" }))).toBeNull();
    expect(notificationHref(notification({ kind: "comment", feed_item_id: 3 }))).toBeNull();
  });
});

describe("the bell", () => {
  it("says the unread count in its name", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
  });

  it("keeps its badge short", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2026-11-26T20:00:00.000Z");
  const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);

  it("says how long ago, then the date", () => {
    expect(ago(20_000)).toBe("just now");
    expect(ago(5 * 60_000)).toBe("5 min ago");
    expect(ago(3 * 3_600_000)).toBe("3 h ago");
    expect(ago(30 * 3_600_000)).toBe("yesterday");
    expect(ago(4 * 86_400_000)).toBe("4 days ago");
    expect(ago(40 * 86_400_000)).toBe("17 Oct 2026");
  });

  it("says nothing of a time it can't read", () => {
    expect(timeAgo("not a time", now)).toBe("");
  });
});

describe("settingSavedText", () => {
  it("says what the box ticked changed", () => {
    expect(settingSavedText({ follow: { in_app: false } })).toBe(
      "Saved: New followers won't show in the app.",
    );
    expect(settingSavedText({ comment: { email: true } })).toBe(
      "Saved: Comments will come by email.",
    );
  });

  it("says just 'Saved.' of anything else", () => {
    expect(settingSavedText({})).toBe("Saved.");
    expect(settingSavedText({ like: {} })).toBe("Saved.");
  });
});
