import type { FastifyRequest } from "fastify";
import { badRequest } from "./errors.js";

/**
 * Keyset pagination. A cursor is the sort key of the last row of a page, opaque to the client
 * (base64url JSON). Queries fetch `limit + 1` rows: the extra one only says a next page exists.
 */
export type CursorValues = (string | number)[];

export function decodeCursor(cursor: string | undefined, arity: number): CursorValues | undefined {
  if (cursor === undefined) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(values) &&
      values.length === arity &&
      values.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)))
    ) {
      return values as CursorValues;
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest("Invalid cursor.");
}

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

export interface Page<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Builds the page from `limit + 1` fetched rows; `next` is the same URL with the new cursor. */
export function toPage<Row, T>(
  request: FastifyRequest,
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => CursorValues,
  serialize: (row: Row) => T,
): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  let next: string | null = null;
  if (hasMore && last !== undefined) {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set("cursor", encodeCursor(cursorOf(last)));
    next = url.toString();
  }
  return { next, previous: null, results: pageRows.map(serialize) };
}
