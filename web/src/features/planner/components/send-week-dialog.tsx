import type { PlannerEntry } from "@potluck/contract";
import { GROCERY_LIST_NAME_MAX } from "@potluck/contract/limits";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Modal, ModalActions } from "../../../components/modal";
import { usePlannerEntries } from "../api/get-entries";
import { useSendToList } from "../api/send-to-list";
import { guestsText, sendPreview } from "../entries";
import { problemOf } from "../messages";
import { addDays, type Day, dayName, SLOT_LABELS } from "../week";

/** A shopping list the week can go to (the page brings them from the groceries feature). */
export interface ShoppingListChoice {
  id: number;
  name: string;
  /** How it reads in the picker ("Market (shared by ann)"). */
  label: string;
}

/** The shopping lists and how to make one, as the page hands them over. */
export interface ShoppingLists {
  lists: ShoppingListChoice[] | undefined;
  failed: boolean;
  retry: () => void;
  create: (name: string) => Promise<ShoppingListChoice>;
  /** After a send: the list's planned recipes and lines have changed. */
  onSent: (listId: number) => void;
}

const NEW_LIST = "new";

/**
 * "Add to shopping list" for the shown week: choose a list (or name a new one), see which
 * recipes will go (those not sent yet, with their day and guests; those already sent are
 * listed apart), and send them in one step.
 */
export function SendWeekDialog({
  owner,
  monday,
  shopping,
  onClose,
}: {
  owner: string;
  monday: Day;
  shopping: ShoppingLists;
  onClose: () => void;
}) {
  const end = addDays(monday, 6);
  const entries = usePlannerEntries(owner, monday, end);
  const send = useSendToList(owner);
  const lists = shopping.lists ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [result, setResult] = useState<{
    list: ShoppingListChoice;
    sent: number;
    already: number;
  } | null>(null);
  const current = sendPreview(entries.data ?? []);
  const listValue = chosen ?? (lists[0] ? String(lists[0].id) : NEW_LIST);
  const ids = { list: useId(), name: useId(), heading: useId(), sentHeading: useId() };
  const firstField = useRef<HTMLSelectElement>(null);
  const resultText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultText.current?.focus();
  }, [result]);
  const nameOf = (listId: number) => lists.find((list) => list.id === listId)?.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let list = lists.find((candidate) => String(candidate.id) === listValue);
    if (!list) {
      const name = newName.trim();
      if (!name) {
        setError("Please name the new list.");
        return;
      }
      setCreating(true);
      try {
        list = await shopping.create(name);
      } catch (failure) {
        setError(`Could not create the list. ${problemOf(failure)}`);
        return;
      } finally {
        setCreating(false);
      }
      setChosen(String(list.id));
      setNewName("");
    }
    const target = list;
    send.mutate(
      { listId: target.id, start: monday, end },
      {
        onSuccess: (answer) => {
          shopping.onSent(target.id);
          setResult({ list: target, sent: answer.sent, already: answer.already_sent });
        },
        onError: (failure) => setError(`Could not send the week. ${problemOf(failure)}`),
      },
    );
  };

  return (
    <Modal
      title="Add to shopping list"
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      {result ? (
        <div className="planner-sent">
          {/* Focused when it appears: the form and its Send button are gone. */}
          <p ref={resultText} tabIndex={-1} role="status">
            Sent {result.sent === 1 ? "1 recipe" : `${result.sent} recipes`} to {result.list.name}.
            {result.already > 0 &&
              ` ${result.already === 1 ? "1 was" : `${result.already} were`} already on a list.`}
          </p>
          {/* What a cook does next is shop: the list is the first way on, Close the second. */}
          <div className="row">
            <Link to={`/grocery-list/${result.list.id}`} className="btn btn-primary">
              Open {result.list.name}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          {shopping.failed && (
            <LoadError
              text="Your shopping lists could not be loaded."
              onRetry={shopping.retry}
              retrying={false}
            />
          )}
          <div className="field">
            <label htmlFor={ids.list}>Shopping list</label>
            <select
              ref={firstField}
              id={ids.list}
              value={listValue}
              disabled={shopping.lists === undefined && !shopping.failed}
              onChange={(event) => setChosen(event.target.value)}
            >
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.label}
                </option>
              ))}
              <option value={NEW_LIST}>A new list…</option>
            </select>
          </div>
          {listValue === NEW_LIST && (
            <div className="field">
              <label htmlFor={ids.name}>New list name</label>
              <input
                id={ids.name}
                type="text"
                maxLength={GROCERY_LIST_NAME_MAX}
                autoComplete="off"
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
              />
            </div>
          )}
          <section aria-labelledby={ids.heading} className="planner-send-preview">
            <h3 id={ids.heading}>
              {entries.isPending
                ? "This week's recipes"
                : current.toSend.length === 0
                  ? "Nothing new to send"
                  : `To send: ${current.toSend.length === 1 ? "1 recipe" : `${current.toSend.length} recipes`}`}
            </h3>
            {entries.isPending ? (
              <p className="status-text">Loading...</p>
            ) : current.toSend.length === 0 ? (
              <p className="muted">
                {current.alreadySent.length > 0
                  ? "Every recipe of this week is already on a shopping list."
                  : "There are no recipes planned this week. Notes are not sent."}
              </p>
            ) : (
              <ul className="planner-send-list">
                {current.toSend.map((entry) => (
                  <SendRow key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
            {current.alreadySent.length > 0 && (
              <>
                <h3 id={ids.sentHeading}>Already sent</h3>
                <ul className="planner-send-list is-sent" aria-labelledby={ids.sentHeading}>
                  {current.alreadySent.map((entry) => (
                    <SendRow
                      key={entry.id}
                      entry={entry}
                      sentTo={
                        entry.sent_to
                          ? (nameOf(entry.sent_to.grocery_list_id) ?? "a list")
                          : undefined
                      }
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <ModalActions
            label="Send"
            busy={send.isPending || creating}
            busyLabel="Sending..."
            disabled={current.toSend.length === 0}
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}

function SendRow({ entry, sentTo }: { entry: PlannerEntry; sentTo?: string }) {
  return (
    <li>
      <span className="planner-send-when">
        {dayName(entry.date)}, {SLOT_LABELS[entry.slot]}
      </span>
      <span className="planner-send-what">
        {entry.recipe?.title}
        {entry.guests !== null && <span className="muted"> · {guestsText(entry.guests)}</span>}
      </span>
      {sentTo && (
        <span className="planner-send-sent">
          <span aria-hidden="true">✓ </span>on {sentTo}
        </span>
      )}
    </li>
  );
}
