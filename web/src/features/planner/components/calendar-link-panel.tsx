import { useId, useState } from "react";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { t } from "../../../lib/i18n";
import { useCreateCalendarLink, useDeleteCalendarLink } from "../api/calendar-link";
import { problemOf } from "../messages";

/**
 * My planner as a calendar to subscribe to: a secret address, shown once when it is made
 * (the server keeps only its hash), with Copy; Reset makes a new one and the old one stops
 * working; Turn off stops it altogether.
 */
export function CalendarLinkPanel() {
  const create = useCreateCalendarLink();
  const turnOff = useDeleteCalendarLink();
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const confirmReset = useConfirmStep("reset");
  const fieldId = useId();

  const makeLink = () => {
    setNote(null);
    create.mutate(undefined, {
      onSuccess: (link) => {
        setUrl(link.url);
        confirmReset.ask(false);
      },
    });
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote(t("planner.calendar.copied"));
    } catch {
      setNote(t("planner.calendar.copyFailed"));
    }
  };

  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setNote(t("planner.calendar.off"));
      },
    });

  return (
    <div className="planner-calendar">
      <p className="muted">{t("planner.calendar.intro")}</p>
      {url ? (
        <>
          <div className="field">
            <label htmlFor={fieldId}>{t("planner.calendar.address")}</label>
            <input
              id={fieldId}
              type="text"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {t("planner.calendar.copy")}
            </button>
            {!confirmReset.asking && (
              <button
                ref={confirmReset.trigger}
                type="button"
                className="btn btn-secondary"
                onClick={() => confirmReset.ask(true)}
              >
                {t("planner.calendar.reset")}
              </button>
            )}
            <button
              type="button"
              className="btn btn-danger"
              onClick={stop}
              disabled={turnOff.isPending}
            >
              {t("planner.calendar.turnOff")}
            </button>
          </div>
          {confirmReset.asking && (
            <ConfirmStep
              question={t("planner.calendar.resetQuestion")}
              confirmLabel={
                create.isPending ? t("planner.calendar.making") : t("planner.calendar.resetConfirm")
              }
              pending={create.isPending}
              onConfirm={makeLink}
              onCancel={() => confirmReset.ask(false)}
              cancelRef={confirmReset.cancel}
            />
          )}
        </>
      ) : (
        <>
          <p className="muted">{t("planner.calendar.shownOnce")}</p>
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={makeLink}
              disabled={create.isPending}
            >
              {create.isPending ? t("planner.calendar.making") : t("planner.calendar.make")}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={stop}
              disabled={turnOff.isPending}
            >
              {t("planner.calendar.turnOffLink")}
            </button>
          </div>
        </>
      )}
      <p className="muted" role="status">
        {note}
      </p>
      {(create.isError || turnOff.isError) && (
        <p className="alert alert-error" role="alert">
          {create.isError
            ? t("planner.calendar.makeFailed", { problem: problemOf(create.error) })
            : t("planner.calendar.turnOffFailed", { problem: problemOf(turnOff.error) })}
        </p>
      )}
    </div>
  );
}
