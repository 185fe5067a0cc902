import type { PlannerEntry } from "@potluck/contract";
import { Link } from "react-router";
import { RecipeImage } from "../../../components/recipe-image";
import { t } from "../../../lib/i18n";
import { entryLabel, guestsText } from "../entries";
import type { DragHooks } from "./drag-hooks";
import { type EntryAction, EntryMenu } from "./entry-menu";
import { EntryTable } from "./entry-warnings";

/**
 * A planned meal in its cell: the recipe's picture, title (a link to it), guests, who eats it
 * when not everyone does and what does not suit them, or the note's text; a grip to drag it with (the keyboard's way in: Space or Enter on the grip) and
 * its ⋯ menu. A mouse or finger can drag it from anywhere on the card.
 */
export function EntryCard({
  entry,
  where,
  table,
  onAction,
  drag,
}: {
  entry: PlannerEntry;
  /** The ids of the planner's people, once known. */
  table: readonly number[] | undefined;
  /** Where it is planned ("Tuesday 3 June, Dinner"), for the names of its buttons. */
  where: string;
  onAction: (entry: PlannerEntry, action: EntryAction) => void;
  drag: DragHooks;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = drag.useCardDrag(
    entry.id,
    { entry },
  );
  const label = t("planner.entry.label", { what: entryLabel(entry), where });
  return (
    <li
      ref={setNodeRef}
      className={`planner-entry${entry.recipe ? "" : " planner-note"}${isDragging ? " is-dragging" : ""}`}
      data-entry-id={entry.id}
      {...listeners}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="planner-grip"
        {...attributes}
        aria-label={t("planner.entry.drag", { label })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <EntryContent entry={entry} table={table} />
      <EntryMenu
        label={label}
        // A recipe no longer available has neither guests to change nor a note to edit.
        editLabel={
          entry.recipe
            ? t("planner.entry.changeGuests")
            : entry.unavailable_recipe
              ? null
              : t("planner.entry.editNote")
        }
        eaters={entry.recipe !== null}
        onAction={(action) => onAction(entry, action)}
      />
    </li>
  );
}

/** What a card shows of its meal; also the card that follows the pointer while dragging. */
export function EntryContent({
  entry,
  table,
  linked = true,
}: {
  entry: PlannerEntry;
  table?: readonly number[];
  linked?: boolean;
}) {
  if (entry.unavailable_recipe) {
    // Its cook deleted their account: the title stays, without a link (issue 34 §3).
    return (
      <div className="planner-entry-body">
        <span className="planner-title">{entry.unavailable_recipe.title}</span>
        <span className="planner-guests">{t("planner.entry.unavailable")}</span>
      </div>
    );
  }
  if (!entry.recipe) return <p className="planner-entry-body planner-note-text">{entry.note}</p>;
  const { recipe } = entry;
  return (
    <>
      <RecipeImage src={recipe.image_card} alt="" className="planner-thumb" />
      <div className="planner-entry-body">
        {linked ? (
          <Link
            to={`/recipe/${recipe.id}/${recipe.slug}`}
            className="planner-title"
            draggable={false}
          >
            {recipe.title}
          </Link>
        ) : (
          <span className="planner-title">{recipe.title}</span>
        )}
        {entry.guests !== null && (
          <span className="planner-guests">{guestsText(entry.guests)}</span>
        )}
        <EntryTable entry={entry} table={table} />
      </div>
    </>
  );
}
