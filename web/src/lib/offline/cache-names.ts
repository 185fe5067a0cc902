// The service worker's runtime caches (see vite.config.ts), named here so that the page can
// empty them when the cook signs out: what one cook read must not be there for the next.
export const API_CACHE = "potluck-api";
export const MEDIA_CACHE = "potluck-media";
