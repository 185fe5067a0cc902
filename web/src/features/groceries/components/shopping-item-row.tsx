import type { Aisle, ShoppingItem, UnitsPreference } from "@potluck/contract";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { reasonOf } from "../../../lib/api-client";
import { LeftToRightNumbers } from "../../../lib/bidi";
import { isFocusLost } from "../../../lib/focus";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useChosen } from "../../../lib/use-chosen";
import { useTextCut } from "../../../lib/use-text-cut";
import { useMoveIngredientAisle, useMoveTextAisle } from "../api/aisles";
import { useStaples, useToggleStaple } from "../api/staples";
import { tickItem } from "../api/tick-queue";
import { listLineText } from "../line-text";

/**
 * One line: the whole row is the label of its checkbox, so a tap anywhere on it ticks it.
 * Its recipes ("for Pie (4 guests) & Cake (8 guests)…") take one line, cut short when they
 * don't fit, with a button beside it that shows them all. With `aisles` (arranging), the
 * controls that move it to another aisle or mark it as a staple.
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
  const what = listLineText(item, units).text;
  const recipes = useRef<HTMLSpanElement>(null);
  const recipesId = useId();
  const cut = useTextCut(recipes, item.from_recipes);
  const [expanded, setExpanded] = useState(false);
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
        <span className="shopping-item-text">
          <span className="shopping-item-what">
            <LeftToRightNumbers text={what} />
          </span>{" "}
          <span
            ref={recipes}
            id={recipesId}
            className={expanded ? "shopping-item-for is-expanded" : "shopping-item-for"}
          >
            {t("groceries.item.forRecipes", { recipes: item.from_recipes })}
          </span>
        </span>
      </label>
      {(cut || expanded) && (
        // Its mark is drawn by CSS: the row's text stays the line's words alone.
        <button
          type="button"
          className="icon-button shopping-item-more"
          aria-expanded={expanded}
          aria-controls={recipesId}
          aria-label={t("groceries.item.allRecipes", { what })}
          onClick={() => setExpanded((shown) => !shown)}
        />
      )}
      {aisles && <ArrangeItem item={item} aisles={aisles} />}
    </li>
  );
}

/**
 * Where this cook finds the line: an ingredient's aisle and whether it is always at home, or
 * a free-text line's aisle (remembered for its text; staples are catalogue ingredients only).
 */
function ArrangeItem({ item, aisles }: { item: ShoppingItem; aisles: Aisle[] }) {
  const ingredientId = item.ingredient.id;
  if (item.text !== null || ingredientId === null) {
    return (
      <ArrangeFreeText
        text={item.text ?? item.ingredient.name}
        aisleId={item.aisle.id}
        aisles={aisles}
      />
    );
  }
  return <ArrangeIngredient item={item} ingredientId={ingredientId} aisles={aisles} />;
}

function ArrangeIngredient({
  item,
  ingredientId,
  aisles,
}: {
  item: ShoppingItem;
  ingredientId: number;
  aisles: Aisle[];
}) {
  const move = useMoveIngredientAisle();
  const staples = useStaples();
  const toggleStaple = useToggleStaple();
  const [isStaple, chooseStaple] = useChosen(item.is_staple);
  const name = item.ingredient.name;
  const error = move.error ?? toggleStaple.error;
  return (
    <div className="shopping-item-arrange">
      <AisleSelect
        name={name}
        aisleId={item.aisle.id}
        aisles={aisles}
        moving={move.isPending}
        onMove={(aisleId, undo) => move.mutate({ ingredientId, aisleId }, { onError: undo })}
      />
      <label className="checkbox-inline">
        <input
          type="checkbox"
          checked={isStaple}
          // The set is read before it is replaced: wait for it rather than lose one.
          disabled={toggleStaple.isPending || staples.isPending}
          onChange={(event) => {
            const staple = event.target.checked;
            chooseStaple(staple);
            toggleStaple.mutate({ ingredientId, staple }, { onError: () => chooseStaple(null) });
          }}
        />
        {tRich("groceries.item.staple", {
          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
          name,
        })}
      </label>
      {error && (
        <p className="field-error" role="alert">
          {t("groceries.item.changeFailed", { name, reason: reasonOf(error) })}
        </p>
      )}
    </div>
  );
}

function ArrangeFreeText({
  text,
  aisleId,
  aisles,
}: {
  text: string;
  aisleId: number;
  aisles: Aisle[];
}) {
  const move = useMoveTextAisle();
  return (
    <div className="shopping-item-arrange">
      <AisleSelect
        name={text}
        aisleId={aisleId}
        aisles={aisles}
        moving={move.isPending}
        onMove={(chosen, undo) => move.mutate({ text, aisleId: chosen }, { onError: undo })}
      />
      {move.error && (
        <p className="field-error" role="alert">
          {t("groceries.item.changeFailed", { name: text, reason: reasonOf(move.error) })}
        </p>
      )}
    </div>
  );
}

/** The aisle a line is in, for this cook: the choice shows at once, and goes back if refused. */
function AisleSelect({
  name,
  aisleId,
  aisles,
  moving,
  onMove,
}: {
  name: string;
  aisleId: number;
  aisles: Aisle[];
  moving: boolean;
  onMove: (aisleId: number, undo: () => void) => void;
}) {
  const selectId = useId();
  const [shown, choose] = useChosen(aisleId);
  return (
    <>
      <label htmlFor={selectId} className="visually-hidden">
        {t("groceries.item.aisleFor", { name })}
      </label>
      <select
        id={selectId}
        value={shown}
        disabled={moving}
        onChange={(event) => {
          const chosen = Number(event.target.value);
          choose(chosen);
          onMove(chosen, () => choose(null));
        }}
      >
        {aisles.map((aisle) => (
          <option key={aisle.id} value={aisle.id}>
            {aisle.name}
          </option>
        ))}
      </select>
    </>
  );
}
