import {
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { Modal } from "../../../components/modal";
import { ServerHtml } from "../../../components/server-html";
import { isRightToLeft, LeftToRightNumbers } from "../../../lib/bidi";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useScreenWakeLock } from "../../../lib/wake-lock";
import { moveStep, splitIntoSteps, swipeMove } from "../cook-steps";

/** An ingredient line as the recipe page shows it, already scaled to its guests. */
export interface ScaledLine {
  id: number;
  /** "2", "½ tsp"; empty for "Salt to taste" (the name says it). */
  amount: string;
  name: string;
  /** Its note and mark: ", diced (optional)"; "" without (rowNoteSuffix). */
  note?: string;
}

/**
 * Cook mode: the recipe's steps one at a time in large type, with the scaled ingredients to tick
 * off beside them. Next and previous by button, arrow key or swipe; the last step offers Done;
 * the screen is kept on while it is open; Esc (or the close button) leaves, and focus goes back
 * to the button that opened it. Leaving keeps the step and the ticks for this browser session
 * (sessionStorage), so reopening cook mode on the recipe carries on; Done forgets them.
 * The page composes in what cook mode knows nothing of: `timers` shown above the step, and
 * `stepText`, which draws a step's text (with its durations as timer buttons).
 */
export default function CookMode({
  recipeId,
  title,
  instructionsHtml,
  lines,
  guests,
  onClose,
  timers,
  stepText,
}: {
  recipeId: number;
  title: string;
  instructionsHtml: string;
  lines: ScaledLine[];
  guests: number;
  onClose: () => void;
  timers?: ReactNode;
  /** A step's text from its HTML; `step` counts from 1. Without it, the HTML as it is. */
  stepText?: (html: string, step: number) => ReactNode;
}) {
  const steps = useMemo(() => splitIntoSteps(instructionsHtml), [instructionsHtml]);
  const [progress, setProgress] = useState(() => readProgress(recipeId));
  const index = moveStep(progress.step, 0, steps.length);
  const next = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const screenKeptOn = useScreenWakeLock() === "held";
  const move = (by: number) =>
    setProgress((current) => ({
      ...current,
      step: moveStep(moveStep(current.step, 0, steps.length), by, steps.length),
    }));
  useArrowKeys(move);
  const swipe = useSwipe(move);
  const step = steps[index];
  const atLast = steps.length > 0 && index === steps.length - 1;

  useEffect(() => saveProgress(recipeId, progress), [recipeId, progress]);
  // Arriving at the last step from Next, whose button is now disabled: focus goes on to Done.
  useEffect(() => {
    const active = document.activeElement;
    if (atLast && (active === next.current || active === document.body)) done.current?.focus();
  }, [atLast]);

  const finish = () => {
    forgetProgress(recipeId);
    onClose();
  };
  const toggle = (id: number) =>
    setProgress((current) => {
      const ticked = new Set(current.ticked);
      if (!ticked.delete(id)) ticked.add(id);
      return { ...current, ticked: [...ticked] };
    });

  return (
    <Modal
      title={title}
      className="modal-cook"
      closeLabel={t("recipes.cookMode.leave")}
      onClose={onClose}
      initialFocus={next}
    >
      {timers}
      <div className="cook-mode">
        <section className="cook-step" aria-label={t("recipes.cookMode.currentStep")} {...swipe}>
          {/* Read out whole on every move: the position, then the step. */}
          <div aria-live="polite" aria-atomic="true">
            {step ? (
              <>
                <p className="cook-progress">
                  {t("recipes.cookMode.progress", { step: index + 1, count: steps.length })}
                  {step.section && <span className="cook-section"> · {step.section}</span>}
                </p>
                {step.lead && (
                  <ServerHtml
                    key={`lead-${index}`}
                    html={step.lead}
                    className="cook-lead rich-text"
                  />
                )}
                {stepText ? (
                  <div key={index} className="cook-step-text rich-text">
                    {stepText(step.html, index + 1)}
                  </div>
                ) : (
                  <ServerHtml key={index} html={step.html} className="cook-step-text rich-text" />
                )}
              </>
            ) : (
              <p className="cook-step-text muted">{t("recipes.cookMode.noInstructions")}</p>
            )}
          </div>
          <div className="cook-nav">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => move(-1)}
              disabled={index === 0}
            >
              {tRich("recipes.cookMode.previous", { arrow: hiddenArrow })}
            </button>
            <button
              ref={next}
              type="button"
              className="btn btn-primary"
              onClick={() => move(1)}
              disabled={index >= steps.length - 1}
            >
              {tRich("recipes.cookMode.next", { arrow: hiddenArrow })}
            </button>
            {atLast && (
              <button
                ref={done}
                type="button"
                className="btn btn-primary cook-done"
                onClick={finish}
              >
                {t("recipes.cookMode.done")}
              </button>
            )}
          </div>
          <p className="hint cook-hint">
            {screenKeptOn ? t("recipes.cookMode.hintScreenOn") : t("recipes.cookMode.hint")}
          </p>
        </section>
        <CookIngredients
          lines={lines}
          guests={guests}
          ticked={new Set(progress.ticked)}
          onToggle={toggle}
        />
      </div>
    </Modal>
  );
}

/** The arrow beside Previous and Next, which a screen reader skips (its direction is the message's). */
const hiddenArrow = (chunks: ReactNode[]) => <span aria-hidden="true">{chunks}</span>;

/** The scaled ingredients with a tick box each, to keep track of what is already in. */
function CookIngredients({
  lines,
  guests,
  ticked,
  onToggle: toggle,
}: {
  lines: ScaledLine[];
  guests: number;
  ticked: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const headingId = useId();

  return (
    <section className="cook-ingredients" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("recipes.cookMode.ingredientsFor", { guests })}</h3>
      {lines.length === 0 ? (
        <p className="muted">{t("recipes.cookMode.noIngredients")}</p>
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
                    <span className="ingredient-amount">
                      <LeftToRightNumbers text={line.amount} />
                    </span>{" "}
                  </>
                )}
                {line.name}
                {line.note && <span className="ingredient-note">{line.note}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where a cook is in a recipe: the step shown and the ingredient lines ticked (by id). */
interface CookProgress {
  step: number;
  ticked: number[];
}

const progressKey = (recipeId: number) => `potluck:cook-progress:${recipeId}`;

/** The progress kept for this recipe in this browser session; step 1, nothing ticked without. */
function readProgress(recipeId: number): CookProgress {
  try {
    const kept = JSON.parse(sessionStorage.getItem(progressKey(recipeId)) ?? "null");
    if (kept && Number.isInteger(kept.step) && Array.isArray(kept.ticked)) {
      return {
        step: Math.max(0, kept.step),
        ticked: kept.ticked.filter((id: unknown) => Number.isInteger(id)),
      };
    }
  } catch {
    // Storage blocked or the value unreadable: start afresh.
  }
  return { step: 0, ticked: [] };
}

function saveProgress(recipeId: number, progress: CookProgress): void {
  try {
    sessionStorage.setItem(progressKey(recipeId), JSON.stringify(progress));
  } catch {
    // Storage full or blocked: cook mode still works, it just won't resume.
  }
}

function forgetProgress(recipeId: number): void {
  try {
    sessionStorage.removeItem(progressKey(recipeId));
  } catch {
    // As above.
  }
}

/**
 * ArrowRight / ArrowLeft anywhere in the page move a step (not while typing somewhere): the
 * arrow the way the text reads goes on, so right to left ArrowLeft is the next step.
 */
function useArrowKeys(move: (by: number) => void) {
  const latest = useRef(move);
  latest.current = move;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("textarea, select, [contenteditable='true'], input:not([type=checkbox])"))
        return;
      const forward = isRightToLeft() ? "ArrowLeft" : "ArrowRight";
      const backward = isRightToLeft() ? "ArrowRight" : "ArrowLeft";
      const by = event.key === forward ? 1 : event.key === backward ? -1 : 0;
      if (by === 0) return;
      event.preventDefault();
      latest.current(by);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/**
 * Pointer handlers that turn a horizontal swipe over the step into a move: the step is pushed
 * the way the text reads, so a swipe to the left goes on left to right, to the right right to
 * left.
 */
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
      const dx = event.clientX - from.x;
      const by = swipeMove(isRightToLeft() ? -dx : dx, event.clientY - from.y);
      if (by !== 0) move(by);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
