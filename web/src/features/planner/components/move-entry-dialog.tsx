import type { PlannerEntry } from "@potluck/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import { entryLabel } from "../entries";
import { addDays, type Day, type Slot, slotName, weekDays } from "../week";
import { SlotFields } from "./slot-fields";

/**
 * "Move to…": the keyboard and screen-reader way to do what dragging does. A day of the shown
 * week or the next, and a slot; "Keep it here too" copies instead of moving.
 */
export function MoveEntryDialog({
  entry,
  weekStart,
  onSubmit,
  onClose,
}: {
  entry: PlannerEntry;
  /** The shown week's first day. */
  weekStart: Day;
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
    { label: t("planner.move.thisWeek"), days: weekDays(weekStart) },
    { label: t("planner.move.nextWeek"), days: weekDays(addDays(weekStart, 7)) },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onClose();
    onSubmit(day, slot, copy);
  };

  return (
    <Modal
      title={t("planner.move.title", { what: entryLabel(entry) })}
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      <form className="form" onSubmit={submit}>
        <p className="muted">
          {t("planner.move.now", { where: slotName(entry.date, entry.slot) })}
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
          <label htmlFor={copyId}>{t("planner.move.keepCopy")}</label>
        </div>
        <ModalActions
          label={copy ? t("planner.move.copy") : t("planner.move.move")}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
