import { useId, useState } from "react";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
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
      setNote("Copied.");
    } catch {
      setNote("Could not copy: select the address and copy it yourself.");
    }
  };

  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setNote("The calendar link is off: calendars that used it get nothing new.");
      },
    });

  return (
    <div className="planner-calendar">
      <p className="muted">
        Subscribe to your planner in a calendar app (Google Calendar, Apple Calendar, Outlook):
        every meal shows as an all-day event. Anyone with the link can read your planner, so keep it
        to yourself.
      </p>
      {url ? (
        <>
          <div className="field">
            <label htmlFor={fieldId}>Calendar address</label>
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
              Copy
            </button>
            {!confirmReset.asking && (
              <button
                ref={confirmReset.trigger}
                type="button"
                className="btn btn-secondary"
                onClick={() => confirmReset.ask(true)}
              >
                Reset
              </button>
            )}
            <button
              type="button"
              className="btn btn-danger"
              onClick={stop}
              disabled={turnOff.isPending}
            >
              Turn off
            </button>
          </div>
          {confirmReset.asking && (
            <ConfirmStep
              question="Make a new link? Calendars that use this one will stop getting your meals."
              confirmLabel={create.isPending ? "Making..." : "Yes, make a new link"}
              pending={create.isPending}
              onConfirm={makeLink}
              onCancel={() => confirmReset.ask(false)}
              cancelRef={confirmReset.cancel}
            />
          )}
        </>
      ) : (
        <>
          <p className="muted">
            The link is shown only when it is made. Making one replaces any link you made before.
          </p>
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={makeLink}
              disabled={create.isPending}
            >
              {create.isPending ? "Making..." : "Make a calendar link"}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={stop}
              disabled={turnOff.isPending}
            >
              Turn off the link
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
            ? `Could not make a link. ${problemOf(create.error)}`
            : `Could not turn the link off. ${problemOf(turnOff.error)}`}
        </p>
      )}
    </div>
  );
}
