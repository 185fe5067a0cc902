import type { GroceryListDetail } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";
import { keepNotesDraft, takeNotesDraft } from "./notes-draft";
import { notesSavesSettled } from "./pending-notes-saves";
import { patchGroceryListNotes } from "./update-grocery-list-notes";

export const getGroceryList = (id: number) => api<GroceryListDetail>(`/api/groceries/lists/${id}/`);

/** One list with its notes. Notes load on entering the list, so it is always refetched then. */
export const groceryListQuery = (id: number) =>
  queryOptions({
    queryKey: groceryKeys.list(id),
    queryFn: async () => {
      await notesSavesSettled(id);
      const list = await getGroceryList(id);
      // The last page may have gone away before its final notes save arrived: send it again,
      // unless the notes were changed elsewhere since (then the draft is out of date).
      const draft = takeNotesDraft(id);
      if (draft && draft.notes !== list.notes && draft.base === list.notes) {
        // Not sent (offline, say): the draft stays, and the notes editor takes it up.
        return patchGroceryListNotes(id, draft.notes).catch(() => {
          keepNotesDraft(id, draft);
          return list;
        });
      }
      return list;
    },
    staleTime: 0,
  });

export const useGroceryList = (id: number) => useQuery(groceryListQuery(id));
