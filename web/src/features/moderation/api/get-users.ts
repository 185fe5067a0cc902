import type { AdminUserPage } from "@potluck/contract";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { moderationKeys } from "./keys";

export const adminUsersQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.users(search),
    queryFn: ({ pageParam, signal }) => api<AdminUserPage>(pageParam, { signal }),
    initialPageParam: `/api/admin/users/?search=${encodeURIComponent(search)}`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    // Others report and moderate meanwhile: read again whenever shown.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Cooks by name, those whose username or first name contains `search`. */
export const useAdminUsers = (search: string) => useInfiniteQuery(adminUsersQuery(search));
