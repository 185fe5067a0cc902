import type { Viewer } from "../auth/policy.js";

// Who may report and who may disable (decision 0033): the one rule each, which the report and
// admin routes apply and the presenters hand to the web (can_report, can_block), so the web
// never compares usernames.

/** Reporting a recipe, a comment or a cook: anyone signed in, but never their own or themselves. */
export function canReport(viewer: Viewer, authorId: number): boolean {
  return viewer !== null && viewer.id !== authorId;
}

/** A moderator disabling or enabling a cook: anyone but themselves. */
export function canDisableCook(moderator: { id: number }, cookId: number): boolean {
  return moderator.id !== cookId;
}
