import type { AdminUser } from "@potluck/contract";
import { useDeferredValue, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ConfirmStep } from "../../../components/confirm-step";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { useAdminUsers } from "../api/get-users";
import { useSetUserDisabled } from "../api/set-user-disabled";
import { formatTime } from "../labels";

/** Cooks by name, with Disable / Enable. */
export function AdminUsers() {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const users = useAdminUsers(deferred);
  const searchId = useId();
  const rows = users.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <div className="field admin-search">
        <label htmlFor={searchId}>Search cooks</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Username or first name"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {users.isPending ? (
        <Loading text="Loading cooks..." />
      ) : users.isError ? (
        <ErrorBox>
          <p>Failed to load cooks.</p>
          <p>{reasonOf(users.error)}</p>
        </ErrorBox>
      ) : rows.length === 0 ? (
        <p className="muted">No cooks match.</p>
      ) : (
        <ul className="admin-list">
          {rows.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
      {users.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {users.isFetchingNextPage ? "Loading..." : "Show more cooks"}
        </button>
      )}
    </>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const change = useSetUserDisabled();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const ask = (yes: boolean) => {
    flushSync(() => setAsking(yes));
    (yes ? cancel : trigger).current?.focus();
  };
  const disabled = user.disabled_at !== null;
  const mutate = (disable: boolean) => {
    setError(null);
    change.mutate(
      { username: user.username, disabled: disable },
      {
        onSuccess: () => setAsking(false),
        onError: (failure) => setError(reasonOf(failure)),
      },
    );
  };
  return (
    <li className="admin-card admin-user">
      <div>
        <p className="admin-card-title">
          <Link to={`/cooks/${encodeURIComponent(user.username)}`}>{user.username}</Link>
          {user.first_name && <span className="muted"> ({user.first_name})</span>}
          {user.is_superuser && <span className="admin-badge">Moderator</span>}
          {disabled && <span className="admin-badge admin-badge-muted">Disabled</span>}
        </p>
        <p className="muted small">
          Joined {formatTime(user.date_joined)}
          {user.disabled_at && <> · disabled {formatTime(user.disabled_at)}</>}
        </p>
      </div>
      {!user.can_block ? null : disabled ? (
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-label={`Enable ${user.username}`}
          disabled={change.isPending}
          onClick={() => mutate(false)}
        >
          Enable
        </button>
      ) : asking ? (
        <ConfirmStep
          question={`Disable ${user.username}? They are signed out, can't sign in, and everything they wrote is hidden.`}
          confirmLabel="Disable"
          pending={change.isPending}
          cancelRef={cancel}
          onCancel={() => ask(false)}
          onConfirm={() => mutate(true)}
        />
      ) : (
        <button
          ref={trigger}
          type="button"
          className="btn btn-danger btn-small"
          aria-label={`Disable ${user.username}`}
          onClick={() => ask(true)}
        >
          Disable
        </button>
      )}
      {error && (
        <ErrorBox>
          <p>{error}</p>
        </ErrorBox>
      )}
    </li>
  );
}
