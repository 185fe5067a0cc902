import { Link } from "react-router";
import { t } from "../lib/i18n";

/** Where a cook's profile is: `/cooks/{username}`. */
export const cookPath = (username: string) => `/cooks/${encodeURIComponent(username)}`;

/** A cook's name, linked to their profile; "Unknown" (not a link) when there is no name. */
export function CookLink({ username, className }: { username: string; className?: string }) {
  if (!username) return <>{t("components.cookLink.unknown")}</>;

  return (
    <Link to={cookPath(username)} className={className ?? "cook-link"}>
      {username}
    </Link>
  );
}
