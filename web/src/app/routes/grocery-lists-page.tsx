import { Navigate } from "react-router";
import { Loading } from "../../components/status";
import { useGroceryLists } from "../../features/groceries/api/get-grocery-lists";
import { ListSelection } from "../../features/groceries/components/list-selection";
import { lastListOf } from "../../features/groceries/last-list";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * /grocery-lists: create a list or pick one. Coming back, it reopens the list the cook used last
 * (while it is still one of theirs); deleting or leaving that list forgets it, so those land here.
 * A cook with one list has nothing to choose: that list opens (its page has the picker and the
 * form for another).
 */
export default function GroceryListsPage() {
  useDocumentTitle(t("app.groceryLists.title"));
  const username = useSession().user?.username;
  const lists = useGroceryLists();
  const last = username ? lastListOf(username) : null;
  const opening = lists.data?.some((list) => list.id === last)
    ? last
    : lists.data?.length === 1
      ? (lists.data[0]?.id ?? null)
      : null;
  if (opening !== null) return <Navigate to={`/grocery-list/${opening}`} replace />;
  return (
    <section className="page grocery-page">
      <header className="page-header">
        <h1>{t("app.groceryLists.title")}</h1>
      </header>
      {/* Until the lists are here: a name typed into a form that then gives way to the one
          list's page would be lost. */}
      {lists.isPending ? <Loading /> : <ListSelection selectedId={null} />}
      <p className="muted grocery-hint">{t("app.groceryLists.hint")}</p>
    </section>
  );
}
