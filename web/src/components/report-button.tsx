import {
  MAX_REPORT_TEXT_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { reasonOf } from "../lib/api-client";
import { fieldErrorsOf } from "../lib/field-errors";
import { type ReportTarget, useSendReport } from "../lib/reports";
import { Modal, ModalActions } from "./modal";
import "./moderation.css";
import { ErrorBox } from "./status";

const REASON_LABELS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: "Spam", hint: "Advertising, scams or repeated junk." },
  abuse: { label: "Abuse", hint: "Harassment, threats or hate." },
  inappropriate: { label: "Inappropriate", hint: "Not suitable for a family recipe site." },
  other: { label: "Other", hint: "Something else a moderator should see." },
};

export const REPORT_THANKS = "Thanks, a moderator will look at it.";

/**
 * "Report" and its small dialog: the four reasons as radio buttons, an optional note, Send.
 * `what` names the target in the dialog's title ("Report this comment").
 */
export function ReportButton({
  target,
  what,
  label = "Report",
  className = "btn btn-outline btn-small",
}: {
  target: ReportTarget;
  what: string;
  /** The button's accessible name, when "Report" alone would be ambiguous on the page. */
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label === "Report" ? undefined : label}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && <ReportDialog target={target} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({
  target,
  what,
  onClose,
}: {
  target: ReportTarget;
  what: string;
  onClose: () => void;
}) {
  const send = useSendReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const name = useId();
  const textId = useId();
  const firstChoice = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLButtonElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem("Choose a reason.");
      firstChoice.current?.focus();
      return;
    }
    setProblem(null);
    send.mutate(
      { ...target, reason, text },
      {
        onSuccess: () => {
          // The form goes away with the focused Send: focus Done, which replaces it.
          flushSync(() => setSent(true));
          done.current?.focus();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setProblem(Object.values(fields)[0] ?? reasonOf(error));
        },
      },
    );
  };

  return (
    <Modal title={`Report ${what}`} onClose={onClose} className="modal-compact report-dialog">
      {sent ? (
        <div className="report-sent">
          <p role="status">{REPORT_THANKS}</p>
          <button ref={done} type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="field choice-group">
            <legend>Why are you reporting it?</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="choice">
                <input
                  ref={index === 0 ? firstChoice : undefined}
                  type="radio"
                  name={name}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setProblem(null);
                  }}
                />
                <span>
                  <span className="choice-label">{REASON_LABELS[value].label}</span>{" "}
                  <span className="muted small">{REASON_LABELS[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={textId}>Anything a moderator should know? (optional)</label>
            <textarea
              id={textId}
              rows={3}
              maxLength={MAX_REPORT_TEXT_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {problem && (
            <ErrorBox title="Not sent">
              <p>{problem}</p>
            </ErrorBox>
          )}
          <ModalActions
            className="row report-actions"
            label="Send"
            busy={send.isPending}
            busyLabel="Sending..."
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
