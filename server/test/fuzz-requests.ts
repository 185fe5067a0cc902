// Generators of hostile requests for the no-5xx property test: bodies, query strings, path
// ids, cursors and headers. Junk is mixed with values that pass validation, so that many
// requests get past it into the handlers and the database.
import fc from "fast-check";
import { multipartBody } from "../src/http/inject-agent.js";

/** What the test knows of a route's input: the fields of its body and query string. */
export interface InputShape {
  body?: readonly string[];
  query?: readonly string[];
  /** The body is multipart (recipe create and update). */
  multipart?: boolean;
  /** Usernames a `:username` path param picks from; read at generation time. */
  usernames?: readonly string[];
  /** Values any other named path param (e.g. `:file`) picks from, besides junk. */
  words?: readonly string[];
}

/** A request before the session and CSRF token of the moment are filled in. */
export interface RequestPlan {
  path: string;
  query: string;
  body?: { payload: string | Buffer; contentType: string };
  signedIn: boolean;
  csrf: "valid" | "wrong" | "missing" | "no-cookie";
  headers: Record<string, string>;
  remoteAddress: string;
}

/** The ids of the rows the test made; read at generation time, as they change. */
export type Ids = () => number[];

// ---------- values ----------

const TEXT_SAMPLES = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "😀",
  "<p>Stir <b>well</b></p><script>alert(1)</script>",
  "%00",
  "%zz",
  "%ED%A0%80",
  "%FF",
  "'; drop table users; --",
  "null",
  "NaN",
  "1e10",
  "-1",
  "2024-02-30",
  "new_recipe,update_rating",
  "x".repeat(3000),
];
const NUMBER_SAMPLES = [
  0,
  -1,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e10,
  1e308,
  -1e308,
  5e-324,
];

/** Values that pass validation for some field, so that requests get past it. */
const plausible = fc.constantFrom<string | number | boolean>(
  "Soup",
  "<p>Stir.</p>",
  "2025-01-01",
  "new_recipe",
  "cook",
  // A password that passes the rules but is no fixture's (TEST_PASSWORD): one that matched
  // would let a fuzzed DELETE /api/users/me/ or password change through (it did, once).
  "correct horse battery stapler",
  "cook@example.com",
  "metric",
  "us",
  true,
  false,
  1,
  2,
  8,
);
const text = fc.oneof(
  fc.constantFrom(...TEXT_SAMPLES),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const number = fc.oneof(fc.constantFrom(...NUMBER_SAMPLES), fc.integer(), fc.double());

/** One of the test's ids (of any kind: a recipe's id may be sent as a list's). */
const anId = (ids: Ids) =>
  fc.nat().map((n) => {
    const known = ids();
    return known[n % known.length] ?? 1;
  });

/** Any value a JSON field might be sent: right type or wrong, flat or nested. */
const jsonValue = (ids: Ids): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: anId(ids) },
    { weight: 4, arbitrary: plausible },
    // Lists of ids (staples, an aisle order), now and then with a stranger in them.
    { weight: 2, arbitrary: fc.array(fc.oneof(anId(ids), number), { maxLength: 12 }) },
    { weight: 2, arbitrary: text },
    { weight: 2, arbitrary: number },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

/** A query-string, form or multipart value: always text. */
const textValue = (ids: Ids): fc.Arbitrary<string> =>
  fc.oneof(anId(ids).map(String), plausible.map(String), text, number.map(String));

/** A forged or real-looking cursor: base64url JSON arrays of mixed values, or junk. */
const cursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.oneof(
        number,
        text,
        fc.constantFrom("2024-01-01T00:00:00.000001Z", "2024-02-30T00:00:00Z", "1", "9999-99-99"),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      { maxLength: 5 },
    )
    .map((values) => Buffer.from(JSON.stringify(values)).toString("base64url")),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("%%%", "e30", "W10", "bnVsbA"),
);

/** A header value as it can arrive over HTTP: visible Latin-1, no control characters. */
const headerValue = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/**
 * Percent-encodes the UTF-8 bytes of a string. Unlike encodeURIComponent it takes lone
 * surrogates (as U+FFFD, which is what any client's UTF-8 encoder sends for them).
 */
const encode = (value: string) =>
  [...Buffer.from(value, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/**
 * An object with each of `keys` mostly present; a stray key, and the paging keys (whose junk
 * would otherwise refuse most requests before anything else is looked at), now and then.
 */
const someOf = <T>(keys: readonly string[], value: fc.Arbitrary<T>) =>
  fc
    .tuple(
      ...[...keys, "extra"].map((key) => {
        const rare = ["extra", "cursor", "limit"].includes(key);
        return fc.oneof(
          { weight: rare ? 4 : 2, arbitrary: fc.constant(undefined) },
          { weight: rare ? 1 : 3, arbitrary: value.map((v) => [key, v] as const) },
        );
      }),
    )
    .map((entries) => Object.fromEntries(entries.filter((entry) => entry !== undefined)));

// ---------- parts of a request ----------

/** The route's path with its params filled in and some characters percent-encoded. */
function path(
  url: string,
  ids: Ids,
  usernames: readonly string[],
  words: readonly string[],
): fc.Arbitrary<string> {
  const param = fc.oneof(
    { weight: 4, arbitrary: anId(ids).map(String) },
    { weight: 2, arbitrary: number.map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("abc", "1.5", " 1", "0x1f", "１", "%00", "%2e", "%ZZ", "1%00"),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encode) },
  );
  // A known username, as given or upper-cased (matched case-insensitively), or junk.
  const name =
    usernames.length === 0
      ? param
      : fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...usernames) },
          { weight: 1, arbitrary: fc.constantFrom(...usernames).map((n) => n.toUpperCase()) },
          { weight: 2, arbitrary: param },
        );
  const word =
    words.length === 0
      ? param
      : fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...words) },
          { weight: 1, arbitrary: param },
        );
  const isParam = (segment: string) => segment.startsWith(":") || segment === "*";
  const segments = url.split(/(:\w+|\*)/);
  return fc
    .tuple(
      fc.tuple(
        ...segments.map((segment) =>
          segment === ":username"
            ? name
            : segment === ":id" || segment === "*"
              ? param
              : isParam(segment)
                ? word
                : param,
        ),
      ),
      fc.array(fc.nat(99), { minLength: url.length, maxLength: url.length }),
    )
    .map(([params, dice]) => {
      let offset = 0;
      return segments
        .map((segment, i) => {
          if (isParam(segment)) {
            return params[i] ?? "1";
          }
          const spelled = [...segment].map((char, j) => {
            // High dice encode, so that a failure shrinks towards the plain spelling.
            const die = dice[offset + j] ?? 0;
            if (die < 92 || char === "/") return char;
            const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
            return `%${die % 2 === 0 ? hex.toUpperCase() : hex}`;
          });
          offset += segment.length;
          return spelled.join("");
        })
        .join("");
    });
}

/** `a=b&...`: the route's fields and a stray one; a value now and then raw (broken escapes). */
function queryString(fields: readonly string[], ids: Ids): fc.Arbitrary<string> {
  const keys = [...fields, "cursor", "limit"];
  const value = fc.oneof(
    { weight: 3, arbitrary: textValue(ids).map(encode) },
    { weight: 1, arbitrary: cursor },
    { weight: 1, arbitrary: text },
  );
  const repeated = fc.option(fc.constantFrom(...keys), { nil: undefined, freq: 5 });
  return fc.tuple(someOf(keys, value), repeated).map(([values, again]) => {
    const pairs = Object.entries(values).map(([key, v]) => `${key}=${v}`);
    // A key given twice arrives as an array.
    if (again !== undefined) pairs.push(`${again}=1`);
    return pairs.join("&");
  });
}

/** A body as JSON, a form, multipart or garbage, with the route's fields or without them. */
function body(shape: InputShape, ids: Ids) {
  const fields = shape.body ?? [];
  const json = fc
    .oneof(
      { weight: 5, arbitrary: someOf(fields, jsonValue(ids)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    )
    .map((value) => ({ payload: JSON.stringify(value), contentType: "application/json" }));
  const form = someOf(fields, textValue(ids)).map((values) => ({
    payload: new URLSearchParams(values).toString(),
    contentType: "application/x-www-form-urlencoded",
  }));
  const ingredientRows = fc
    .array(
      fc.record({
        ingredient_id: jsonValue(ids),
        quantity: jsonValue(ids),
        unit_id: jsonValue(ids),
      }),
      { maxLength: 3 },
    )
    .map((rows) => JSON.stringify(rows));
  const multipart = fc
    .tuple(
      someOf(fields, fc.oneof(textValue(ids), ingredientRows)),
      fc.option(fc.uint8Array({ maxLength: 64 }), { nil: undefined }),
    )
    .map(([values, image]) => {
      const parts: Parameters<typeof multipartBody>[0] = { ...values };
      if (image) {
        parts.image = { filename: "x.jpg", contentType: "image/jpeg", data: Buffer.from(image) };
      }
      return multipartBody(parts);
    });
  const garbage = fc.record({
    payload: fc.string({ maxLength: 80 }),
    contentType: fc.oneof(
      headerValue,
      fc.constantFrom("application/json", "multipart/form-data", "text/plain", "application/xml"),
    ),
  });
  return fc.oneof(
    { weight: shape.multipart ? 1 : 5, arbitrary: json },
    { weight: 2, arbitrary: form },
    { weight: shape.multipart ? 8 : 1, arbitrary: multipart },
    { weight: 1, arbitrary: garbage },
  );
}

/** Mostly none; now and then a hostile one, so that most requests still reach the handlers. */
const rarely = (value: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
const headers = fc
  .record({
    origin: rarely(
      fc.oneof(
        fc.constantFrom("http://localhost:80", "https://evil.example", "null", "foo", "http://"),
        headerValue,
      ),
    ),
    "sec-fetch-site": rarely(fc.oneof(fc.constantFrom("same-origin", "cross-site"), headerValue)),
    "content-type": rarely(fc.oneof(fc.constant("application/json; charset=utf-16"), headerValue)),
    cookie: rarely(
      fc.oneof(fc.constantFrom("sessionid=", "sessionid=%00; csrftoken=="), headerValue),
    ),
    "x-forwarded-for": rarely(headerValue),
  })
  .map((all) =>
    Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );

/** Requests for one route of `method` at `url` (Fastify's pattern, e.g. `/api/x/:id/`). */
export function requests(
  method: string,
  url: string,
  shape: InputShape,
  ids: Ids,
): fc.Arbitrary<RequestPlan> {
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(method);
  return fc.record({
    path: path(url, ids, shape.usernames ?? [], shape.words ?? []),
    query: queryString(shape.query ?? [], ids),
    body: hasBody
      ? fc.option(body(shape, ids), { nil: undefined, freq: 8 })
      : fc.constant(undefined),
    signedIn: fc.boolean(),
    csrf: fc.constantFrom(
      "valid",
      "valid",
      "valid",
      "valid",
      "valid",
      "wrong",
      "missing",
      "no-cookie",
    ),
    headers,
    remoteAddress: fc.ipV4(),
  });
}
