import { GUESTS_MAX, PLANNER_NOTE_MAX } from "@potluck/contract/limits";
import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { deferred } from "../../../components/deferred";
import { Modal, ModalActions } from "../../../components/modal";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { t } from "../../../lib/i18n";
import { type NewEntry, useCreatePlannerEntry } from "../api/create-entry";
import { type RecipeOption, type RecipeSource, searchRecipeOptions } from "../api/search-recipes";
import { problemOf } from "../messages";
import { type Day, type Slot, slotName } from "../week";

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
      return text
        ? { entry: { date: day, slot, note: text }, what: text }
        : t("planner.form.typeNote");
    }
    const count = Number(guests);
    if (!recipe) return t("planner.form.chooseRecipe");
    if (!Number.isInteger(count) || count < 1 || count > GUESTS_MAX) {
      return t("planner.form.guestsRange", { max: String(GUESTS_MAX) });
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
      title={t("planner.add.title", { where: slotName(day, slot) })}
      onClose={onClose}
      initialFocus={firstField}
    >
      <form className="form planner-add-form" onSubmit={onSubmit} noValidate>
        <fieldset className="field choice-group planner-kind">
          <legend>{t("planner.add.what")}</legend>
          <label className="choice">
            <input
              ref={firstField}
              type="radio"
              name={ids.kind}
              checked={kind === "recipe"}
              onChange={() => setKind("recipe")}
            />
            <span className="choice-label">{t("planner.add.aRecipe")}</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={ids.kind}
              checked={kind === "note"}
              onChange={() => setKind("note")}
            />
            <span className="choice-label">{t("planner.add.aNote")}</span>
          </label>
        </fieldset>
        {kind === "recipe" ? (
          <>
            <div className="field">
              <label htmlFor={ids.source}>{t("planner.add.lookIn")}</label>
              <select
                id={ids.source}
                value={sourceValue}
                onChange={(event) => {
                  setSourceValue(event.target.value);
                  setRecipe(null);
                }}
              >
                <option value="all">{t("planner.add.allRecipes")}</option>
                <option value="mine">{t("planner.add.myRecipes")}</option>
                {collections.length > 0 && (
                  <optgroup label={t("planner.add.myCollections")}>
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
              <label htmlFor={ids.recipe}>{t("planner.add.recipe")}</label>
              {/* A new source starts a new search (the picker keeps its answers per text). */}
              <RecipePicker
                key={sourceValue}
                inputId={ids.recipe}
                value={recipe}
                onChange={setRecipe}
                loadOptions={loadOptions}
              />
              {source.kind === "all" && <p className="hint">{t("planner.add.recipeHint")}</p>}
            </div>
            <div className="field planner-guests-field">
              <label htmlFor={ids.guests}>{t("planner.form.guests")}</label>
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
            <label htmlFor={ids.note}>{t("planner.form.note")}</label>
            <input
              id={ids.note}
              type="text"
              maxLength={PLANNER_NOTE_MAX}
              autoComplete="off"
              placeholder={t("planner.add.notePlaceholder")}
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
          label={t("planner.add.submit")}
          busy={create.isPending}
          busyLabel={t("planner.form.adding")}
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
