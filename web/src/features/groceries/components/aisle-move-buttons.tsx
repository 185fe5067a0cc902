import type { Aisle } from "@potluck/contract";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { reasonOf } from "../../../lib/api-client";
import { isFocusLost } from "../../../lib/focus";
import { t } from "../../../lib/i18n";
import { useSetAisleOrder } from "../api/aisles";
import { moveAisle } from "../shop-order";

type Direction = "up" | "down";

/**
 * "Move {aisle} up/down" on an aisle heading: buttons, so a click, a tap and the keyboard all
 * work. The heading moves in the page, so the button pressed takes the focus back each time.
 */
export function AisleMoveButtons({
  aisle,
  order,
  shown,
  lastMove,
}: {
  aisle: Aisle;
  order: number[];
  shown: number[];
  lastMove: RefObject<string | null>;
}) {
  const setOrder = useSetAisleOrder();
  const at = shown.indexOf(aisle.id);
  const button = (direction: Direction, text: string, disabled: boolean) => (
    <MoveButton
      key={direction}
      label={
        direction === "up"
          ? t("groceries.aisles.moveUp", { aisle: aisle.name })
          : t("groceries.aisles.moveDown", { aisle: aisle.name })
      }
      text={text}
      disabled={disabled}
      lastMove={lastMove}
      onClick={() =>
        setOrder.mutate(moveAisle(order, shown, aisle.id, direction), {
          onSettled: () => {
            lastMove.current = null;
          },
        })
      }
    />
  );
  return (
    <div className="aisle-move">
      {button("up", "↑", at <= 0)}
      {button("down", "↓", at === shown.length - 1)}
      {setOrder.isError && (
        <span className="field-error" role="alert">
          {t("groceries.aisles.moveFailed", {
            aisle: aisle.name,
            reason: reasonOf(setOrder.error),
          })}
        </span>
      )}
    </div>
  );
}

function MoveButton({
  label,
  text,
  disabled,
  lastMove,
  onClick,
}: {
  label: string;
  text: string;
  disabled: boolean;
  lastMove: RefObject<string | null>;
  onClick: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Moving the section in the DOM drops the focus to the page: give it back.
  useLayoutEffect(() => {
    if (lastMove.current === label && isFocusLost() && !disabled) {
      ref.current?.focus();
    }
  });
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn-small btn-secondary icon-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => {
        lastMove.current = label;
        onClick();
      }}
    >
      <span aria-hidden="true">{text}</span>
    </button>
  );
}
