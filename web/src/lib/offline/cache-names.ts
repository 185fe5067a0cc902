// The service worker's runtime caches (see vite.config.ts), named here so that the page can
// empty them when the cook signs out: what one cook read must not be there for the next.
export const API_CACHE = "potluck-api";
export const MEDIA_CACHE = "potluck-media";

/** The API answers the service worker kept for offline use: whoever signs in next starts without them. */
export async function forgetCachedAnswers(): Promise<void> {
  if ("caches" in window) await caches.delete(API_CACHE);
}
