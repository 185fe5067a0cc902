import { z } from "zod";

/** `{"detail": "..."}`: the body of every single-message error. */
export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** `{"field": ["message", ...]}`: a 400 naming what is wrong with each field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** `{"ok": true}`: the health and readiness checks. */
export const okResponse = z.object({ ok: z.literal(true) });

/** `GET /api/openapi.json`: an OpenAPI 3.1 document (only its outline is checked here). */
export const openApiDocument = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/** A keyset-paginated page; `next` and `previous` are absolute URLs followed as they are. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = { next: string | null; previous: string | null; results: T[] };

// With the u flag a surrogate pair is one code point, so only unpaired halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why a string can't be stored as PostgreSQL text, or undefined when it can: NUL is refused by
 * the database (a 500 if it got there), and a lone UTF-16 surrogate has no UTF-8 form (the
 * driver would silently turn it into U+FFFD). The messages are Django REST framework's.
 */
export function unstorableText(value: string): string | undefined {
  if (value.includes("\u0000")) return "Null characters are not allowed.";
  const surrogate = LONE_SURROGATE.exec(value)?.[0];
  if (surrogate !== undefined) {
    const code = surrogate.charCodeAt(0).toString(16).toUpperCase();
    return `Surrogate characters are not allowed: U+${code}.`;
  }
  return undefined;
}

/**
 * Every text input of the API: a string PostgreSQL can store. Chain the field's own rules
 * after it (`text().trim().max(100)`); the storability check runs first and stops the rest,
 * so the client sees one clear message.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check((ctx) => {
    const problem = unstorableText(ctx.value);
    if (problem !== undefined) {
      ctx.issues.push({ code: "custom", message: problem, input: ctx.value, continue: false });
    }
  });

/** Ids are PostgreSQL integers: a larger number is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** `?limit=` of paginated lists: default 20, at most 100. */
export const pageQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Form bodies send everything as text; optional form fields arrive as "". */
/**
 * `?before=` of the lists that are plain arrays and page backwards (a recipe's ratings, a feed
 * item's comments): an opaque cursor taken from the previous answer's `Link` header.
 */
export const olderPageCursor = text().max(300).optional();

/** `?limit=` of those lists: by default their first answer's size, at most 100. */
export const olderPageLimit = (byDefault: number) =>
  z.coerce.number().int().min(1).max(100).default(byDefault);

export const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

// ---------- fields of form and JSON bodies ----------

export const REQUIRED = "This field is required.";

/** Form bodies send text; JSON sends numbers. "" and null mean "not given". */
export const blankToUndefined = (value: unknown) =>
  value === "" || value === null ? undefined : value;
export const textToNumber = (value: unknown) => {
  const given = blankToUndefined(value);
  return typeof given === "string" ? Number(given.trim() === "" ? Number.NaN : given) : given;
};
/** An error message that says "required" when the field is missing, `message` otherwise. */
export const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : message;

/** An id field of a form or JSON body (an id given as text is taken as its number). */
export const idField = () =>
  z.preprocess(
    textToNumber,
    z
      .number({ error: missingOr("A valid integer is required.") })
      .int("A valid integer is required.")
      .positive("A valid integer is required.")
      .max(MAX_ID, "A valid integer is required."),
  );

/**
 * A list of ids in a JSON body, at most `max` of them: Django REST framework's messages for a
 * missing field, a value that is not a list, and a list that is too long.
 */
export const idListField = (max: number) =>
  z
    .array(idField(), {
      error: (issue) =>
        issue.input === undefined
          ? REQUIRED
          : `Expected a list of items but got type "${typeOfInput(issue.input)}".`,
    })
    .max(max, `Ensure this field has no more than ${max} elements.`);

/** The Python name of a JSON value's type, as DRF's messages say it. */
const typeOfInput = (value: unknown): string => {
  if (value === null) return "NoneType";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
};

export const BAD_DATE = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";

/** A real calendar day as `YYYY-MM-DD` (year 1 onwards). */
export const dayField = text({ error: missingOr(BAD_DATE) }).refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}, BAD_DATE);
