import type { PlannerEntry } from "@potluck/contract";
import { GROCERY_LIST_NAME_MAX } from "@potluck/contract/limits";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Modal, ModalActions } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import { usePlannerEntries } from "../api/get-entries";
import { useSendToList } from "../api/send-to-list";
import { guestsText, sendPreview } from "../entries";
import { problemOf } from "../messages";
import { addDays, type Day, slotName } from "../week";

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
  weekStart,
  shopping,
  onClose,
}: {
  owner: string;
  weekStart: Day;
  shopping: ShoppingLists;
  onClose: () => void;
}) {
  const end = addDays(weekStart, 6);
  const entries = usePlannerEntries(owner, weekStart, end);
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
        setError(t("planner.send.nameNewList"));
        return;
      }
      setCreating(true);
      try {
        list = await shopping.create(name);
      } catch (failure) {
        setError(t("planner.send.createFailed", { problem: problemOf(failure) }));
        return;
      } finally {
        setCreating(false);
      }
      setChosen(String(list.id));
      setNewName("");
    }
    const target = list;
    send.mutate(
      { listId: target.id, start: weekStart, end },
      {
        onSuccess: (answer) => {
          shopping.onSent(target.id);
          setResult({ list: target, sent: answer.sent, already: answer.already_sent });
        },
        onError: (failure) =>
          setError(t("planner.send.sendFailed", { problem: problemOf(failure) })),
      },
    );
  };

  return (
    <Modal
      title={t("planner.send.title")}
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      {result ? (
        <div className="planner-sent">
          {/* Focused when it appears: the form and its Send button are gone. */}
          <p ref={resultText} tabIndex={-1} role="status">
            {t("planner.send.sent", { count: result.sent, list: result.list.name })}
            {result.already > 0 && ` ${t("planner.send.already", { count: result.already })}`}
          </p>
          {/* What a cook does next is shop: the list is the first way on, Close the second. */}
          <div className="row">
            <Link to={`/grocery-list/${result.list.id}`} className="btn btn-primary">
              {t("planner.send.open", { list: result.list.name })}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t("planner.send.close")}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          {shopping.failed && (
            <LoadError
              text={t("planner.send.listsFailed")}
              onRetry={shopping.retry}
              retrying={false}
            />
          )}
          <div className="field">
            <label htmlFor={ids.list}>{t("planner.send.list")}</label>
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
              <option value={NEW_LIST}>{t("planner.send.newList")}</option>
            </select>
          </div>
          {listValue === NEW_LIST && (
            <div className="field">
              <label htmlFor={ids.name}>{t("planner.send.newListName")}</label>
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
                ? t("planner.send.weekRecipes")
                : current.toSend.length === 0
                  ? t("planner.send.nothingNew")
                  : t("planner.send.toSend", { count: current.toSend.length })}
            </h3>
            {entries.isPending ? (
              <p className="status-text">{t("planner.send.loading")}</p>
            ) : current.toSend.length === 0 ? (
              <p className="muted">
                {current.alreadySent.length > 0
                  ? t("planner.send.allSent")
                  : t("planner.send.noRecipes")}
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
                <h3 id={ids.sentHeading}>{t("planner.send.alreadySent")}</h3>
                <ul className="planner-send-list is-sent" aria-labelledby={ids.sentHeading}>
                  {current.alreadySent.map((entry) => (
                    <SendRow
                      key={entry.id}
                      entry={entry}
                      sentTo={
                        entry.sent_to
                          ? (nameOf(entry.sent_to.grocery_list_id) ?? t("planner.send.aList"))
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
            label={t("planner.send.send")}
            busy={send.isPending || creating}
            busyLabel={t("planner.send.sending")}
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
      <span className="planner-send-when">{slotName(entry.date, entry.slot)}</span>
      <span className="planner-send-what">
        {entry.recipe?.title}
        {entry.guests !== null && <span className="muted"> · {guestsText(entry.guests)}</span>}
      </span>
      {sentTo && (
        <span className="planner-send-sent">
          <span aria-hidden="true">✓ </span>
          {t("planner.send.sentTo", { list: sentTo })}
        </span>
      )}
    </li>
  );
}
