import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import Select from "react-select";
import { MENU_MAX_HEIGHT, MENU_MIN_HEIGHT, selectStyles } from "../../../components/select-styles";
import { reasonOf } from "../../../lib/api-client";
import { useCreateGroceryList } from "../api/create-grocery-list";
import { useDeleteGroceryList } from "../api/delete-grocery-list";
import { useGroceryLists } from "../api/get-grocery-lists";

interface ListOption {
  id: number;
  name: string;
}
const styles = selectStyles<ListOption>();

/**
 * The header of both grocery screens: create a list, pick one (the route's list is the
 * selected one), delete the selected one. Selecting means navigating to its page.
 */
export function ListSelection({ selectedId }: { selectedId: number | null }) {
  const navigate = useNavigate();
  const lists = useGroceryLists();
  const createList = useCreateGroceryList();
  const deleteList = useDeleteGroceryList();
  const [name, setName] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const nameId = useId();
  const pickerId = useId();
  const selected = lists.data?.find((list) => list.id === selectedId) ?? null;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setCreateError(null);
    createList.mutate(trimmed, {
      onSuccess: (created) => {
        setName("");
        navigate(`/grocery-list/${created.id}`);
      },
      onError: (error) => setCreateError(`Failed to create the list. ${reasonOf(error)}`),
    });
  };

  const onDelete = () => {
    if (!selected) return;
    deleteList.mutate(selected.id, { onSuccess: () => navigate("/grocery-lists") });
  };

  return (
    <div className="card grocery-selection">
      <form className="grocery-create" onSubmit={onCreate}>
        <div className="field">
          <label htmlFor={nameId}>New list name</label>
          <input
            id={nameId}
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={createList.isPending}>
          Create New List
        </button>
      </form>
      {createError && (
        <div className="alert alert-error" role="alert">
          {createError}
        </div>
      )}
      <div className="grocery-pick">
        <div className="field">
          <label htmlFor={pickerId}>Your lists</label>
          <Select<ListOption, false>
            inputId={pickerId}
            options={lists.data ?? []}
            value={selected}
            onChange={(option) => option && navigate(`/grocery-list/${option.id}`)}
            getOptionLabel={(option) => option.name}
            getOptionValue={(option) => String(option.id)}
            placeholder="Select a list"
            isLoading={lists.isPending}
            isSearchable
            styles={styles}
            maxMenuHeight={MENU_MAX_HEIGHT}
            minMenuHeight={MENU_MIN_HEIGHT}
            classNamePrefix="list-picker"
          />
        </div>
        {selected && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={onDelete}
            disabled={deleteList.isPending}
          >
            Delete: {selected.name}
          </button>
        )}
      </div>
    </div>
  );
}
