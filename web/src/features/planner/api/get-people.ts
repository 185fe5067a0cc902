import type { PlannerPerson } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { plannerKeys } from "./keys";

/**
 * The query key of a planner's table (of plannerKeys.all, so a sign-out drops it too). Here,
 * not in keys.ts: that module is in the file every page loads (scripts/chunking.ts), and only
 * the planner needs this one.
 */
export const peopleKey = (owner: string) => [...plannerKeys.all, "people", owner] as const;

/**
 * Who eats at a planner's table: its accounts (the owner first, then its members), then the
 * people without an account, by name. Every account has its row (made by this read).
 */
export const plannerPeopleQuery = (owner: string) =>
  queryOptions({
    queryKey: peopleKey(owner),
    queryFn: ({ signal }) =>
      api<PlannerPerson[]>(
        owner
          ? `/api/planner/people/?planner=${encodeURIComponent(owner)}`
          : "/api/planner/people/",
        { signal },
      ),
  });

export const usePlannerPeople = (owner: string, enabled = true) =>
  useQuery({ ...plannerPeopleQuery(owner), enabled });
