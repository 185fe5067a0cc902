import type { ListChangeEvent, ListChangeKind } from "@potluck/contract";
import type { QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { queryClient } from "../../../lib/query-client";
import { useEventSource } from "../../../lib/use-event-source";
import { groceryListQuery } from "./get-grocery-list";
import { groceryListsQuery } from "./get-grocery-lists";
import { listMembersQuery } from "./get-list-members";
import { plannedExtrasQuery } from "./get-planned-extras";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

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
  // The list whose stream is open: notes refetched for another (or after it closed) are dropped.
  const streaming = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    streaming.current = listId;
    return () => {
      streaming.current = null;
    };
  }, [listId, enabled]);

  const refetch = async (keys: QueryKey[], notesBy?: string | null) => {
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    if (notesBy === undefined || streaming.current !== listId) return;
    const list = queryClient.getQueryData(groceryListQuery(listId).queryKey);
    if (list) setRemoteNotes({ notes: list.notes, by: notesBy });
  };

  useEventSource(enabled ? listEventsUrl(listId) : null, {
    events: {
      change: (data) => {
        const change = parseListChange(data);
        if (!change) return;
        void refetch(
          changedQueryKeys(listId, change.kind),
          change.kind === "notes" ? change.by : undefined,
        );
      },
      reset: () => void refetch(resetQueryKeys(listId), null),
    },
    // The browser's own reconnect sends Last-Event-ID and is replayed what it missed; a stream
    // opened anew does not know what the closed one missed: everything is reloaded once it is up.
    opened: (how) => {
      if (how === "reopened") void refetch(resetQueryKeys(listId), null);
    },
    // Refused for good. If the list itself now answers 404 (the user was removed from it) the
    // page shows that and turns this hook off; otherwise (the server was restarting, a 503) the
    // stream is opened again a little later.
    refused: () =>
      void queryClient.invalidateQueries({ queryKey: groceryListQuery(listId).queryKey }),
  });

  return remoteNotes;
}
