import { queryClient } from "../../../lib/query-client";
import { useEventSource } from "../../../lib/use-event-source";
import { peopleKey } from "./get-people";
import { plannerKeys } from "./keys";

export const plannerEventsUrl = (owner: string) =>
  owner ? `/api/planner/events/?planner=${encodeURIComponent(owner)}` : "/api/planner/events/";

/**
 * Keeps the shown planner live, as the list page keeps its list: listens to the planner's
 * change stream while `enabled` and refetches its weeks, the people at its table (their needs
 * change a meal's warnings) and, on my own planner, its members on every `change`. My own changes come back too (I may be planning on my phone as well); for
 * a change made here the refetch only confirms what the mutation already showed.
 */
export function usePlannerEvents(owner: string, enabled: boolean): void {
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) });
    void queryClient.invalidateQueries({ queryKey: peopleKey(owner) });
    if (!owner) void queryClient.invalidateQueries({ queryKey: plannerKeys.members() });
  };
  useEventSource(enabled ? plannerEventsUrl(owner) : null, {
    events: { change: refetch },
    // The server keeps no past events: a stream that opens again (the browser reconnecting by
    // itself, or opened anew) may have missed some, so the week is reloaded then.
    opened: (how) => {
      if (how !== "first") refetch();
    },
    // Refused for good. If the planner now answers 404 (I left or was taken off it), the page
    // says so and turns this off; otherwise it is tried again a little later.
    refused: refetch,
  });
}
