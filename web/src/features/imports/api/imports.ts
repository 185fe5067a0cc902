import type { ImportCreated, ImportDetail, ImportSummary } from "@potluck/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { importKeys } from "./keys";

/** An import still to finish: its page keeps listening and offers Cancel. */
export const isUnfinished = (summary: Pick<ImportSummary, "status">) =>
  summary.status === "queued" || summary.status === "running";

/** My imports, newest first. */
export const useImports = () =>
  useQuery({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => api<ImportSummary[]>("/api/imports/", { signal }),
  });

/** One import with the recipes dealt with so far. */
export const useImport = (id: number | null) =>
  useQuery({
    queryKey: importKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<ImportDetail>(`/api/imports/${id}/`, { signal }),
    enabled: id !== null,
  });

/** What the cook hands over: a file (recognised by its content) or a list of addresses. */
export type ImportSource = { file: File } | { urls: string[] };

export function startImport(source: ImportSource): Promise<ImportCreated> {
  if ("file" in source) {
    const body = new FormData();
    body.set("file", source.file);
    return api<ImportCreated>("/api/imports/", { method: "POST", body });
  }
  return api<ImportCreated>("/api/imports/", { method: "POST", json: { urls: source.urls } });
}

export const useStartImport = () =>
  useMutation({
    mutationFn: startImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });

/** Stops an import between two recipes; what it imported stays. */
export const useCancelImport = () =>
  useMutation({
    mutationFn: (id: number) => api<ImportDetail>(`/api/imports/${id}/cancel/`, { method: "POST" }),
    onSuccess: (detail) => {
      queryClient.setQueryData(importKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
