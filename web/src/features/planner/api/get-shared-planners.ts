import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { plannerKeys } from "./keys";

/** The owners of the planners shared with me. */
export const sharedPlannersQuery = queryOptions({
  queryKey: plannerKeys.shared(),
  queryFn: async ({ signal }) =>
    (await api<{ owner_username: string }[]>("/api/planner/shared/", { signal })).map(
      (planner) => planner.owner_username,
    ),
});

export const useSharedPlanners = () => useQuery(sharedPlannersQuery);
