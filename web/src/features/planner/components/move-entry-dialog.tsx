import type { PlannerEntry } from "@potluck/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { entryLabel } from "../entries";
import { addDays, type Day, dayName, SLOT_LABELS, type Slot, weekDays } from "../week";
import { SlotFields } from "./slot-fields";

/**
 * "Move to…": the keyboard and screen-reader way to do what dragging does. A day of the shown
 * week or the next, and a slot; "Keep it here too" copies instead of moving.
 */
export function MoveEntryDialog({
  entry,
  monday,
  onSubmit,
  onClose,
}: {
  entry: PlannerEntry;
  /** The shown week's Monday. */
  monday: Day;
  onSubmit: (day: Day, slot: Slot, copy: boolean) => void;
  onClose: () => void;
}) {
  const [day, setDay] = useState(entry.date);
  const [slot, setSlot] = useState<Slot>(entry.slot);
  const [copy, setCopy] = useState(false);
  const copyId = useId();
  const firstField = useRef<HTMLElement>(null);
  const unchanged = !copy && day === entry.date && slot === entry.slot;
  const weeks = [
    { label: "This week", days: weekDays(monday) },
    { label: "Next week", days: weekDays(addDays(monday, 7)) },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onClose();
    onSubmit(day, slot, copy);
  };

  return (
    <Modal
      title={`Move ${entryLabel(entry)}`}
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      <form className="form" onSubmit={submit}>
        <p className="muted">
          Now on {dayName(entry.date)}, {SLOT_LABELS[entry.slot]}.
        </p>
        <SlotFields
          day={{ value: day, onChange: setDay, weeks }}
          slot={slot}
          onSlotChange={setSlot}
          firstField={firstField}
        />
        <div className="field checkbox-field">
          <input
            id={copyId}
            type="checkbox"
            checked={copy}
            onChange={(event) => setCopy(event.target.checked)}
          />
          <label htmlFor={copyId}>Keep it here too (copy)</label>
        </div>
        <ModalActions label={copy ? "Copy" : "Move"} onCancel={onClose} />
      </form>
    </Modal>
  );
}
