import type { ListChangeEvent, ListChangeKind } from "@potluck/contract";
import type { QueryKey } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryClient } from "../../../lib/query-client";
import { groceryListQuery } from "./get-grocery-list";
import { groceryListsQuery } from "./get-grocery-lists";
import { listMembersQuery } from "./get-list-members";
import { plannedExtrasQuery } from "./get-planned-extras";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

/** A stream the server refused for good (a 404 or a 503 on reconnect) is opened again after this. */
export const REOPEN_DELAY_MS = 5000;

export const listEventsUrl = (listId: number) => `/api/groceries/lists/${listId}/events/`;

/** The queries a change of this kind makes stale. */
export function changedQueryKeys(listId: number, kind: ListChangeKind): QueryKey[] {
  switch (kind) {
    case "items":
      return [shoppingItemsQuery(listId).queryKey];
    case "planned":
      // A plan added or removed adds or removes its lines on the shopping list.
      return [
        plannedRecipesQuery(listId).queryKey,
        plannedExtrasQuery(listId).queryKey,
        shoppingItemsQuery(listId).queryKey,
      ];
    case "notes":
      return [groceryListQuery(listId).queryKey];
    case "members":
      // The lists too: a member who was removed loses the list from their picker.
      return [listMembersQuery(listId).queryKey, groceryListsQuery.queryKey];
  }
}

/** Everything of the list, and the lists: what `event: reset` (events were missed) reloads. */
export const resetQueryKeys = (listId: number): QueryKey[] => [
  groceryListQuery(listId).queryKey,
  shoppingItemsQuery(listId).queryKey,
  plannedRecipesQuery(listId).queryKey,
  plannedExtrasQuery(listId).queryKey,
  listMembersQuery(listId).queryKey,
  groceryListsQuery.queryKey,
];

/**
 * The kinds of change, checked by hand rather than with the contract's zod schema: that would
 * bring zod (about 20 KiB gzipped) into the list page's first load for a two-field object. The
 * Record type makes a kind added to the contract fail the typecheck here until it is added.
 */
const CHANGE_KINDS: Record<ListChangeKind, true> = {
  items: true,
  planned: true,
  notes: true,
  members: true,
};

/** The `data:` of an `event: change`; null when it is not one (ignored). */
export function parseListChange(data: unknown): ListChangeEvent | null {
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { kind, by } = parsed as Record<string, unknown>;
    if (typeof kind !== "string" || !Object.hasOwn(CHANGE_KINDS, kind)) return null;
    if (typeof by !== "string") return null;
    return { kind: kind as ListChangeKind, by };
  } catch {
    return null;
  }
}

/** The list's notes as refetched after they changed elsewhere; `by` is null after a reset. */
export interface RemoteNotes {
  notes: string;
  by: string | null;
}

/**
 * Keeps the shown list live: listens to its change stream while `enabled` and refetches what
 * each change makes stale. Changes made by the signed-in user are refetched too: `by` names a
 * user, not this tab, and the same cook may be ticking on their phone; for a change made here
 * the refetch only confirms what the mutation already showed. Returns the notes each time they
 * were refetched because of a notes change or a reset, for the notes editor to merge.
 */
export function useListEvents(listId: number, enabled: boolean): RemoteNotes | null {
  const [remoteNotes, setRemoteNotes] = useState<RemoteNotes | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const refetch = async (keys: QueryKey[], notesBy?: string | null) => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (notesBy === undefined || stopped) return;
      const list = queryClient.getQueryData(groceryListQuery(listId).queryKey);
      if (list) setRemoteNotes({ notes: list.notes, by: notesBy });
    };

    const open = (reopened: boolean) => {
      const current = new EventSource(listEventsUrl(listId));
      source = current;
      current.addEventListener("change", (event) => {
        const change = parseListChange(event.data);
        if (!change) return;
        void refetch(
          changedQueryKeys(listId, change.kind),
          change.kind === "notes" ? change.by : undefined,
        );
      });
      current.addEventListener("reset", () => void refetch(resetQueryKeys(listId), null));
      // A new stream does not know what the closed one missed: reload everything once it is up.
      if (reopened) {
        current.addEventListener("open", () => void refetch(resetQueryKeys(listId), null));
      }
      current.addEventListener("error", () => {
        // While CONNECTING the browser reconnects by itself and sends Last-Event-ID.
        if (current.readyState !== EventSource.CLOSED) return;
        // Refused for good. If the list itself now answers 404 (the user was removed from it)
        // the page shows that and turns this hook off; otherwise (the server was restarting,
        // a 503) the stream is opened again a little later.
        void queryClient.invalidateQueries({ queryKey: groceryListQuery(listId).queryKey });
        reopenTimer = setTimeout(() => open(true), REOPEN_DELAY_MS);
      });
    };

    open(false);
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source.close();
    };
  }, [listId, enabled]);

  return remoteNotes;
}
