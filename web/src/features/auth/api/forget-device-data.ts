import { API_CACHE } from "../../../lib/offline/cache-names";
import { clearNotesDrafts } from "../../groceries/api/notes-draft";
import { clearTickQueue } from "../../groceries/api/tick-queue";

/** The API answers the service worker kept for offline use: whoever signs in next starts without them. */
export async function forgetCachedAnswers(): Promise<void> {
  if ("caches" in window) await caches.delete(API_CACHE);
}

/**
 * Signing out leaves nothing of the cook on the device: not the answers kept for offline
 * use, not the ticks and notes still waiting to be sent.
 */
export async function forgetDeviceData(): Promise<void> {
  clearNotesDrafts();
  await Promise.all([clearTickQueue(), forgetCachedAnswers()]);
}
