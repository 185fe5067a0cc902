import type { GroceryListSummary, UserSummary } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { Loading } from "../../../components/status";
import { UserPicker } from "../../../components/user-picker";
import { reasonOf } from "../../../lib/api-client";
import { useAddListMember } from "../api/add-list-member";
import { useListMembers } from "../api/get-list-members";
import { useLeaveGroceryList, useRemoveListMember } from "../api/remove-list-member";
import { fieldError } from "../format";

/**
 * The content of the Share dialog. The owner adds cooks by username and removes them; a
 * member sees who is on the list and may leave it (`onLeft` then takes them elsewhere).
 */
export function SharePanel({
  list,
  myUsername,
  onLeft,
}: {
  list: GroceryListSummary;
  myUsername: string;
  onLeft: () => void;
}) {
  const isOwner = list.can_manage;
  return (
    <div className="share-panel">
      <p className="muted">
        {isOwner
          ? "Cooks you share this list with can tick items, plan recipes and extras and edit the notes. Only you can delete the list."
          : `${list.owner_username} shared this list with you. You can tick items, plan recipes and extras and edit the notes.`}
      </p>
      {isOwner && <AddMemberForm listId={list.id} />}
      <Members listId={list.id} isOwner={isOwner} />
      {!isOwner && <LeaveList list={list} myUsername={myUsername} onLeft={onLeft} />}
    </div>
  );
}

function AddMemberForm({ listId }: { listId: number }) {
  const add = useAddListMember(listId);
  const [cook, setCook] = useState<UserSummary | null>(null);
  const pickerId = useId();
  const errorId = useId();
  // A 400 names what is wrong with the username: it goes under the picker.
  const usernameError = fieldError(add.error, "username");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cook) add.mutate(cook.username, { onSuccess: () => setCook(null) });
  };

  return (
    <form className="share-add" onSubmit={onSubmit}>
      <div className="share-add-row">
        <div className="field">
          <label htmlFor={pickerId}>Add a cook</label>
          <UserPicker
            inputId={pickerId}
            value={cook}
            onChange={(user) => {
              setCook(user);
              add.reset();
            }}
            errorId={usernameError ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!cook || add.isPending}>
          {add.isPending ? "Adding..." : "Add"}
        </button>
      </div>
      {usernameError && (
        <p id={errorId} className="field-error" role="alert">
          {usernameError}
        </p>
      )}
      {add.isError && !usernameError && (
        <p className="alert alert-error" role="alert">
          Could not add {add.variables}. {reasonOf(add.error)}
        </p>
      )}
      {add.isSuccess && (
        <p className="muted" role="status">
          Shared with {add.variables}.
        </p>
      )}
    </form>
  );
}

function Members({ listId, isOwner }: { listId: number; isOwner: boolean }) {
  const members = useListMembers(listId);
  const remove = useRemoveListMember(listId);
  const headingId = useId();
  return (
    <section className="people-list" aria-labelledby={headingId}>
      <h3 id={headingId}>On this list</h3>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load who is on this list. {reasonOf(members.error)}</p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void members.refetch()}
          >
            Retry
          </button>
        </div>
      ) : (
        <ul>
          {members.data.map((member) => (
            <li key={member.username}>
              <span className="follow-name">
                {member.role === "owner" ? `${member.username} (owner)` : member.username}
              </span>
              {isOwner && member.role === "member" && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`Remove ${member.username}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(member.username)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOwner && members.data?.length === 1 && (
        <p className="muted">Not shared with anyone yet.</p>
      )}
      {remove.isError && (
        <p className="alert alert-error" role="alert">
          Could not remove {remove.variables}. {reasonOf(remove.error)}
        </p>
      )}
    </section>
  );
}

/** 'Leave list' asks first; focus moves to the question's Cancel and back. */
function LeaveList({
  list,
  myUsername,
  onLeft,
}: {
  list: GroceryListSummary;
  myUsername: string;
  onLeft: () => void;
}) {
  const leave = useLeaveGroceryList(list.id);
  const confirm = useConfirmStep(list.id);

  if (!confirm.asking) {
    return (
      <button
        ref={confirm.trigger}
        type="button"
        className="btn btn-danger"
        onClick={() => confirm.ask(true)}
      >
        Leave list
      </button>
    );
  }
  return (
    <ConfirmStep
      question={`Leave ${list.name}? It will no longer be in your lists, until ${list.owner_username} shares it with you again.`}
      confirmLabel={leave.isPending ? "Leaving..." : "Yes, leave"}
      pending={leave.isPending}
      // Not mutate's onSuccess: leaving drops the list from the picker, which closes this
      // panel, and mutate's callbacks don't run once their component is gone. The failure
      // itself is shown below from leave.isError.
      onConfirm={() => leave.mutateAsync(myUsername).then(onLeft, () => {})}
      onCancel={() => confirm.ask(false)}
      cancelRef={confirm.cancel}
    >
      {leave.isError && (
        <p className="alert alert-error" role="alert">
          Could not leave the list. {reasonOf(leave.error)}
        </p>
      )}
    </ConfirmStep>
  );
}
