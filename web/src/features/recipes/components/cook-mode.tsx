import { type PointerEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Modal } from "../../../components/modal";
import { ServerHtml } from "../../../components/server-html";
import { useScreenWakeLock } from "../../../lib/wake-lock";
import { moveStep, splitIntoSteps, swipeMove } from "../cook-steps";

/** An ingredient line as the recipe page shows it, already scaled to its guests. */
export interface ScaledLine {
  id: number;
  /** "2", "½ tsp"; empty for "Salt to taste" (the name says it). */
  amount: string;
  name: string;
}

/**
 * Cook mode: the recipe's steps one at a time in large type, with the scaled ingredients to tick
 * off beside them. Next and previous by button, arrow key or swipe; the screen is kept on while
 * it is open; Esc (or the close button) leaves, and focus goes back to the button that opened it.
 */
export default function CookMode({
  title,
  instructionsHtml,
  lines,
  guests,
  onClose,
}: {
  title: string;
  instructionsHtml: string;
  lines: ScaledLine[];
  guests: number;
  onClose: () => void;
}) {
  const steps = useMemo(() => splitIntoSteps(instructionsHtml), [instructionsHtml]);
  const [index, setIndex] = useState(0);
  const next = useRef<HTMLButtonElement>(null);
  const screenKeptOn = useScreenWakeLock() === "held";
  const move = (by: number) => setIndex((current) => moveStep(current, by, steps.length));
  useArrowKeys(move);
  const swipe = useSwipe(move);
  const step = steps[index];

  return (
    <Modal
      title={title}
      className="modal-cook"
      closeLabel="Leave cook mode"
      onClose={onClose}
      initialFocus={next}
    >
      <div className="cook-mode">
        <section className="cook-step" aria-label="Current step" {...swipe}>
          {/* Read out whole on every move: the position, then the step. */}
          <div aria-live="polite" aria-atomic="true">
            {step ? (
              <>
                <p className="cook-progress">
                  Step {index + 1} of {steps.length}
                  {step.section && <span className="cook-section"> · {step.section}</span>}
                </p>
                <ServerHtml key={index} html={step.html} className="cook-step-text rich-text" />
              </>
            ) : (
              <p className="cook-step-text muted">No instructions provided.</p>
            )}
          </div>
          <div className="cook-nav">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => move(-1)}
              disabled={index === 0}
            >
              <span aria-hidden="true">← </span>Previous step
            </button>
            <button
              ref={next}
              type="button"
              className="btn btn-primary"
              onClick={() => move(1)}
              disabled={index >= steps.length - 1}
            >
              Next step<span aria-hidden="true"> →</span>
            </button>
          </div>
          <p className="hint cook-hint">
            Arrow keys or a swipe move between steps; Esc leaves cook mode.
            {screenKeptOn && " The screen stays on while cook mode is open."}
          </p>
        </section>
        <CookIngredients lines={lines} guests={guests} />
      </div>
    </Modal>
  );
}

/** The scaled ingredients with a tick box each, to keep track of what is already in. */
function CookIngredients({ lines, guests }: { lines: ScaledLine[]; guests: number }) {
  const headingId = useId();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setTicked((current) => {
      const changed = new Set(current);
      if (!changed.delete(id)) changed.add(id);
      return changed;
    });

  return (
    <section className="cook-ingredients" aria-labelledby={headingId}>
      <h3 id={headingId}>Ingredients for {guests === 1 ? "1 guest" : `${guests} guests`}</h3>
      {lines.length === 0 ? (
        <p className="muted">No ingredients listed.</p>
      ) : (
        <ul className="cook-ingredient-list">
          {lines.map((line) => (
            <li key={line.id} className={ticked.has(line.id) ? "is-ticked" : undefined}>
              <input
                id={`cook-line-${line.id}`}
                type="checkbox"
                checked={ticked.has(line.id)}
                onChange={() => toggle(line.id)}
              />
              <label htmlFor={`cook-line-${line.id}`}>
                {line.amount && (
                  <>
                    <span className="ingredient-amount">{line.amount}</span>{" "}
                  </>
                )}
                {line.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** ArrowRight / ArrowLeft anywhere in the page move a step (not while typing somewhere). */
function useArrowKeys(move: (by: number) => void) {
  const latest = useRef(move);
  latest.current = move;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("textarea, select, [contenteditable='true'], input:not([type=checkbox])"))
        return;
      const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (by === 0) return;
      event.preventDefault();
      latest.current(by);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** Pointer handlers that turn a horizontal swipe over the step into a move. */
function useSwipe(move: (by: number) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const by = swipeMove(event.clientX - from.x, event.clientY - from.y);
      if (by !== 0) move(by);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
