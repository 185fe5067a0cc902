const MAX_SLUG_LENGTH = 80;

/**
 * The URL words of a title: "Crème brûlée tart!" → "creme-brulee-tart". Only decoration:
 * the id resolves a recipe, so a title without Latin letters simply gets "recipe".
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
  return slug || "recipe";
}
