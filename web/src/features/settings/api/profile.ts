import type { Profile, UpdateProfileBody } from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { accountKeys } from "./keys";

export const profileQuery = queryOptions({
  queryKey: accountKeys.profile(),
  queryFn: ({ signal }) => api<Profile>("/api/users/me/", { signal }),
});

export const useProfile = () => useQuery(profileQuery);

/** `PATCH /api/users/me/`: the answer is the profile as saved. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      api<Profile>("/api/users/me/", { method: "PATCH", json: body }),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.profile(), saved),
  });
}
