import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useMediaQuery } from "../../lib/use-media-query";
import { useGroceryList } from "./api/get-grocery-list";
import { useListEvents } from "./api/list-events";
import { usePrefetchGroceryListPage } from "./api/prefetch-grocery-list-page";
import { ListSelection } from "./components/list-selection";
import { NotesCard } from "./components/notes-card";
import { PlanForm } from "./components/plan-form";
import { PlannedExtras } from "./components/planned-extras";
import { PlannedRecipes } from "./components/planned-recipes";
import { ShoppingList } from "./components/shopping-list";

const parseListId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /grocery-list/{id}, top to bottom as the spec orders it (on a phone the shopping list comes
 * before the list selection): the list selection, the shopping
 * list, planning recipes and the planned recipes, the notes, planning extras and the planned
 * extras. The page's requests (the lists, this list, its items, planned recipes, planned
 * extras, the units) all go out together from its first render.
 */
export default function GroceryListPage() {
  const listId = parseListId(useParams().grocerylistid);
  usePrefetchGroceryListPage(listId);
  // In the shop, on a phone, the list to tick comes first; choosing, sharing or deleting a
  // list comes right after it. Moved in the page, not by CSS, so reading and tab order follow.
  const listFirst = useMediaQuery(PHONE) && listId !== null;
  const selection = <ListSelection selectedId={listId} />;
  return (
    <section className="page grocery-page">
      <header className="page-header">
        <h1>My Shopping Lists</h1>
      </header>
      {!listFirst && selection}
      {listId === null ? (
        <div className="card grocery-card">
          <PlanForm kind="Recipe" listId={null} />
        </div>
      ) : (
        <GroceryList key={listId} listId={listId} selection={listFirst ? selection : null} />
      )}
    </section>
  );
}

const PHONE = "(max-width: 640px)";

function GroceryList({ listId, selection }: { listId: number; selection: ReactNode }) {
  const list = useGroceryList(listId);
  const notFound = list.error instanceof ApiError && list.error.status === 404;
  // Other shoppers' changes appear live; a list that is gone (or no longer shared) stops it.
  const remoteNotes = useListEvents(listId, !notFound);
  useDocumentTitle(list.data?.name ?? "Shopping List");
  if (notFound) {
    return (
      <div className="card grocery-card">
        <p>This grocery list does not exist, or it is not shared with you.</p>
      </div>
    );
  }
  return (
    <div className="grocery-grid">
      <ShoppingList listId={listId} />
      {selection}
      <section className="card grocery-card" aria-label="Recipes">
        <PlanForm kind="Recipe" listId={listId} />
        <PlannedRecipes listId={listId} />
      </section>
      <NotesCard key={listId} listId={listId} remoteNotes={remoteNotes} />
      <section className="card grocery-card" aria-label="Extras">
        <PlanForm kind="Extra" listId={listId} />
        <PlannedExtras listId={listId} />
      </section>
    </div>
  );
}
