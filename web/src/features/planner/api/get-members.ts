import type { PlannerMember } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { plannerKeys } from "./keys";

/** Who shares my planner: me (the owner) first, then the members by username. */
export const plannerMembersQuery = queryOptions({
  queryKey: plannerKeys.members(),
  queryFn: ({ signal }) => api<PlannerMember[]>("/api/planner/members/", { signal }),
});

export const usePlannerMembers = () => useQuery(plannerMembersQuery);
