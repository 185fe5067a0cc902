import { useEffect } from "react";
import { useParams } from "react-router";
import { useGroceryList } from "../../features/groceries/api/get-grocery-list";
import { useGroceryLists } from "../../features/groceries/api/get-grocery-lists";
import { useListEvents } from "../../features/groceries/api/list-events";
import { usePrefetchGroceryListPage } from "../../features/groceries/api/prefetch-grocery-list-page";
import { ListActions } from "../../features/groceries/components/list-actions";
import { ListSelection } from "../../features/groceries/components/list-selection";
import { NotesCard } from "../../features/groceries/components/notes-card";
import { PlanForm } from "../../features/groceries/components/plan-form";
import { PlannedExtras } from "../../features/groceries/components/planned-extras";
import { PlannedRecipes } from "../../features/groceries/components/planned-recipes";
import { ShoppingList } from "../../features/groceries/components/shopping-list";
import { forgetLastList, rememberLastList } from "../../features/groceries/last-list";
import { ApiError } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

const parseListId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /grocery-list/{id}: the list's name as the page's heading, with Share and Delete under it;
 * then, top to bottom as the spec orders it: the list selection, the shopping
 * list, planning recipes and the planned recipes, the notes, planning extras and the planned
 * extras. On a phone the shopping list comes first (see .grocery-grid in styles.css). The
 * page's requests (the lists, this list, its items, planned recipes, planned extras, the
 * units) all go out together from its first render.
 */
export default function GroceryListPage() {
  const listId = parseListId(useParams().grocerylistid);
  usePrefetchGroceryListPage(listId);
  const name = useGroceryLists().data?.find((list) => list.id === listId)?.name;
  return (
    <section className="page grocery-page">
      <header className="page-header grocery-list-header">
        {/* Which list this is; its items keep the spec's 'Shopping List' heading. */}
        <h1>{name ?? t("app.groceryLists.title")}</h1>
        {listId !== null && <ListActions listId={listId} />}
      </header>
      <div className="grocery-grid">
        <ListSelection selectedId={listId} />
        {listId === null ? (
          <div className="card grocery-card grocery-wide">
            <PlanForm kind="Recipe" listId={null} />
          </div>
        ) : (
          <GroceryList key={listId} listId={listId} />
        )}
      </div>
    </section>
  );
}

/** The cards of one list, laid out by the page's grid. */
function GroceryList({ listId }: { listId: number }) {
  const list = useGroceryList(listId);
  const notFound = list.error instanceof ApiError && list.error.status === 404;
  // Other shoppers' changes appear live; a list that is gone (or no longer shared) stops it.
  const remoteNotes = useListEvents(listId, !notFound);
  useDocumentTitle(list.data?.name ?? t("app.groceryList.title"));
  // My Shopping Lists reopens the list used last; one that is gone is not reopened.
  const username = useSession().user?.username;
  const opened = list.data !== undefined;
  useEffect(() => {
    if (!username) return;
    if (opened) rememberLastList(username, listId);
    else if (notFound) forgetLastList(username, listId);
  }, [username, listId, opened, notFound]);
  if (notFound) {
    return (
      <div className="card grocery-card grocery-wide">
        <p>{t("app.groceryList.notFound")}</p>
      </div>
    );
  }
  return (
    <>
      <ShoppingList listId={listId} />
      <section className="card grocery-card" aria-label={t("app.groceryList.recipesLabel")}>
        <PlanForm kind="Recipe" listId={listId} />
        <PlannedRecipes listId={listId} />
      </section>
      <NotesCard key={listId} listId={listId} remoteNotes={remoteNotes} />
      <section className="card grocery-card" aria-label={t("app.groceryList.extrasLabel")}>
        <PlanForm kind="Extra" listId={listId} />
        <PlannedExtras listId={listId} />
      </section>
    </>
  );
}
