import { MAX_ID, unstorableText } from "@potluck/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "./errors.js";

/**
 * Keyset pagination. A cursor is the sort key of the last row of a page, opaque to the client
 * (base64url JSON). Queries fetch `limit + 1` rows: the extra one only says a next page exists.
 */
export type CursorValues = (string | number)[];

const INT_MIN = -2_147_483_648;
const isInteger = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** An ISO 8601 UTC time to the microsecond, as PostgreSQL's to_char writes it (feed cursors). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * The kinds of value a cursor position can hold, each checked so that the query it goes into
 * can't fail on it: a forged cursor is a 400, never a database error.
 */
const positionChecks = {
  /** A PostgreSQL integer key. */
  id: (value: unknown) => isInteger(value, 1, MAX_ID),
  /** A bigint key read as a JS number (feed items). */
  bigId: (value: unknown) => isInteger(value, 1, Number.MAX_SAFE_INTEGER),
  /** A small integer compared with an int column (ranks, tiers, counts). */
  int: (value: unknown) => isInteger(value, INT_MIN, MAX_ID),
  /** 0 or 1. */
  flag: (value: unknown) => value === 0 || value === 1,
  /** A relevance score (a float8 or numeric column). */
  score: (value: unknown) => typeof value === "number" && Number.isFinite(value),
  /** Microseconds since the epoch: any safe integer is a time PostgreSQL can represent. */
  micros: (value: unknown) => isInteger(value, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  /** A real calendar time (no 30 February), years 1 to 9999. */
  timestamp: (value: unknown) => {
    if (typeof value !== "string" || !ISO_UTC.test(value) || value.startsWith("0000")) {
      return false;
    }
    const time = Date.parse(value);
    // Date.parse rolls 30 February over into March; PostgreSQL refuses it.
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
  },
  /** A sort key of text (lower-cased names), storable and about as long as the names are. */
  text: (value: unknown) =>
    typeof value === "string" && value.length <= 300 && unstorableText(value) === undefined,
} satisfies Record<string, (value: unknown) => boolean>;

type CursorPosition = keyof typeof positionChecks;
type ValueOf<P extends CursorPosition> = P extends "timestamp" | "text" ? string : number;
type Cursor<P extends readonly CursorPosition[]> = {
  -readonly [I in keyof P]: ValueOf<P[I]>;
};

/**
 * The values of a cursor whose positions have these kinds, e.g. `["timestamp", "bigId"]`;
 * undefined when there is no cursor, 400 "Invalid cursor." when it doesn't fit.
 */
export function decodeCursor<const P extends readonly CursorPosition[]>(
  cursor: string | undefined,
  positions: P,
): Cursor<P> | undefined {
  if (cursor === undefined) return undefined;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest("Invalid cursor.");
  }
  if (
    !Array.isArray(values) ||
    values.length !== positions.length ||
    !positions.every((position, i) => positionChecks[position](values[i]))
  ) {
    throw badRequest("Invalid cursor.");
  }
  return values as Cursor<P>;
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

/**
 * Lists that stay plain arrays (a recipe's ratings, a feed item's comments) page backwards
 * through a header, so their first answer keeps its shape: `Link: <url>; rel="next"`, the same
 * URL with `?before=` the cursor of the oldest row given. No header when nothing is older.
 */
export function linkOlderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  oldest: CursorValues | undefined,
): void {
  if (oldest === undefined) return;
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set("before", encodeCursor(oldest));
  reply.header("link", `<${url.toString()}>; rel="next"`);
}
