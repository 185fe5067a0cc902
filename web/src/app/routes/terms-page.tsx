import { queryOptions, useQuery } from "@tanstack/react-query";
import { ServerHtml } from "../../components/server-html";
import { ErrorBox, Loading } from "../../components/status";
import { api } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";

const latestTermsQuery = queryOptions({
  queryKey: ["terms", "latest"],
  queryFn: () => api<{ content?: string; language?: string }>("/api/tos/latest/"),
  staleTime: 3600_000,
});

export default function TermsPage() {
  useDocumentTitle(t("app.terms.title"));
  const terms = useQuery(latestTermsQuery);
  if (terms.isPending) return <Loading />;
  const failure = terms.isError
    ? t("app.terms.loadFailed")
    : !terms.data.content
      ? t("app.terms.noContent")
      : null;
  if (failure) {
    return (
      <section className="page">
        <h1>{t("app.terms.title")}</h1>
        <ErrorBox>
          <p>{failure}</p>
          <p>{t("app.terms.tryLater")}</p>
        </ErrorBox>
      </section>
    );
  }
  return (
    <article className="page">
      {/* The terms may be in English where no translation exists: say so to screen readers. */}
      <ServerHtml className="prose" html={terms.data?.content ?? ""} lang={terms.data?.language} />
    </article>
  );
}
