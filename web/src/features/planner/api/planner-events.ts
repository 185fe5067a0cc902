import { useEffect } from "react";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys } from "./keys";

/** A stream the server refused (a 404 once I was taken off, a 503) is opened again after this. */
export const REOPEN_DELAY_MS = 5000;

export const plannerEventsUrl = (owner: string) =>
  owner ? `/api/planner/events/?planner=${encodeURIComponent(owner)}` : "/api/planner/events/";

/**
 * Keeps the shown planner live, as the list page keeps its list: listens to the planner's
 * change stream while `enabled` and refetches its weeks (and, on my own planner, its members)
 * on every `change`. My own changes come back too (I may be planning on my phone as well); for
 * a change made here the refetch only confirms what the mutation already showed.
 */
export function usePlannerEvents(owner: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;

    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) });
      if (!owner) void queryClient.invalidateQueries({ queryKey: plannerKeys.members() });
    };

    // The server keeps no past events: a stream that opens again (the browser reconnecting
    // by itself, or opened anew below) may have missed some, so the week is reloaded then.
    let firstOpen = true;
    const open = () => {
      const current = new EventSource(plannerEventsUrl(owner));
      source = current;
      current.addEventListener("change", refetch);
      current.addEventListener("open", () => {
        if (!firstOpen) refetch();
        firstOpen = false;
      });
      current.addEventListener("error", () => {
        // While CONNECTING the browser reconnects by itself.
        if (current.readyState !== EventSource.CLOSED) return;
        // Refused for good. If the planner now answers 404 (I left or was taken off it), the
        // page says so and turns this off; otherwise it is tried again a little later.
        refetch();
        reopenTimer = setTimeout(open, REOPEN_DELAY_MS);
      });
    };

    open();
    return () => {
      clearTimeout(reopenTimer);
      source.close();
    };
  }, [owner, enabled]);
}
