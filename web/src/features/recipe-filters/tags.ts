// Tags as the recipe list's filters and the recipe page's tag links read them: apart from the
// filters themselves, so that the recipe page's links don't load the list pages' code
// (scripts/chunking.ts: the "lists" chunk).

/** Tags as the server stores them: trimmed, lower-cased, 1–30 characters. */
export const normalTag = (tag: string) => tag.trim().toLowerCase();

/** Explore filtered by one tag: the recipe page's tag links. */
export const tagHref = (tag: string) =>
  `/explore?${new URLSearchParams({ tag: normalTag(tag) }).toString()}`;
