import { useEffect, useId, useRef, useState } from "react";
import { t } from "../../../lib/i18n";
import { useAnchoredPopover } from "../../../lib/use-anchored-popover";

export type EntryAction = "move" | "edit" | "eaters" | "delete";

/**
 * The ⋯ button of a planned meal and what it offers: Move to…, Change guests (or Edit note),
 * Who's eating… (a recipe), Delete. A disclosure of buttons, as the account menu is: Tab walks through them; Escape or a
 * click elsewhere closes it. The list is a popover in the top layer, below the button or above it
 * when the window has no room below: a day's card (or anything else) never cuts it off.
 */
export function EntryMenu({
  label,
  editLabel,
  eaters = false,
  onAction,
}: {
  /** The meal and where it is ("Pasta, Tuesday 3 June, Dinner"). */
  label: string;
  /** "Change guests" (a recipe), "Edit note" (a note), or null: nothing to edit. */
  editLabel: string | null;
  /** Offers Who's eating… (a recipe's eaters). */
  eaters?: boolean;
  onAction: (action: EntryAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useAnchoredPopover(open, button, list);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const choose = (action: EntryAction) => {
    setOpen(false);
    onAction(action);
  };

  return (
    <div className="planner-entry-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="icon-button planner-entry-menu-button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("planner.entry.options", { label })}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {/* Only while open: a full week has a menu on every meal, and 28 hidden lists of three
          buttons were some 200 elements that every first draw of the week paid for. */}
      {open && (
        <ul ref={list} id={menuId} className="planner-entry-menu-list" popover="manual">
          <li>
            <button type="button" onClick={() => choose("move")}>
              {t("planner.entry.moveTo")}
            </button>
          </li>
          {editLabel && (
            <li>
              <button type="button" onClick={() => choose("edit")}>
                {editLabel}
              </button>
            </li>
          )}
          {eaters && (
            <li>
              <button type="button" onClick={() => choose("eaters")}>
                {t("planner.table.whoEats")}
              </button>
            </li>
          )}
          <li>
            <button type="button" className="danger" onClick={() => choose("delete")}>
              {t("planner.entry.delete")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
