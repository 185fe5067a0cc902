import { t } from "../lib/i18n";
import "./moderation.css";

/** On a recipe or comment a moderator hid, shown to its author (and moderators) only. */
export function HiddenByModerator({ what }: { what: "recipe" | "comment" }) {
  return (
    <p className="moderation-notice" title={t("components.hiddenByModerator.title", { what })}>
      {t("components.hiddenByModerator.notice")}
      <span className="visually-hidden">
        {t("components.hiddenByModerator.explained", { what })}
      </span>
    </p>
  );
}
