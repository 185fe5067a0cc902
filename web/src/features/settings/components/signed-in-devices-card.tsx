import type { SignedInSession } from "@potluck/contract";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/dates";
import { t } from "../../../lib/i18n";
import { useEndOtherSessions, useEndSession, useSessions } from "../api/sessions";
import { describeUserAgent } from "../user-agent";

/** "Signed-in devices": where the cook is signed in, and a way to sign a lost phone out. */
export function SignedInDevicesCard() {
  const headingId = useId();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const failed = endOne.error ?? endOthers.error;
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("settings.devices.heading")}</h2>
      <p className="muted small">{t("settings.devices.intro")}</p>
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <LoadError
          text={t("settings.devices.loadFailed")}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <>
          <ul className="device-list">
            {sessions.data.map((session) => (
              <Device
                key={session.id}
                session={session}
                busy={endOne.isPending && endOne.variables === session.id}
                onSignOut={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
          {others.length > 0 && (
            <div className="row">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={endOthers.isPending}
                onClick={() => endOthers.mutate()}
              >
                {t("settings.devices.signOutOthers")}
              </button>
            </div>
          )}
        </>
      )}
      <p className="status-text small" role="status">
        {failed
          ? t("settings.devices.signOutFailed", { reason: reasonOf(failed) })
          : endOthers.isSuccess && others.length === 0
            ? t("settings.devices.othersSignedOut")
            : endOne.isSuccess
              ? t("settings.devices.signedOut")
              : ""}
      </p>
    </section>
  );
}

function Device({
  session,
  busy,
  onSignOut,
}: {
  session: SignedInSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const name = describeUserAgent(session.user_agent);
  return (
    <li className="device">
      <div className="device-text">
        <span className="device-name">
          {name}
          {session.current && <span className="badge">{t("settings.devices.thisDevice")}</span>}
        </span>
        <span className="muted small">
          {t("settings.devices.times", {
            signedIn: formatDateTime(session.created_on),
            lastSeen: formatDateTime(session.last_seen_on),
          })}
        </span>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn btn-small btn-secondary"
          aria-label={t("settings.devices.signOutLabel", {
            name,
            signedIn: formatDateTime(session.created_on),
          })}
          disabled={busy}
          onClick={onSignOut}
        >
          {t("settings.devices.signOut")}
        </button>
      )}
    </li>
  );
}
