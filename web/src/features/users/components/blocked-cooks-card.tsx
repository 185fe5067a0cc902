import { useId } from "react";
import { BlockCookButton } from "../../../components/block-cook-button";
import { CookLink } from "../../../components/cook-link";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { useBlockedCooks } from "../../../lib/blocks";
import { t } from "../../../lib/i18n";

/** Settings: the cooks I blocked, each with Unblock (decision 0032). */
export function BlockedCooksCard() {
  const blocked = useBlockedCooks();
  const headingId = useId();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("users.blocked.heading")}</h2>
      <p className="muted small">{t("users.blocked.intro")}</p>
      {blocked.isPending ? (
        <Loading />
      ) : blocked.isError ? (
        <LoadError
          text={t("users.blocked.loadFailed")}
          onRetry={() => void blocked.refetch()}
          retrying={blocked.isFetching}
        />
      ) : blocked.data.length === 0 ? (
        <p className="muted">{t("users.blocked.empty")}</p>
      ) : (
        <ul className="blocked-cooks-list">
          {blocked.data.map((cook) => (
            <li key={cook.username}>
              <CookLink username={cook.username} />
              <BlockCookButton username={cook.username} blocked />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
