import type { AuditPage } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { moderationKeys } from "./keys";

export const auditQuery = infiniteQueryOptions({
  queryKey: moderationKeys.audit(),
  queryFn: ({ pageParam, signal }) => api<AuditPage>(pageParam, { signal }),
  initialPageParam: "/api/admin/audit/",
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  // Others moderate meanwhile: read again whenever shown.
  staleTime: 0,
});

/** Every moderation action, newest first. */
export const useAudit = () => useInfiniteQuery(auditQuery);
