import type { UserSummary } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { Loading } from "../../../components/status";
import { UserPicker } from "../../../components/user-picker";
import { useAddPlannerMember } from "../api/add-member";
import { usePlannerMembers } from "../api/get-members";
import { useLeavePlanner, useRemovePlannerMember } from "../api/remove-member";
import { fieldProblem, problemOf } from "../messages";

/**
 * The content of the planner's Share dialog, as a shopping list's: on my own planner I add
 * cooks by username and take them off; on a planner shared with me I see whose it is and may
 * leave it (`onLeft` then takes me back to mine).
 */
export function SharePanel({ owner, onLeft }: { owner: string; onLeft: () => void }) {
  if (owner) {
    return (
      <div className="share-panel">
        <p className="muted">
          {owner} shared their planner with you. You can add, move and delete meals and send them to
          your shopping lists.
        </p>
        <LeavePlanner owner={owner} onLeft={onLeft} />
      </div>
    );
  }
  return (
    <div className="share-panel">
      <p className="muted">
        Cooks you share your planner with can add, move and delete meals and send them to their
        shopping lists. Only you choose who it is shared with.
      </p>
      <AddMemberForm />
      <Members />
    </div>
  );
}

function AddMemberForm() {
  const add = useAddPlannerMember();
  const [cook, setCook] = useState<UserSummary | null>(null);
  const pickerId = useId();
  const errorId = useId();
  const usernameError = fieldProblem(add.error, "username");

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
          Could not add {add.variables}. {problemOf(add.error)}
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

function Members() {
  const members = usePlannerMembers();
  const remove = useRemovePlannerMember();
  const headingId = useId();
  return (
    <section className="people-list" aria-labelledby={headingId}>
      <h3 id={headingId}>Sharing this planner</h3>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load who shares this planner. {problemOf(members.error)}</p>
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
              {member.role === "member" && (
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
      {members.data?.length === 1 && <p className="muted">Not shared with anyone yet.</p>}
      {remove.isError && (
        <p className="alert alert-error" role="alert">
          Could not remove {remove.variables}. {problemOf(remove.error)}
        </p>
      )}
    </section>
  );
}

/** 'Leave planner' asks first; focus moves to the question's Cancel and back. */
function LeavePlanner({ owner, onLeft }: { owner: string; onLeft: () => void }) {
  const leave = useLeavePlanner();
  const confirm = useConfirmStep(owner);
  if (!confirm.asking) {
    return (
      <button
        ref={confirm.trigger}
        type="button"
        className="btn btn-danger"
        onClick={() => confirm.ask(true)}
      >
        Leave planner
      </button>
    );
  }
  return (
    <ConfirmStep
      question={`Leave ${owner}'s planner? You will no longer see it, until ${owner} shares it with you again.`}
      confirmLabel={leave.isPending ? "Leaving..." : "Yes, leave"}
      pending={leave.isPending}
      onConfirm={() => leave.mutateAsync(owner).then(onLeft, () => {})}
      onCancel={() => confirm.ask(false)}
      cancelRef={confirm.cancel}
    >
      {leave.isError && (
        <p className="alert alert-error" role="alert">
          Could not leave the planner. {problemOf(leave.error)}
        </p>
      )}
    </ConfirmStep>
  );
}
