import type { AdminReportPage } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { moderationKeys } from "./keys";

export const reportsQuery = (status: "open" | "resolved") =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ pageParam, signal }) => api<AdminReportPage>(pageParam, { signal }),
    initialPageParam: `/api/admin/reports/?status=${status}`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    // Others report and moderate meanwhile: read again whenever shown.
    staleTime: 0,
  });

/** The open reports oldest first (the queue), or the resolved ones newest first. */
export const useReports = (status: "open" | "resolved") => useInfiniteQuery(reportsQuery(status));
