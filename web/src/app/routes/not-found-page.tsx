import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/explore">Explore recipes</Link>
      </p>
    </section>
  );
}
