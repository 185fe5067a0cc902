import type { NotificationChannelSetting, NotificationKind } from "@potluck/contract";
import { NOTIFICATION_KINDS } from "@potluck/contract/limits";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from "../api/notification-settings";
import { kindLabel, settingSavedText } from "../format";
import "./notifications.css";

/**
 * "Notifications" in the settings: for every kind, whether it shows in the app (the bell) and
 * whether it comes by email (at most one digest an hour). Saved as soon as a box is ticked.
 */
export function NotificationSettingsCard() {
  const headingId = useId();
  const statusId = useId();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const change = (kind: NotificationKind, part: Partial<NotificationChannelSetting>) =>
    update.mutate({ [kind]: part });

  return (
    <section
      id="notifications"
      className="card settings-card notification-settings"
      aria-labelledby={headingId}
      aria-describedby={statusId}
    >
      <h2 id={headingId}>{t("notifications.settings.heading")}</h2>
      <p className="muted small">{t("notifications.settings.intro")}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError
          text={t("notifications.settings.loadFailed")}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <div className="notification-settings-kinds">
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className="notification-kind">
              <legend>{kindLabel(kind)}</legend>
              <div className="notification-kind-channels">
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={settings.data[kind].in_app}
                    onChange={(event) =>
                      // Off in the app is off by email too: the digest lists what the app shows.
                      change(
                        kind,
                        event.target.checked ? { in_app: true } : { in_app: false, email: false },
                      )
                    }
                  />
                  <span>{t("notifications.settings.inApp")}</span>
                </label>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={settings.data[kind].email}
                    disabled={!settings.data[kind].in_app}
                    onChange={(event) => change(kind, { email: event.target.checked })}
                  />
                  <span>{t("notifications.settings.byEmail")}</span>
                </label>
              </div>
            </fieldset>
          ))}
        </div>
      )}
      <p id={statusId} className="status-text small" role="status">
        {update.isPending
          ? t("notifications.settings.saving")
          : update.isError
            ? t("notifications.settings.saveFailed", { reason: reasonOf(update.error) })
            : update.isSuccess
              ? settingSavedText(update.variables)
              : ""}
      </p>
    </section>
  );
}
