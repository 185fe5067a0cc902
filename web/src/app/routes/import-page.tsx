import { Link, useSearchParams } from "react-router";
import { ErrorBox, Loading } from "../../components/status";
import { useImportEvents } from "../../features/imports/api/import-events";
import { useImport, useImports } from "../../features/imports/api/imports";
import { ImportForm } from "../../features/imports/components/import-form";
import {
  countsText,
  formatName,
  ImportReport,
  importStatusText,
} from "../../features/imports/components/import-report";
import { recipeKeys } from "../../features/recipes/api/keys";
import { parseId } from "../../features/recipes/format";
import { reasonOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/dates";
import { t } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { useDocumentTitle } from "../../lib/use-document-title";
import "../../features/imports/imports.css";

/**
 * Import recipes (issue 25 §2): a file from another app or a list of links, run in the
 * background. The import shown is the one in `?import=`, else my newest; its progress is live
 * from the server's event stream, also after leaving the page and coming back.
 */
export default function ImportPage() {
  useDocumentTitle(t("app.import.title"));
  useImportEvents(() => void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() }));
  const [params, setParams] = useSearchParams();
  const list = useImports();
  const chosen = parseId(params.get("import") ?? undefined);
  const shownId = chosen ?? list.data?.[0]?.id ?? null;
  const shown = useImport(shownId);

  return (
    <section className="page import-page">
      <div className="page-header">
        <h1>{t("app.import.title")}</h1>
        <Link to="/recipes" className="btn btn-outline">
          {t("app.import.backToMyRecipes")}
        </Link>
      </div>
      <p className="muted">{t("app.import.intro")}</p>
      <ImportForm onStarted={(id) => setParams({ import: String(id) })} />

      {shown.isError && (
        <ErrorBox>
          <p>{t("app.import.loadFailed")}</p>
          <p>{reasonOf(shown.error)}</p>
        </ErrorBox>
      )}
      {shown.data && <ImportReport detail={shown.data} />}

      <section className="card import-history" aria-labelledby="import-history-heading">
        <h2 id="import-history-heading">{t("app.import.history")}</h2>
        {list.isPending && <Loading />}
        {list.isError && (
          <ErrorBox>
            <p>{t("app.import.historyFailed")}</p>
            <p>{reasonOf(list.error)}</p>
          </ErrorBox>
        )}
        {list.data?.length === 0 && <p className="muted">{t("app.import.none")}</p>}

        {list.data && list.data.length > 0 && (
          <ul className="import-history-list">
            {list.data.map((summary) => (
              <li key={summary.id}>
                <Link
                  to={`?import=${summary.id}`}
                  aria-current={summary.id === shownId ? "true" : undefined}
                >
                  {formatDateTime(summary.created_on)}
                  {formatName(summary) ? ` · ${formatName(summary)}` : ""}
                </Link>
                <span className="import-history-status">
                  <strong>{importStatusText(summary)}</strong>{" "}
                  <span className="muted small">{countsText(summary)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
