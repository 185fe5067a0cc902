import type { SuggestBody, Suggestion } from "@potluck/contract";
import { api } from "../../../lib/api-client";
import { plannerParam } from "./keys";

export type SuggestRequest = Omit<SuggestBody, "planner">;

/**
 * Proposed recipes (not saved) for the empty slots of the range. Called from the Fill the
 * gaps dialog as the cook accepts and rerolls, so not a cached query.
 */
export const suggestEntries = (owner: string, request: SuggestRequest) =>
  api<Suggestion[]>("/api/planner/suggest/", {
    method: "POST",
    json: { ...request, ...plannerParam(owner) } satisfies SuggestBody,
  });
