// Which errors mean "the database is away or overloaded", as opposed to a bug: the request
// is answered 503 (try again shortly) instead of 500, and the server carries on. The pool
// reconnects by itself once PostgreSQL is back.

/** SQLSTATEs of a database that is restarting, refusing or too slow. */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
]);

/** Socket-level failures while connecting or talking to PostgreSQL. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Cannot use a pool after calling end",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code))) {
      return true;
    }
    if (typeof code === "string" && code.startsWith("08")) return true; // connection_exception
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    current = cause;
  }
  return false;
}
