import type { NotificationChannelSetting, NotificationKind } from "@potluck/contract";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from "@potluck/contract/limits";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from "../api/notification-settings";
import { settingSavedText } from "../format";
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
      <h2 id={headingId}>Notifications</h2>
      <p className="muted small">
        What you are told about, in the app and by email. An email is a digest of what the app shows
        you, one an hour at most: a kind has to be in the app to come by email.
      </p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError
          text="Your notification settings could not be loaded."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <div className="notification-settings-kinds">
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className="notification-kind">
              <legend>{NOTIFICATION_KIND_LABELS[kind]}</legend>
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
                  <span>In the app</span>
                </label>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={settings.data[kind].email}
                    disabled={!settings.data[kind].in_app}
                    onChange={(event) => change(kind, { email: event.target.checked })}
                  />
                  <span>By email</span>
                </label>
              </div>
            </fieldset>
          ))}
        </div>
      )}
      <p id={statusId} className="status-text small" role="status">
        {update.isPending
          ? "Saving..."
          : update.isError
            ? `Could not save your notification settings: ${reasonOf(update.error)}`
            : update.isSuccess
              ? settingSavedText(update.variables)
              : ""}
      </p>
    </section>
  );
}
