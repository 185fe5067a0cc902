import type { ReportContext } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { moderationKeys } from "./keys";

export const reportContextQuery = (reportId: number) =>
  queryOptions({
    queryKey: moderationKeys.context(reportId),
    queryFn: ({ signal }) =>
      api<ReportContext>(`/api/admin/reports/${reportId}/context/`, { signal }),
    staleTime: 0,
  });

/** A reported comment's feed item and the comments around it; asked for once opened. */
export const useReportContext = (reportId: number, enabled: boolean) =>
  useQuery({ ...reportContextQuery(reportId), enabled });
