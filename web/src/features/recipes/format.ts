import { formatDate as formatDay } from "../../lib/dates";

/** "28 Nov 2026" (lib/dates.ts, as every date), or null when missing or not a date. */
export function formatDate(iso: string | null | undefined): string | null {
  return formatDay(iso) || null;
}

/** An id from the URL: a positive integer, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
