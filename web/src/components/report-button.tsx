import {
  MAX_REPORT_TEXT_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { reasonOf } from "../lib/api-client";
import { fieldErrorsOf } from "../lib/field-errors";
import { t } from "../lib/i18n";
import { type ReportTarget, useSendReport } from "../lib/reports";
import { Modal, ModalActions } from "./modal";
import "./moderation.css";
import { ErrorBox } from "./status";

const reasonLabels = (): Record<ReportReason, { label: string; hint: string }> => ({
  spam: { label: t("components.report.spam"), hint: t("components.report.spamHint") },
  abuse: { label: t("components.report.abuse"), hint: t("components.report.abuseHint") },
  inappropriate: {
    label: t("components.report.inappropriate"),
    hint: t("components.report.inappropriateHint"),
  },
  other: { label: t("components.report.other"), hint: t("components.report.otherHint") },
});

export const reportThanks = () => t("components.report.thanks");

/**
 * "Report" and its small dialog: the four reasons as radio buttons, an optional note, Send.
 * `what` names the target in the dialog's title ("Report this comment"); `title`, when given,
 * is that whole title in the reader's language (where `what` alone would not fit the sentence).
 */
export function ReportButton({
  target,
  what,
  title,
  label,
  className = "btn btn-outline btn-small",
}: {
  target: ReportTarget;
  /** Named in the default title, "Report {what}"; not needed when `title` is given. */
  what?: string;
  title?: string;
  /** The button's accessible name, when "Report" alone would be ambiguous on the page. */
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={() => setOpen(true)}>
        {t("components.report.button")}
      </button>
      {open && (
        <ReportDialog
          target={target}
          title={title ?? t("components.report.title", { what: what ?? "" })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function ReportDialog({
  target,
  title,
  onClose,
}: {
  target: ReportTarget;
  title: string;
  onClose: () => void;
}) {
  const labels = reasonLabels();
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
      setProblem(t("components.report.chooseReason"));
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
    <Modal title={title} onClose={onClose} className="modal-compact report-dialog">
      {sent ? (
        <div className="report-sent">
          <p role="status">{reportThanks()}</p>
          <button ref={done} type="button" className="btn btn-primary" onClick={onClose}>
            {t("components.report.done")}
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="field choice-group">
            <legend>{t("components.report.why")}</legend>
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
                  <span className="choice-label">{labels[value].label}</span>{" "}
                  <span className="muted small">{labels[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={textId}>{t("components.report.note")}</label>
            <textarea
              id={textId}
              rows={3}
              maxLength={MAX_REPORT_TEXT_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {problem && (
            <ErrorBox title={t("components.report.notSent")}>
              <p>{problem}</p>
            </ErrorBox>
          )}
          <ModalActions
            className="row report-actions"
            label={t("components.report.send")}
            busy={send.isPending}
            busyLabel={t("components.report.sending")}
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
