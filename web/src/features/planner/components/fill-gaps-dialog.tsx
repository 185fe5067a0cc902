import type { Suggestion } from "@potluck/contract";
import { GUESTS_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { RecipeImage } from "../../../components/recipe-image";
import { t } from "../../../lib/i18n";
import { useCreatePlannerEntry } from "../api/create-entry";
import { usePlannerEntries } from "../api/get-entries";
import { type SuggestRequest, suggestEntries } from "../api/suggest";
import { emptyDays, type GapSource, nothingToProposeText } from "../gaps";
import { problemOf } from "../messages";
import { addDays, type Day, dayName, type Slot, slotName, weekDays } from "../week";
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
  weekStart,
  collections,
  onClose,
}: {
  owner: string;
  weekStart: Day;
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
  const week = usePlannerEntries(owner, weekStart, addDays(weekStart, 6));
  const ids = {
    source: useId(),
    tag: useId(),
    collection: useId(),
    guests: useId(),
  };
  const firstField = useRef<HTMLElement>(null);
  const request = (): SuggestRequest => ({
    start: weekStart,
    end: addDays(weekStart, 6),
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
      setError(t("planner.form.guestsRange", { max: String(GUESTS_MAX) }));
      return;
    }
    if (source === "tag" && !tag.trim()) {
      setError(t("planner.fill.typeTag"));
      return;
    }
    if (source === "collection" && !collection) {
      setError(t("planner.fill.chooseCollection"));
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
      setError(t("planner.fill.findFailed", { problem: problemOf(failure) }));
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
      setError(t("planner.fill.findMoreFailed", { problem: problemOf(failure) }));
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
          setNote(
            t("planner.fill.added", { title: proposal.recipe.title, day: dayName(proposal.date) }),
          );
          void askAgain(excluded, answered);
        },
        onError: (failure) =>
          setError(t("planner.fill.addFailed", { problem: problemOf(failure) })),
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
        : t("planner.fill.noOther", { day: dayName(proposal.date) }),
    );
  };

  return (
    <Modal
      title={t("planner.fill.title")}
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      {queue === null ? (
        <form className="form" onSubmit={(event) => void start(event)} noValidate>
          <p className="muted">{t("planner.fill.intro")}</p>
          <SlotFields slot={slot} onSlotChange={setSlot} firstField={firstField} />
          <fieldset className="field choice-group">
            <legend>{t("planner.fill.from")}</legend>
            {(
              [
                ["mine", t("planner.fill.fromMine")],
                ["tag", t("planner.fill.fromTag")],
                ...(collections.length > 0
                  ? [["collection", t("planner.fill.fromCollection")]]
                  : []),
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
              <label htmlFor={ids.tag}>{t("planner.fill.tag")}</label>
              <input
                id={ids.tag}
                type="text"
                maxLength={30}
                autoComplete="off"
                placeholder={t("planner.fill.tagPlaceholder")}
                value={tag}
                onChange={(event) => setTag(event.target.value)}
              />
            </div>
          )}
          {source === "collection" && (
            <div className="field">
              <label htmlFor={ids.collection}>{t("planner.fill.collection")}</label>
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
            <label htmlFor={ids.guests}>{t("planner.form.guests")}</label>
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
            label={t("planner.fill.suggest")}
            busy={busy}
            busyLabel={t("planner.fill.looking")}
            onCancel={onClose}
          />
        </form>
      ) : proposal ? (
        <div className="planner-proposal">
          <p className="muted">
            {t("planner.fill.progress", {
              index: done.length + 1,
              total: done.length + queue.length,
            })}
          </p>
          <h3>{slotName(proposal.date, proposal.slot)}</h3>
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
              {t("planner.fill.accept")}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void reroll()}
              disabled={busy || create.isPending}
            >
              {busy ? t("planner.fill.looking") : t("planner.fill.reroll")}
            </button>
            <button type="button" className="btn btn-ghost" onClick={skip} disabled={busy}>
              {t("planner.fill.skip")}
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
                  emptyDays(week.data ?? [], weekDays(weekStart), slot),
                  slot,
                  source,
                )
              : accepted === 0
                ? t("planner.fill.nothingAdded")
                : t("planner.fill.done", { count: accepted })}
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t("planner.fill.close")}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setQueue(null)}>
              {t("planner.fill.startAgain")}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
