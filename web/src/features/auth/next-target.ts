import { t } from "../../lib/i18n";

/**
 * Where login and sign-up go afterwards: the `next` query parameter the login wall sets
 * (/login?next=/recipes/7), kept only when it is a path of this site, else "/".
 */
export function nextTarget(searchParams: URLSearchParams): string {
  const next = searchParams.get("next") ?? "";
  // "//host" and "/\host" would leave the site.
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}

/** `path` with the `next` target carried on, when there is one to carry. */
export function withNext(path: string, next: string): string {
  if (next === "/") return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}next=${encodeURIComponent(next)}`;
}

/** A recipe's page: /recipe/{id}/{slug} or /recipes/{id}, not its edit form. */
const RECIPE_PAGE = /^\/(recipe\/\d+\/[^/?#]*|recipes\/\d+)\/?(?:[?#]|$)/;

/** Why the login wall stopped the visitor, for the target they were going to; null for none. */
export function wallReason(next: string): string | null {
  return RECIPE_PAGE.test(next) ? t("auth.wall.readRecipe") : null;
}
