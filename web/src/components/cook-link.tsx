import { Link } from "react-router";

/** Where a cook's profile is: `/cooks/{username}`. */
export const cookPath = (username: string) => `/cooks/${encodeURIComponent(username)}`;

/** A cook's name, linked to their profile; "Unknown" (not a link) when there is no name. */
export function CookLink({ username, className }: { username: string; className?: string }) {
  if (!username) return <>Unknown</>;
  return (
    <Link to={cookPath(username)} className={className ?? "cook-link"}>
      {username}
    </Link>
  );
}
