import { CollectionsList } from "../../features/collections/components/collections-list";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MyRecipesTabs } from "../my-recipes-tabs";

/** /recipes/collections: the Collections tab of My Recipes. */
export default function CollectionsPage() {
  useDocumentTitle(t("app.collections.documentTitle"));
  return (
    <section className="page">
      <MyRecipesTabs />
      <div className="page-header">
        <h1>{t("app.collections.heading")}</h1>
      </div>
      <CollectionsList />
    </section>
  );
}
