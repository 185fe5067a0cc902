import type { UserSummary } from "@potluck/contract";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { reasonOf } from "../lib/api-client";
import { fieldErrorsOf } from "../lib/field-errors";
import { t } from "../lib/i18n";
import { ConfirmStep, useConfirmStep } from "./confirm-step";
import { Loading } from "./status";
import { UserPicker } from "./user-picker";

/** One of the people something is shared among: its owner, or a cook it is shared with. */
export interface SharingMember {
  username: string;
  role: "owner" | "member";
}

/** A change to who something is shared with; its variable is a username. */
type MemberChange = UseMutationResult<unknown, Error, string>;

/**
 * How one kind of shared thing (a grocery list, a planner) reads and changes its members: the
 * feature's own query and mutation hooks, each given the panel's `subject` (a list's id; the
 * planner's hooks need none).
 */
export interface SharingHooks<Subject> {
  useMembers: (subject: Subject) => UseQueryResult<readonly SharingMember[]>;
  useAdd: (subject: Subject) => MemberChange;
  useRemove: (subject: Subject) => MemberChange;
  useLeave: (subject: Subject) => MemberChange;
}

/** The words of one kind of shared thing. */
export interface SharingTexts {
  /** Above everything: what sharing lets the cooks do (the owner's words or a member's). */
  intro: ReactNode;
  /** The heading of the people: "On this list". */
  membersHeading: string;
  /** "Could not load who is on this list." */
  membersFailed: string;
  /** The member's button: "Leave list". */
  leave: string;
  /** What "Leave …" asks first. */
  leaveQuestion: string;
  /** "Could not leave the list." */
  leaveFailed: string;
}

/**
 * The content of a Share dialog, the one way to share something with other cooks: the owner
 * (`canManage`) adds cooks by username and removes them; a member sees who it is shared with
 * (when `membersSeenByMembers`) and may leave it, as `leaveAs` (`onLeft` then takes them
 * elsewhere). `subject` is what is shared (a list's id, a planner's owner): once it changes,
 * a question asked about leaving is dropped. `describe` puts a failure into words.
 */
export function ShareMembersPanel<Subject>({
  hooks,
  texts,
  canManage,
  membersSeenByMembers,
  subject,
  leaveAs,
  onLeft,
  describe = reasonOf,
}: {
  hooks: SharingHooks<Subject>;
  texts: SharingTexts;
  canManage: boolean;
  membersSeenByMembers: boolean;
  subject: Subject;
  leaveAs: string;
  onLeft: () => void;
  describe?: (error: unknown) => string;
}) {
  return (
    <div className="share-panel">
      <p className="muted">{texts.intro}</p>
      {canManage && <AddMemberForm hooks={hooks} subject={subject} describe={describe} />}
      {(canManage || membersSeenByMembers) && (
        <Members
          hooks={hooks}
          subject={subject}
          texts={texts}
          canManage={canManage}
          describe={describe}
        />
      )}
      {!canManage && (
        <Leave
          hooks={hooks}
          texts={texts}
          subject={subject}
          leaveAs={leaveAs}
          onLeft={onLeft}
          describe={describe}
        />
      )}
    </div>
  );
}

function AddMemberForm<Subject>({
  hooks,
  subject,
  describe,
}: {
  hooks: SharingHooks<Subject>;
  subject: Subject;
  describe: (error: unknown) => string;
}) {
  const add = hooks.useAdd(subject);
  const [cook, setCook] = useState<UserSummary | null>(null);
  const pickerId = useId();
  const errorId = useId();
  // A 400 names what is wrong with the username: it goes under the picker.
  const usernameError = fieldErrorsOf(add.error).username;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cook) add.mutate(cook.username, { onSuccess: () => setCook(null) });
  };

  return (
    <form className="share-add" onSubmit={onSubmit}>
      <div className="share-add-row">
        <div className="field">
          <label htmlFor={pickerId}>{t("components.share.addCook")}</label>
          <UserPicker
            inputId={pickerId}
            value={cook}
            onChange={(user) => {
              setCook(user);
              add.reset();
            }}
            errorId={usernameError ? errorId : undefined}
            forSharing
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!cook || add.isPending}>
          {add.isPending ? t("components.share.adding") : t("components.share.add")}
        </button>
      </div>
      {usernameError && (
        <p id={errorId} className="field-error" role="alert">
          {usernameError}
        </p>
      )}
      {add.isError && !usernameError && (
        <p className="alert alert-error" role="alert">
          {t("components.share.addFailed", {
            username: add.variables,
            reason: describe(add.error),
          })}
        </p>
      )}
      {add.isSuccess && (
        <p className="muted" role="status">
          {t("components.share.shared", { username: add.variables })}
        </p>
      )}
    </form>
  );
}

function Members<Subject>({
  hooks,
  subject,
  texts,
  canManage,
  describe,
}: {
  hooks: SharingHooks<Subject>;
  subject: Subject;
  texts: SharingTexts;
  canManage: boolean;
  describe: (error: unknown) => string;
}) {
  const members = hooks.useMembers(subject);
  const remove = hooks.useRemove(subject);
  const headingId = useId();
  return (
    <section className="people-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.membersHeading}</h3>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <div className="alert alert-error" role="alert">
          <p>
            {texts.membersFailed} {describe(members.error)}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void members.refetch()}
          >
            {t("components.common.retry")}
          </button>
        </div>
      ) : (
        <ul>
          {members.data.map((member) => (
            <li key={member.username}>
              <span className="follow-name">
                {member.role === "owner"
                  ? t("components.share.owner", { username: member.username })
                  : member.username}
              </span>
              {canManage && member.role === "member" && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={t("components.share.removeNamed", { username: member.username })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(member.username)}
                >
                  {t("components.share.remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && members.data?.length === 1 && (
        <p className="muted">{t("components.share.notShared")}</p>
      )}
      {remove.isError && (
        <p className="alert alert-error" role="alert">
          {t("components.share.removeFailed", {
            username: remove.variables,
            reason: describe(remove.error),
          })}
        </p>
      )}
    </section>
  );
}

/** 'Leave …' asks first; focus moves to the question's Cancel and back. */
function Leave<Subject>({
  hooks,
  texts,
  subject,
  leaveAs,
  onLeft,
  describe,
}: {
  hooks: SharingHooks<Subject>;
  texts: SharingTexts;
  subject: Subject;
  leaveAs: string;
  onLeft: () => void;
  describe: (error: unknown) => string;
}) {
  const leave = hooks.useLeave(subject);
  const confirm = useConfirmStep(subject);

  if (!confirm.asking) {
    return (
      <button
        ref={confirm.trigger}
        type="button"
        className="btn btn-danger"
        onClick={() => confirm.ask(true)}
      >
        {texts.leave}
      </button>
    );
  }
  return (
    <ConfirmStep
      question={texts.leaveQuestion}
      confirmLabel={
        leave.isPending ? t("components.share.leaving") : t("components.share.confirmLeave")
      }
      pending={leave.isPending}
      // Not mutate's onSuccess: leaving may drop what is shared from its picker, which closes
      // this panel, and mutate's callbacks don't run once their component is gone. The
      // failure itself is shown below from leave.isError.
      onConfirm={() => leave.mutateAsync(leaveAs).then(onLeft, () => {})}
      onCancel={() => confirm.ask(false)}
      cancelRef={confirm.cancel}
    >
      {leave.isError && (
        <p className="alert alert-error" role="alert">
          {texts.leaveFailed} {describe(leave.error)}
        </p>
      )}
    </ConfirmStep>
  );
}
