import type { Suggestion } from "@potluck/contract";
import { GUESTS_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { RecipeImage } from "../../../components/recipe-image";
import { useCreatePlannerEntry } from "../api/create-entry";
import { usePlannerEntries } from "../api/get-entries";
import { type SuggestRequest, suggestEntries } from "../api/suggest";
import { emptyDays, type GapSource, nothingToProposeText } from "../gaps";
import { problemOf } from "../messages";
import { addDays, type Day, dayName, SLOT_LABELS, type Slot, weekDays } from "../week";
import { type CollectionChoice, DEFAULT_GUESTS } from "./add-entry-dialog";
import { SlotFields } from "./slot-fields";

type Source = GapSource;

/**
 * "Fill the gaps": recipes proposed for the shown week's empty slots (dinner unless the cook
 * picks another meal), from their own recipes, a tag or a collection, one at a time to Accept
 * (planned at once), Reroll (another recipe for that day) or Skip.
 */
export function FillGapsDialog({
  owner,
  monday,
  collections,
  onClose,
}: {
  owner: string;
  monday: Day;
  collections: CollectionChoice[];
  onClose: () => void;
}) {
  const [slot, setSlot] = useState<Slot>("dinner");
  const [source, setSource] = useState<Source>("mine");
  const [tag, setTag] = useState("");
  const [collection, setCollection] = useState(String(collections[0]?.id ?? ""));
  const [guests, setGuests] = useState(String(DEFAULT_GUESTS));
  /** The proposals still to answer, the shown one first; null before the first ask. */
  const [queue, setQueue] = useState<Suggestion[] | null>(null);
  /** The days answered (accepted or skipped): asking again leaves them out. */
  const [done, setDone] = useState<string[]>([]);
  /** The recipes rerolled away. */
  const [excluded, setExcluded] = useState<number[]>([]);
  const [accepted, setAccepted] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const create = useCreatePlannerEntry(owner);
  // The week as the page shows it (the same cached query): says why nothing was proposed.
  const week = usePlannerEntries(owner, monday, addDays(monday, 6));
  const ids = {
    source: useId(),
    tag: useId(),
    collection: useId(),
    guests: useId(),
  };
  const firstField = useRef<HTMLElement>(null);
  const request = (): SuggestRequest => ({
    start: monday,
    end: addDays(monday, 6),
    slot,
    ...(source === "tag" ? { tag: tag.trim() } : {}),
    ...(source === "collection" ? { collection: Number(collection) } : {}),
  });
  const proposal = queue?.[0] ?? null;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const count = Number(guests);
    if (!Number.isInteger(count) || count < 1 || count > GUESTS_MAX) {
      setError(`Please enter the guests: a whole number from 1 to ${GUESTS_MAX}.`);
      return;
    }
    if (source === "tag" && !tag.trim()) {
      setError("Please type a tag.");
      return;
    }
    if (source === "collection" && !collection) {
      setError("Please choose a collection.");
      return;
    }
    setBusy(true);
    try {
      setQueue(await suggestEntries(owner, request()));
      setDone([]);
      setAccepted(0);
      setExcluded([]);
      setNote(null);
    } catch (failure) {
      setError(`Could not find recipes. ${problemOf(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Asks again for the days not answered yet: after an accept (the server then avoids the
   * recipe just planned on the days near it) and after a reroll (without the recipes rerolled
   * away). Returns the new proposals.
   */
  const askAgain = async (exclude: number[], answered: string[]) => {
    setBusy(true);
    try {
      const answer = await suggestEntries(owner, { ...request(), exclude });
      const remaining = answer.filter((other) => !answered.includes(other.date));
      setQueue(remaining);
      return remaining;
    } catch (failure) {
      setError(`Could not find more recipes. ${problemOf(failure)}`);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const skip = () => {
    if (!proposal || !queue) return;
    setDone([...done, proposal.date]);
    setQueue(queue.slice(1));
    setNote(null);
  };

  const accept = () => {
    if (!proposal) return;
    setError(null);
    create.mutate(
      {
        date: proposal.date,
        slot: proposal.slot,
        recipe_id: proposal.recipe.id,
        guests: Number(guests),
      },
      {
        onSuccess: () => {
          const answered = [...done, proposal.date];
          setDone(answered);
          setAccepted((count) => count + 1);
          setNote(`Added ${proposal.recipe.title} to ${dayName(proposal.date)}.`);
          void askAgain(excluded, answered);
        },
        onError: (failure) => setError(`Could not add it. ${problemOf(failure)}`),
      },
    );
  };

  const reroll = async () => {
    if (!proposal) return;
    setError(null);
    const exclude = [...excluded, proposal.recipe.id];
    setExcluded(exclude);
    const remaining = await askAgain(exclude, done);
    if (remaining === null) return;
    setNote(
      remaining[0]?.date === proposal.date
        ? null
        : `No other recipe to propose for ${dayName(proposal.date)}.`,
    );
  };

  return (
    <Modal
      title="Fill the gaps"
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      {queue === null ? (
        <form className="form" onSubmit={(event) => void start(event)} noValidate>
          <p className="muted">
            Recipes for this week's empty slots, never one you planned in the two weeks before.
          </p>
          <SlotFields slot={slot} onSlotChange={setSlot} firstField={firstField} />
          <fieldset className="field choice-group">
            <legend>Recipes from</legend>
            {(
              [
                ["mine", "My recipes"],
                ["tag", "A tag"],
                ...(collections.length > 0 ? [["collection", "One of my collections"]] : []),
              ] as [Source, string][]
            ).map(([value, label]) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name={ids.source}
                  checked={source === value}
                  onChange={() => setSource(value)}
                />
                <span className="choice-label">{label}</span>
              </label>
            ))}
          </fieldset>
          {source === "tag" && (
            <div className="field">
              <label htmlFor={ids.tag}>Tag</label>
              <input
                id={ids.tag}
                type="text"
                maxLength={30}
                autoComplete="off"
                placeholder="vegetarian, quick…"
                value={tag}
                onChange={(event) => setTag(event.target.value)}
              />
            </div>
          )}
          {source === "collection" && (
            <div className="field">
              <label htmlFor={ids.collection}>Collection</label>
              <select
                id={ids.collection}
                value={collection}
                onChange={(event) => setCollection(event.target.value)}
              >
                {collections.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field planner-guests-field">
            <label htmlFor={ids.guests}>Guests</label>
            <input
              id={ids.guests}
              type="number"
              inputMode="numeric"
              min={1}
              max={GUESTS_MAX}
              value={guests}
              onChange={(event) => setGuests(event.target.value)}
            />
          </div>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <ModalActions
            label="Suggest recipes"
            busy={busy}
            busyLabel="Looking..."
            onCancel={onClose}
          />
        </form>
      ) : proposal ? (
        <div className="planner-proposal">
          <p className="muted">
            {done.length + 1} of {done.length + queue.length}
          </p>
          <h3>
            {dayName(proposal.date)}, {SLOT_LABELS[proposal.slot]}
          </h3>
          <div className="planner-proposal-recipe">
            <RecipeImage src={proposal.recipe.image_card} alt="" className="planner-thumb" />
            <strong>{proposal.recipe.title}</strong>
          </div>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={accept}
              disabled={busy || create.isPending}
            >
              Accept
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void reroll()}
              disabled={busy || create.isPending}
            >
              {busy ? "Looking..." : "Reroll"}
            </button>
            <button type="button" className="btn btn-ghost" onClick={skip} disabled={busy}>
              Skip
            </button>
          </div>
          <p className="muted" role="status">
            {note}
          </p>
        </div>
      ) : (
        <div className="planner-proposal" role="status">
          <p>
            {queue.length === 0
              ? nothingToProposeText(
                  emptyDays(week.data ?? [], weekDays(monday), slot),
                  slot,
                  source,
                )
              : accepted === 0
                ? "Nothing was added."
                : `Done: ${accepted === 1 ? "1 recipe" : `${accepted} recipes`} added to the week.`}
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setQueue(null)}>
              Start again
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
