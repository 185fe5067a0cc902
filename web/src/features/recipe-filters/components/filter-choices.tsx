import { useRef, useState } from "react";
import { t } from "../../../lib/i18n";

export interface FilterChoicesProps {
  /** The button's id (the placeholder's field has it until this arrives). */
  inputId: string;
  label: string;
  /** What is chosen, on the button: "Any diet", "2 chosen". */
  summary: string;
  choices: { code: string; text: string }[];
  chosen: readonly string[];
  /** The codes chosen now, in the choices' order. */
  onChange: (chosen: string[]) => void;
}

/**
 * A filter of several fixed choices (diets, allergens to avoid): a button that reads like the
 * bar's selects ("Diet: Any diet") opens a group of checkboxes under it, in the page's flow;
 * Escape closes it again. The bar shows the chosen ones as chips under it, as it does tags.
 * Its own chunk: the bar defers it (filter-bar.tsx).
 */
export function FilterChoices({
  inputId,
  label,
  summary,
  choices,
  chosen,
  onChange,
}: FilterChoicesProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const labelId = `${inputId}-label`;
  const panelId = `${inputId}-panel`;
  const hintId = `${inputId}-hint`;
  const set = (code: string, on: boolean) =>
    onChange(
      choices
        .map((choice) => choice.code)
        .filter((one) => (one === code ? on : chosen.includes(one))),
    );
  return (
    <>
      <span className="label" id={labelId}>
        {label}
      </span>
      <button
        ref={toggle}
        type="button"
        id={inputId}
        className="disclosure-toggle filter-choices-toggle"
        aria-labelledby={`${labelId} ${inputId}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="disclosure-arrow" aria-hidden="true" />
        <span className="filter-choices-summary">{summary}</span>
      </button>
      <fieldset
        id={panelId}
        className="filter-choices-panel"
        hidden={!open}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }}
      >
        <legend className="visually-hidden">{label}</legend>
        <ul className="filter-choices-list">
          {choices.map((choice) => (
            <li key={choice.code}>
              <label className="checkbox-inline">
                <input
                  type="checkbox"
                  checked={chosen.includes(choice.code)}
                  onChange={(event) => set(choice.code, event.target.checked)}
                />
                {choice.text}
              </label>
            </li>
          ))}
        </ul>
        <p id={hintId} className="hint filter-choices-hint">
          {t("recipeFilters.bar.knownOnly")}
        </p>
      </fieldset>
    </>
  );
}
