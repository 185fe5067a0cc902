import { useId } from "react";
import { BlockCookButton } from "../../../components/block-cook-button";
import { CookLink } from "../../../components/cook-link";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { useBlockedCooks } from "../../../lib/blocks";

/** Settings: the cooks I blocked, each with Unblock (decision 0032). */
export function BlockedCooksCard() {
  const blocked = useBlockedCooks();
  const headingId = useId();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Blocked cooks</h2>
      <p className="muted small">
        They can't follow you, comment on, rate or like what you share, or add you to a list or
        planner, and you don't see each other's comments and reviews. Block a cook from their
        profile or their comments.
      </p>
      {blocked.isPending ? (
        <Loading />
      ) : blocked.isError ? (
        <LoadError
          text="Your blocked cooks could not be loaded."
          onRetry={() => void blocked.refetch()}
          retrying={blocked.isFetching}
        />
      ) : blocked.data.length === 0 ? (
        <p className="muted">You haven't blocked anyone.</p>
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
