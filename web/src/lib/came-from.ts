import { useMemo } from "react";
import { useLocation } from "react-router";
import { t } from "./i18n";

// Where the cook came from (issue 34 §19): a recipe page's back link names and leads to the
// page the cook opened it from ("← Back to My Recipes", "← Back to rosa", "← Back to Week
// shop"), whatever link they followed and after an edit of the recipe, defaulting to Explore
// (the spec). Pages are remembered by their title (useDocumentTitle calls rememberPage), so a
// new page needs nothing more to be gone back to.

/** A page to go back to: where it is (path and search) and what it is called. */
export interface Origin {
  path: string;
  name: string;
}

/** The spec's default: "Back to Explore" (its name read in the reader's language when used). */
export const EXPLORE: Origin = {
  path: "/explore",
  get name() {
    return t("lib.cameFrom.explore");
  },
};

/** The spec names these two ("Back to My Recipes", "Back to Explore"), not their titles. */
function specName(pathname: string): string | undefined {
  if (pathname === "/explore") return t("lib.cameFrom.explore");
  if (pathname === "/recipes") return t("lib.cameFrom.myRecipes");
  return undefined;
}

/**
 * Pages a cook passes through rather than comes from: a recipe, its forms, and signing in
 * (after an edit, the recipe's back link still leads where the cook came from before it).
 */
const PASSING_THROUGH =
  /^\/(recipes\/(new|\d+)(\/edit)?|recipe\/\d+\/[^/]+|login|signup|forgot-password|reset-password)\/?$/;

const STORE_KEY = "potluck-came-from";
/** How many history entries keep their origin: enough for a long evening's Back button. */
const KEPT = 50;

let lastPage: Origin | null = null;

/** The page now shown, under its title: the origin of the next recipe the cook opens. */
export function rememberPage(pathname: string, search: string, title: string): void {
  if (PASSING_THROUGH.test(pathname)) return;
  lastPage = { path: pathname + search, name: specName(pathname) ?? title };
}

function stored(): [string, Origin][] {
  try {
    const entries = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? "[]");
    return Array.isArray(entries) ? entries : [];
  } catch {
    return [];
  }
}

/**
 * The origin of the history entry `key`: the one it was given when first shown, so that Back,
 * Forward and a reload keep it, else the last page remembered (and it is kept for `key`).
 */
export function originFor(key: string): Origin {
  const entries = stored();
  const known = entries.find(([entry]) => entry === key)?.[1];
  if (known) return known;
  const origin = lastPage ?? EXPLORE;
  // The first page of a tab has the key "default" in every tab: nothing to keep for it.
  if (key !== "default") {
    try {
      sessionStorage.setItem(STORE_KEY, JSON.stringify([...entries, [key, origin]].slice(-KEPT)));
    } catch {
      // Storage full or refused: the link still works for this visit.
    }
  }
  return origin;
}

/** The page a recipe page's back link leads to (EXPLORE when the cook came from nowhere). */
export function useCameFrom(): Origin {
  const { key } = useLocation();
  return useMemo(() => originFor(key), [key]);
}

/** For tests: forget the last page. */
export function forgetLastPage(): void {
  lastPage = null;
}
