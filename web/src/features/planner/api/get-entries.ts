import type { PlannerEntry } from "@potluck/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { plannerKeys } from "./keys";

/** A planner's entries from `start` to `end` (inclusive), by date, slot and position. */
export const plannerEntriesQuery = (owner: string, start: string, end: string) =>
  queryOptions({
    queryKey: plannerKeys.entries(owner, start, end),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ start, end });
      if (owner) query.set("planner", owner);
      return api<PlannerEntry[]>(`/api/planner/entries/?${query}`, { signal });
    },
  });

/** The week stays on screen while the next one loads, so Previous and Next don't flash. */
export const usePlannerEntries = (owner: string, start: string, end: string) =>
  useQuery({ ...plannerEntriesQuery(owner, start, end), placeholderData: keepPreviousData });
