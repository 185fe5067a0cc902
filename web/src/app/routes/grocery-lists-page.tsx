import { ListSelection } from "../../features/groceries/components/list-selection";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /grocery-lists: create a list or pick one. */
export default function GroceryListsPage() {
  useDocumentTitle("My Shopping Lists");
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
