// One formatter for every date: toLocaleDateString with options builds a new one on each call,
// which a page of recipe cards did twenty times over at start-up.
let dateFormat: Intl.DateTimeFormat | undefined;

/** "3 May 2025" in the reader's locale, or null when the value is missing or not a date. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  dateFormat ??= new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  return dateFormat.format(date);
}

/** An id from the URL: a positive integer, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
