import type { AdminUser } from "@potluck/contract";
import { useDeferredValue, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ConfirmStep } from "../../../components/confirm-step";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
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
        <label htmlFor={searchId}>{t("moderation.users.searchLabel")}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={t("moderation.users.searchPlaceholder")}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {users.isPending ? (
        <Loading text={t("moderation.users.loading")} />
      ) : users.isError ? (
        <ErrorBox>
          <p>{t("moderation.users.loadFailed")}</p>
          <p>{reasonOf(users.error)}</p>
        </ErrorBox>
      ) : rows.length === 0 ? (
        <p className="muted">{t("moderation.users.empty")}</p>
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
          {users.isFetchingNextPage
            ? t("moderation.users.loadingMore")
            : t("moderation.users.showMore")}
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
          {user.is_superuser && (
            <span className="admin-badge">{t("moderation.users.moderator")}</span>
          )}
          {disabled && (
            <span className="admin-badge admin-badge-muted">{t("moderation.users.disabled")}</span>
          )}
        </p>
        <p className="muted small">
          {user.disabled_at
            ? t("moderation.users.joinedDisabled", {
                joined: formatTime(user.date_joined),
                disabled: formatTime(user.disabled_at),
              })
            : t("moderation.users.joined", { joined: formatTime(user.date_joined) })}
        </p>
      </div>
      {!user.can_block ? null : disabled ? (
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-label={t("moderation.users.enableLabel", { name: user.username })}
          disabled={change.isPending}
          onClick={() => mutate(false)}
        >
          {t("moderation.users.enable")}
        </button>
      ) : asking ? (
        <ConfirmStep
          question={t("moderation.questions.disableUser", { name: user.username })}
          confirmLabel={t("moderation.users.disable")}
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
          aria-label={t("moderation.users.disableLabel", { name: user.username })}
          onClick={() => ask(true)}
        >
          {t("moderation.users.disable")}
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
