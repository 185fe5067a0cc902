import { GUESTS_MAX, PLANNER_NOTE_MAX } from "@potluck/contract/limits";
import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { deferred } from "../../../components/deferred";
import { Modal, ModalActions } from "../../../components/modal";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { type NewEntry, useCreatePlannerEntry } from "../api/create-entry";
import { type RecipeOption, type RecipeSource, searchRecipeOptions } from "../api/search-recipes";
import { problemOf } from "../messages";
import { type Day, dayName, SLOT_LABELS, type Slot } from "../week";

/** The recipe picker, loaded when the dialog opens: react-select is a third of a page. */
const RecipePicker = deferred(
  async () => (await import("./recipe-picker-select")).RecipePickerSelect,
  ({ inputId, value }) => <SelectPlaceholder inputId={inputId} text={value?.name} />,
);

export const DEFAULT_GUESTS = 4;

/** A collection of mine the recipe search can look in. */
export interface CollectionChoice {
  id: number;
  name: string;
}

/**
 * "Add to Tuesday 3 June, Dinner": a recipe (searched in everything I may read, my own
 * recipes, or one of my collections) with its guests, or a note ("Leftovers", "Eat out").
 */
export function AddEntryDialog({
  owner,
  day,
  slot,
  collections,
  onAdded,
  onClose,
}: {
  owner: string;
  day: Day;
  slot: Slot;
  collections: CollectionChoice[];
  onAdded: (what: string) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<"recipe" | "note">("recipe");
  const [sourceValue, setSourceValue] = useState("all");
  const [recipe, setRecipe] = useState<RecipeOption | null>(null);
  const [guests, setGuests] = useState(String(DEFAULT_GUESTS));
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePlannerEntry(owner);
  const ids = { kind: useId(), source: useId(), recipe: useId(), guests: useId(), note: useId() };
  const firstField = useRef<HTMLInputElement>(null);
  const source = sourceOf(sourceValue);
  const loadOptions = useCallback(
    (text: string) => searchRecipeOptions(sourceOf(sourceValue), text),
    [sourceValue],
  );

  /** The entry the form describes, or what is missing from it. */
  const entryOrProblem = (): { entry: NewEntry; what: string } | string => {
    if (kind === "note") {
      const text = note.trim();
      return text ? { entry: { date: day, slot, note: text }, what: text } : "Please type a note.";
    }
    const count = Number(guests);
    if (!recipe) return "Please choose a recipe.";
    if (!Number.isInteger(count) || count < 1 || count > GUESTS_MAX) {
      return `Please enter the guests: a whole number from 1 to ${GUESTS_MAX}.`;
    }
    return { entry: { date: day, slot, recipe_id: recipe.id, guests: count }, what: recipe.name };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = entryOrProblem();
    if (typeof checked === "string") {
      setError(checked);
      return;
    }
    setError(null);
    create.mutate(checked.entry, {
      onSuccess: () => onAdded(checked.what),
      onError: (failure) => setError(problemOf(failure)),
    });
  };

  return (
    <Modal
      title={`Add to ${dayName(day)}, ${SLOT_LABELS[slot]}`}
      onClose={onClose}
      initialFocus={firstField}
    >
      <form className="form planner-add-form" onSubmit={onSubmit} noValidate>
        <fieldset className="field choice-group planner-kind">
          <legend>What to add</legend>
          <label className="choice">
            <input
              ref={firstField}
              type="radio"
              name={ids.kind}
              checked={kind === "recipe"}
              onChange={() => setKind("recipe")}
            />
            <span className="choice-label">A recipe</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={ids.kind}
              checked={kind === "note"}
              onChange={() => setKind("note")}
            />
            <span className="choice-label">A note</span>
          </label>
        </fieldset>
        {kind === "recipe" ? (
          <>
            <div className="field">
              <label htmlFor={ids.source}>Look in</label>
              <select
                id={ids.source}
                value={sourceValue}
                onChange={(event) => {
                  setSourceValue(event.target.value);
                  setRecipe(null);
                }}
              >
                <option value="all">All recipes I can see</option>
                <option value="mine">My recipes</option>
                {collections.length > 0 && (
                  <optgroup label="My collections">
                    {collections.map((collection) => (
                      <option key={collection.id} value={`collection:${collection.id}`}>
                        {collection.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.recipe}>Recipe</label>
              {/* A new source starts a new search (the picker keeps its answers per text). */}
              <RecipePicker
                key={sourceValue}
                inputId={ids.recipe}
                value={recipe}
                onChange={setRecipe}
                loadOptions={loadOptions}
              />
              {source.kind === "all" && (
                <p className="hint">
                  Your own recipes come first; type to search every recipe you can see.
                </p>
              )}
            </div>
            <div className="field planner-guests-field">
              <label htmlFor={ids.guests}>Guests</label>
              <input
                id={ids.guests}
                type="number"
                inputMode="numeric"
                min={1}
                max={GUESTS_MAX}
                step={1}
                value={guests}
                onChange={(event) => setGuests(event.target.value)}
              />
            </div>
          </>
        ) : (
          <div className="field">
            <label htmlFor={ids.note}>Note</label>
            <input
              id={ids.note}
              type="text"
              maxLength={PLANNER_NOTE_MAX}
              autoComplete="off"
              placeholder="Leftovers, Eat out…"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        )}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <ModalActions
          label="Add"
          busy={create.isPending}
          busyLabel="Adding..."
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

function sourceOf(value: string): RecipeSource {
  if (value === "mine") return { kind: "mine" };
  if (value.startsWith("collection:")) return { kind: "collection", id: Number(value.slice(11)) };
  return { kind: "all" };
}
