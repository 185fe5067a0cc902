import type { Preferences, UpdatePreferencesBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { preferencesQuery } from "../../../lib/units-preference";

export function useUpdatePreferences() {
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) =>
      api<Preferences>("/api/users/me/preferences/", { method: "PATCH", json: body }),
    // Every quantity on screen follows at once: they all read this one query.
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQuery.queryKey, preferences),
  });
}
