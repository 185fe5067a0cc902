import type { Aisle, ShoppingItem, UnitsPreference } from "@potluck/contract";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { reasonOf } from "../../../lib/api-client";
import { isFocusLost } from "../../../lib/focus";
import { lineText } from "../../../lib/units-preference";
import { useChosen } from "../../../lib/use-chosen";
import { useMoveIngredientAisle } from "../api/aisles";
import { useStaples, useToggleStaple } from "../api/staples";
import { tickItem } from "../api/tick-queue";

/**
 * One line: the whole row is the label of its checkbox, so a tap anywhere on it ticks it.
 * With `aisles` (arranging), the controls that move it to another aisle or mark it as a staple.
 */
export function ShoppingItemRow({
  listId,
  item,
  units,
  aisles,
}: {
  listId: number;
  item: ShoppingItem;
  units: UnitsPreference;
  aisles?: Aisle[];
}) {
  // The tick shows in the same render as the click: the cache's update comes a moment later
  // (after refetches on their way are cancelled), and a controlled checkbox would otherwise
  // flick back in between.
  const [ticking, setTicking] = useState<boolean | null>(null);
  const checked = ticking ?? item.is_checked;
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  // A tick moves the line to the end of its aisle, and a moved element loses the focus: a
  // cook ticking with the keyboard keeps their place on the line they ticked.
  useLayoutEffect(() => {
    if (refocus.current && isFocusLost()) input.current?.focus();
  });
  return (
    <li className={checked ? "shopping-item is-checked" : "shopping-item"}>
      <label className="shopping-item-tick">
        <input
          ref={input}
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            refocus.current = document.activeElement === event.target;
            setTicking(event.target.checked);
            void tickItem(listId, item.id, event.target.checked).finally(() => {
              refocus.current = false;
              setTicking(null);
            });
          }}
        />
        <span>
          <span className="shopping-item-what">
            {lineText(item.quantity, item.unit.name, item.ingredient.name, units).text}
          </span>{" "}
          <span className="shopping-item-for">for {item.from_recipes}</span>
        </span>
      </label>
      {aisles && <ArrangeItem item={item} aisles={aisles} />}
    </li>
  );
}

/** Where this cook finds the ingredient, and whether it is always at home. */
function ArrangeItem({ item, aisles }: { item: ShoppingItem; aisles: Aisle[] }) {
  const selectId = useId();
  const move = useMoveIngredientAisle();
  const staples = useStaples();
  const toggleStaple = useToggleStaple();
  const [aisleId, chooseAisle] = useChosen(item.aisle.id);
  const [isStaple, chooseStaple] = useChosen(item.is_staple);
  const name = item.ingredient.name;
  const error = move.error ?? toggleStaple.error;
  return (
    <div className="shopping-item-arrange">
      <label htmlFor={selectId} className="visually-hidden">
        Aisle for {name}
      </label>
      <select
        id={selectId}
        value={aisleId}
        disabled={move.isPending}
        onChange={(event) => {
          const chosen = Number(event.target.value);
          chooseAisle(chosen);
          move.mutate(
            { ingredientId: item.ingredient.id, aisleId: chosen },
            { onError: () => chooseAisle(null) },
          );
        }}
      >
        {aisles.map((aisle) => (
          <option key={aisle.id} value={aisle.id}>
            {aisle.name}
          </option>
        ))}
      </select>
      <label className="checkbox-inline">
        <input
          type="checkbox"
          checked={isStaple}
          // The set is read before it is replaced: wait for it rather than lose one.
          disabled={toggleStaple.isPending || staples.isPending}
          onChange={(event) => {
            const staple = event.target.checked;
            chooseStaple(staple);
            toggleStaple.mutate(
              { ingredientId: item.ingredient.id, staple },
              { onError: () => chooseStaple(null) },
            );
          }}
        />
        Always at home<span className="visually-hidden"> ({name})</span>
      </label>
      {error && (
        <p className="field-error" role="alert">
          Could not change {name}: {reasonOf(error)}
        </p>
      )}
    </div>
  );
}
