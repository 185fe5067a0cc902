import type { AdminReport, ModerationAction, ResolveReportBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export const resolveReport = (id: number, action: ModerationAction) =>
  api<AdminReport>(`/api/admin/reports/${id}/resolve/`, {
    method: "POST",
    json: { action } satisfies ResolveReportBody,
  });

/** Shows a hidden recipe or comment again; its report then reads dismissed. */
export const useUnhideReport = () =>
  useMutation({
    mutationFn: (id: number) =>
      api<AdminReport>(`/api/admin/reports/${id}/unhide/`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries(),
  });

/**
 * Dismiss, hide, delete or disable. What it changes reaches far (recipes, feeds, a cook's
 * sessions), so every query is refreshed: the queue, the log, and any page that showed it.
 */
export const useResolveReport = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) =>
      resolveReport(id, action),
    onSuccess: () => queryClient.invalidateQueries(),
  });
