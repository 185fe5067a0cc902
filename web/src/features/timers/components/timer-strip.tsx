import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { t } from "../../../lib/i18n";
import {
  formatClock,
  type KitchenTimer,
  remainingMs,
  soonestTimer,
} from "../../../lib/timers/timer-state";
import "./timers.css";
import {
  addMinuteToKitchenTimer,
  pauseKitchenTimer,
  removeKitchenTimer,
  resumeKitchenTimer,
  useKitchenTimers,
  useTimerAnnouncement,
} from "../../../lib/timers/timer-store";

/** How often the clocks are redrawn: often enough that no second is skipped or shown twice. */
const REDRAW_MS = 250;

/**
 * Redraws the caller every REDRAW_MS while `running`. The clocks read the time afresh at each
 * draw (what is left comes from the clock, never from counting redraws), so a timer just started
 * never shows a stale second.
 */
function useRedraw(running: boolean): void {
  const [, setDrawn] = useState(0);
  useEffect(() => {
    if (!running) return;
    const redraw = setInterval(() => setDrawn((count) => count + 1), REDRAW_MS);
    return () => clearInterval(redraw);
  }, [running]);
}

/**
 * The cook's timers: name, time left, pause or resume, +1 min, cancel, and "Done" (with Dismiss)
 * once one reaches zero. The app shell shows it on every page and cook mode at its top. Screen
 * readers hear a start, a pause, a minute added, a timer done, through one polite status that
 * exists before anything is said in it; the clocks ticking are not read out.
 * `foldable` (the app shell's dock): on a phone it is one line, the timer due first and how
 * many more, and opens on a tap to show them all; two timers open took a quarter of the screen.
 */
export function TimerStrip({
  className = "",
  foldable = false,
}: {
  className?: string;
  foldable?: boolean;
}) {
  const timers = useKitchenTimers();
  const announcement = useTimerAnnouncement();
  // What was said before this strip appeared is not news (a page opened, cook mode opened).
  const [stale] = useState(announcement);
  const [heard, setHeard] = useState(false);
  if (!heard && announcement !== stale) setHeard(true);
  useRedraw(timers.some((timer) => timer.state === "running"));
  const now = Date.now();
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const soonest = foldable ? soonestTimer(timers, now) : null;
  // Escape folds an open dock and leaves focus on the line that opens it again.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== "Escape") return;
    setOpen(false);
    summary.current?.focus();
  };

  // A timer's buttons go with it: focus moves to the next timer's (or the one before).
  const remove = (id: string) => {
    const items = [...(list.current?.children ?? [])];
    const at = items.findIndex((item) => item.getAttribute("data-timer") === id);
    const neighbour = items[at + 1] ?? items[at - 1];
    removeKitchenTimer(id);
    neighbour?.querySelector("button")?.focus();
  };

  return (
    <div className={`timer-strip-area ${className}`.trim()}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {heard ? announcement : ""}
      </p>
      {timers.length > 0 && (
        <section
          className={`timer-strip${foldable && !open ? " is-folded" : ""}`}
          aria-label={t("timers.strip.label")}
          onKeyDown={onKeyDown}
        >
          {soonest && (
            <button
              ref={summary}
              type="button"
              className={`timer-summary is-${soonest.state}`}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((shown) => !shown)}
            >
              <span className="timer-summary-name">{soonest.name}</span>{" "}
              <span className="timer-summary-clock">
                {soonest.state === "done"
                  ? t("timers.strip.done")
                  : formatClock(remainingMs(soonest, now))}
              </span>
              {timers.length > 1 && (
                <>
                  {" "}
                  <span className="timer-summary-more">
                    {t("timers.strip.more", { count: timers.length - 1 })}
                  </span>
                </>
              )}
            </button>
          )}
          <ul ref={list} id={listId} className="timer-list">
            {timers.map((timer) => (
              <TimerItem key={timer.id} timer={timer} now={now} onRemove={remove} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function TimerItem({
  timer,
  now,
  onRemove,
}: {
  timer: KitchenTimer;
  now: number;
  onRemove: (id: string) => void;
}) {
  const { id, name, state } = timer;
  return (
    <li className={`timer is-${state}`} data-timer={id}>
      <span className="timer-name">
        {name} <span className="timer-length">· {timer.length}</span>
      </span>
      <span className="timer-clock">
        {state === "done" ? t("timers.strip.done") : formatClock(remainingMs(timer, now))}
        {state === "paused" && <span className="timer-paused"> {t("timers.strip.paused")}</span>}
      </span>
      <div className="timer-actions">
        {state !== "done" && (
          <button
            type="button"
            className="btn btn-outline btn-small"
            aria-label={
              state === "paused"
                ? t("timers.strip.resumeLabel", { name })
                : t("timers.strip.pauseLabel", { name })
            }
            onClick={() => (state === "paused" ? resumeKitchenTimer(id) : pauseKitchenTimer(id))}
          >
            {state === "paused" ? t("timers.strip.resume") : t("timers.strip.pause")}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-label={t("timers.strip.addMinuteLabel", { name })}
          onClick={() => addMinuteToKitchenTimer(id)}
        >
          {t("timers.strip.addMinute")}
        </button>
        {state === "done" ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            aria-label={t("timers.strip.dismissLabel", { name })}
            onClick={() => onRemove(id)}
          >
            {t("timers.strip.dismiss")}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-small timer-cancel"
            aria-label={t("timers.strip.cancelLabel", { name })}
            onClick={() => onRemove(id)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
    </li>
  );
}
