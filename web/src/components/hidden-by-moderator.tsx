import "./moderation.css";

/** On a recipe or comment a moderator hid, shown to its author (and moderators) only. */
export function HiddenByModerator({ what }: { what: "recipe" | "comment" }) {
  return (
    <p className="moderation-notice" title={`Only its author and moderators can see this ${what}.`}>
      Hidden by a moderator
      <span className="visually-hidden">: only its author and moderators can see this {what}.</span>
    </p>
  );
}
