import type { ImportDetail, ImportSummary } from "@potluck/contract";
import { queryClient } from "../../../lib/query-client";
import { useEventSource } from "../../../lib/use-event-source";
import { isUnfinished } from "./imports";
import { importKeys } from "./keys";

/** Puts an import's new counts into the list and its detail at once; the detail's items are asked for. */
export function applyProgress(summary: ImportSummary, onFinished: () => void) {
  queryClient.setQueryData<ImportSummary[]>(importKeys.list(), (list) => {
    if (!list) return list;
    return list.some((item) => item.id === summary.id)
      ? list.map((item) => (item.id === summary.id ? summary : item))
      : [summary, ...list];
  });
  queryClient.setQueryData<ImportDetail>(importKeys.detail(summary.id), (detail) =>
    detail ? { ...detail, ...summary } : detail,
  );
  // The report's items come with the detail: fetched again. While it runs, a fetch already
  // on its way is left to finish (a busy import sends several changes a second; the next
  // change corrects what it brings). The last change has no next: a fetch that left before
  // it would answer "running" over it, so that one is cut short and asked afresh.
  const finishedNow = !isUnfinished(summary);
  void queryClient.invalidateQueries(
    { queryKey: importKeys.detail(summary.id) },
    { cancelRefetch: finishedNow },
  );
  // The list, too, may have a fetch on its way (the one after starting the import).
  if (finishedNow) void queryClient.invalidateQueries({ queryKey: importKeys.list() });
  if (summary.imported > 0 && finishedNow) onFinished();
}

/**
 * Keeps the Import page live: my imports' progress as the server pushes it
 * (`GET /api/imports/events/`: `progress` with an import's counts, `reset` when some may
 * have been missed). A stream that opens again refetches, as the planner's does.
 * `onFinished`: an import that brought recipes ended (the page refreshes the recipe lists).
 */
export function useImportEvents(onFinished: () => void): void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: importKeys.all });
  useEventSource("/api/imports/events/", {
    events: {
      progress: (data) => applyProgress(JSON.parse(data) as ImportSummary, onFinished),
      reset: refetch,
    },
    opened: (how) => {
      if (how !== "first") refetch();
    },
    // Refused (a 503): read afresh now, and the stream is opened again a little later.
    refused: refetch,
  });
}
