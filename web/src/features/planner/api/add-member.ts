import type { AddPlannerMemberBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys } from "./keys";

/** Shares my planner with a cook. */
export const addPlannerMember = (username: string) =>
  api<{ username: string }>("/api/planner/members/", {
    method: "POST",
    json: { username } satisfies AddPlannerMemberBody,
  });

export function useAddPlannerMember() {
  return useMutation({
    mutationFn: addPlannerMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.members() }),
  });
}
