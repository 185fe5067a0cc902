import { GROCERY_LIST_NAME_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { deferred } from "../../../components/deferred";
import { LoadError } from "../../../components/load-error";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useSeenOnScreen } from "../../../lib/use-seen-on-screen";
import { useCreateGroceryList } from "../api/create-grocery-list";
import { useGroceryLists } from "../api/get-grocery-lists";
import { useShoppingLinesSettled } from "../api/get-shopping-items";
import { listLabel } from "../format";

/** The lists' picker, loaded once near the screen: react-select is a third of a page. */
const ListPicker = deferred(
  async () => (await import("./list-picker-select")).ListPickerSelect,
  ({ inputId, selected, labelOf }) => (
    <SelectPlaceholder inputId={inputId} text={selected ? labelOf(selected) : undefined} />
  ),
);

/** The server's words for a blank name (a 400 on `name`), checked before sending. */
const blankText = () => t("groceries.createList.blank");

/** The first message of a 400's `name` field errors, if that is what the server said. */
function nameErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { name?: unknown } | null;
  const first = Array.isArray(body?.name) ? body.name[0] : undefined;
  return typeof first === "string" ? first : null;
}

/**
 * On both grocery screens: create a list, pick one (the route's list is the selected one;
 * lists shared with me name their owner). Selecting means navigating to its page. Sharing and
 * deleting the open list are at the top of its page (list-actions.tsx).
 */
export function ListSelection({ selectedId }: { selectedId: number | null }) {
  const navigate = useNavigate();
  const lists = useGroceryLists();
  const createList = useCreateGroceryList();
  const [name, setName] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  // What is wrong with the name, under the field: blank (checked here, in the server's words)
  // or the server's own message for the name.
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const nameErrorId = useId();
  const nameId = useId();
  const pickerId = useId();
  const pick = useRef<HTMLDivElement>(null);
  const pickerOnScreen = useSeenOnScreen(pick, useShoppingLinesSettled(selectedId));
  const selected = lists.data?.find((list) => list.id === selectedId) ?? null;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setCreateError(null);
    if (!trimmed) {
      setNameError(blankText());
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    createList.mutate(trimmed, {
      onSuccess: (created) => {
        setName("");
        navigate(`/grocery-list/${created.id}`);
      },
      onError: (error) => {
        const forName = nameErrorOf(error);
        if (forName) {
          setNameError(forName);
          nameInput.current?.focus();
        } else setCreateError(t("groceries.createList.failed", { reason: reasonOf(error) }));
      },
    });
  };

  return (
    <div className="card grocery-selection">
      <form className="grocery-create" onSubmit={onCreate} noValidate>
        <div className="field">
          <label htmlFor={nameId}>{t("groceries.createList.nameLabel")}</label>
          <input
            ref={nameInput}
            id={nameId}
            name="name"
            required
            maxLength={GROCERY_LIST_NAME_MAX}
            autoComplete="off"
            value={name}
            aria-invalid={nameError !== null || undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={createList.isPending}>
          {t("groceries.createList.submit")}
        </button>
        {nameError && (
          <p id={nameErrorId} className="field-error" role="alert">
            {nameError}
          </p>
        )}
      </form>
      {createError && (
        <div className="alert alert-error" role="alert">
          {createError}
        </div>
      )}
      {lists.isError && (
        <LoadError
          text={t("groceries.lists.loadFailed")}
          onRetry={() => void lists.refetch()}
          retrying={lists.isFetching}
        />
      )}
      <div ref={pick} className="grocery-pick">
        <div className="field">
          <label htmlFor={pickerId}>{t("groceries.lists.pickerLabel")}</label>
          <ListPicker
            load={pickerOnScreen}
            inputId={pickerId}
            lists={lists.data ?? []}
            selected={selected}
            loading={lists.isPending}
            labelOf={listLabel}
            onPick={(list) => navigate(`/grocery-list/${list.id}`)}
          />
        </div>
      </div>
    </div>
  );
}
