import type { GroceryListDetail, UpdateGroceryListBody } from "@potluck/contract";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { groceryKeys } from "./keys";
import { notesSavesSettled, trackNotesSave } from "./pending-notes-saves";

/** Browsers refuse keepalive bodies above 64 KB in total; bigger notes go as a plain request. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * Saves a list's notes (PATCH {notes}), after any earlier save of that list so they arrive in
 * order. `leavingPage` sends with keepalive: the request outlives the page, so notes
 * typed just before closing the tab still arrive. The cached list takes the new notes at
 * once: coming back shows what was typed.
 */
export function saveGroceryListNotes(
  id: number,
  notes: string,
  options: { leavingPage?: boolean } = {},
): Promise<GroceryListDetail> {
  queryClient.setQueryData<GroceryListDetail>(groceryKeys.list(id), (list) =>
    list ? { ...list, notes } : list,
  );
  const send = () => patchGroceryListNotes(id, notes, options.leavingPage === true);
  // Even a save made on leaving waits for the one in flight: sent at once, it could arrive
  // first and be overwritten by the older text. Should the page go before it is sent, the
  // draft the editor leaves brings it back on the next load.
  const earlier = notesSavesSettled(id);
  return trackNotesSave(id, earlier ? earlier.then(send) : send());
}

/** The PATCH itself, unordered: `leavingPage` lets it outlive the page where the browser allows. */
export function patchGroceryListNotes(id: number, notes: string, leavingPage = false) {
  const size = new TextEncoder().encode(JSON.stringify({ notes })).length;
  return api<GroceryListDetail>(`/api/groceries/lists/${id}/`, {
    method: "PATCH",
    json: { notes } satisfies UpdateGroceryListBody,
    keepalive: leavingPage && size <= KEEPALIVE_MAX_BYTES,
  });
}
