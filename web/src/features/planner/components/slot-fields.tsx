import { type RefObject, useCallback, useId } from "react";
import { t } from "../../../lib/i18n";
import { type Day, dayName, SLOTS, type Slot, slotLabel } from "../week";

/** A group of days a "Day" select offers: "This week" and its days. */
export interface DayChoices {
  label: string;
  days: Day[];
}

/**
 * The one pair of fields that says where a meal goes on the planner: "Day" and "Meal". The day
 * is any date (a date input), or one of `day.weeks`' days (a select); without `day` there is
 * only the meal (e.g. "Fill the gaps" fills every day). `firstField` gets the first of them,
 * for the dialog to focus.
 */
export function SlotFields({
  day,
  slot,
  onSlotChange,
  firstField,
}: {
  day?: { value: Day; onChange: (day: Day) => void; weeks?: DayChoices[] };
  slot: Slot;
  onSlotChange: (slot: Slot) => void;
  firstField?: RefObject<HTMLElement | null>;
}) {
  const ids = { day: useId(), slot: useId() };
  const first = useCallback(
    (node: HTMLElement | null) => {
      if (firstField) firstField.current = node;
    },
    [firstField],
  );
  return (
    <>
      {day && (
        <div className="field">
          <label htmlFor={ids.day}>{t("planner.slotFields.day")}</label>
          {day.weeks ? (
            <select
              ref={first}
              id={ids.day}
              value={day.value}
              onChange={(event) => day.onChange(event.target.value)}
            >
              {day.weeks.map((week) => (
                <optgroup key={week.label} label={week.label}>
                  {week.days.map((option) => (
                    <option key={option} value={option}>
                      {dayName(option)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          ) : (
            <input
              ref={first}
              id={ids.day}
              type="date"
              required
              value={day.value}
              onChange={(event) => day.onChange(event.target.value)}
            />
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.slot}>{t("planner.slotFields.meal")}</label>
        <select
          ref={day ? undefined : first}
          id={ids.slot}
          value={slot}
          onChange={(event) => onSlotChange(event.target.value as Slot)}
        >
          {SLOTS.map((option) => (
            <option key={option} value={option}>
              {slotLabel(option)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
