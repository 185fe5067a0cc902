import { CollectionsList } from "../../features/collections/components/collections-list";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MyRecipesTabs } from "../my-recipes-tabs";

/** /recipes/collections: the Collections tab of My Recipes. */
export default function CollectionsPage() {
  useDocumentTitle("My Collections");
  return (
    <section className="page">
      <MyRecipesTabs />
      <div className="page-header">
        <h1>Collections</h1>
      </div>
      <CollectionsList />
    </section>
  );
}
