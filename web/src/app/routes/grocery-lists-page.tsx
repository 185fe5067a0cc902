import { Navigate } from "react-router";
import { useGroceryLists } from "../../features/groceries/api/get-grocery-lists";
import { ListSelection } from "../../features/groceries/components/list-selection";
import { lastListOf } from "../../features/groceries/last-list";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * /grocery-lists: create a list or pick one. Coming back, it reopens the list the cook used last
 * (while it is still one of theirs); deleting or leaving that list forgets it, so those land here.
 */
export default function GroceryListsPage() {
  useDocumentTitle("My Shopping Lists");
  const username = useSession().user?.username;
  const lists = useGroceryLists();
  const last = username ? lastListOf(username) : null;
  if (last !== null && lists.data?.some((list) => list.id === last)) {
    return <Navigate to={`/grocery-list/${last}`} replace />;
  }
  return (
    <section className="page grocery-page">
      <header className="page-header">
        <h1>My Shopping Lists</h1>
      </header>
      <ListSelection selectedId={null} />
      <p className="muted grocery-hint">
        Pick a list to see what to buy, plan recipes and extras onto it and keep notes.
      </p>
    </section>
  );
}
