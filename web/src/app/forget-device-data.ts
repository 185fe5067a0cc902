import { clearAddQueue } from "../features/groceries/api/add-queue";
import { clearNotesDrafts } from "../features/groceries/api/notes-draft";
import { clearTickQueue } from "../features/groceries/api/tick-queue";
import { clearLastLists } from "../features/groceries/last-list";
import { forgetCachedAnswers } from "../lib/offline/cache-names";

/**
 * Signing out leaves nothing of the cook on the device: not the answers kept for offline
 * use, not the ticks, notes and added lines still waiting to be sent. It lives in app/ because it gathers
 * what several features keep on the device; the auth feature is handed it (nav-bar.tsx).
 */
export async function forgetDeviceData(): Promise<void> {
  clearNotesDrafts();
  clearLastLists();
  await Promise.all([clearTickQueue(), clearAddQueue(), forgetCachedAnswers()]);
}
