import { queryOptions, useQuery } from "@tanstack/react-query";
import { ServerHtml } from "../../components/server-html";
import { ErrorBox, Loading } from "../../components/status";
import { api } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/use-document-title";

const latestTermsQuery = queryOptions({
  queryKey: ["terms", "latest"],
  queryFn: () => api<{ content?: string }>("/api/tos/latest/"),
  staleTime: 3600_000,
});

export default function TermsPage() {
  useDocumentTitle("Terms of Service");
  const terms = useQuery(latestTermsQuery);
  if (terms.isPending) return <Loading />;
  const failure = terms.isError
    ? "Failed to load Terms of Service."
    : !terms.data.content
      ? "Terms of Service content not found in response."
      : null;
  if (failure) {
    return (
      <section className="page">
        <h1>Terms of Service</h1>
        <ErrorBox>
          <p>{failure}</p>
          <p>Please try again later or contact support if the issue persists.</p>
        </ErrorBox>
      </section>
    );
  }
  return (
    <article className="page">
      <ServerHtml className="prose" html={terms.data?.content ?? ""} />
    </article>
  );
}
