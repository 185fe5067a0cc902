import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/**
 * The message catalogues made small at build time (decision 0037):
 * - each message of src/lib/i18n/messages/<language>.json becomes the ICU elements
 *   intl-messageformat formats from, and the message parser (about 7.5 KiB gzipped) leaves the
 *   app's bundle: FormatJS's `no-parser` entry stands in for it (a catalogue grows by about
 *   1.6 KiB gzipped, and only the reader's is fetched);
 * - each key ("groceries.list.emptyTitle") becomes a short id ("5k") in the catalogues and in
 *   the code, wherever it is written as a literal (a `t` call, a typed table of keys): about
 *   1.2 KiB gzipped less on a route and 2.3 KiB less per catalogue.
 * The dev server and the unit tests keep texts and keys as written and parse messages as they
 * are used. A message that is not valid ICU fails the build.
 */
const CATALOGUE = /[\\/]src[\\/]lib[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/;
const SOURCE = /[\\/]web[\\/]src[\\/].*\.tsx?$/;
/** A literal that may be a key: area.topic.what, lowerCamelCase segments. */
const KEY_LITERAL = /(["'`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)\1/g;
const ENGLISH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/lib/i18n/messages/en.json",
);

export function compileCatalogue(
  messages: Record<string, string>,
  file = "catalogue",
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, parse(message)];
      } catch (error) {
        throw new Error(`${file}: ${key} is not valid ICU: ${(error as Error).message}`);
      }
    }),
  );
}

/** A short id for each of English's keys (base 36 of its place in key order). */
export function shortIds(keys: Iterable<string>): Map<string, string> {
  return new Map([...keys].sort().map((key, index) => [key, index.toString(36)]));
}

/** The code with every literal key replaced by its id (other literals as they are). */
export function shortenKeys(code: string, ids: Map<string, string>): string {
  return code.replace(KEY_LITERAL, (literal, quote: string, key: string) => {
    const id = ids.get(key);
    return id === undefined ? literal : `${quote}${id}${quote}`;
  });
}

export function precompileMessages(): Plugin {
  let ids = new Map<string, string>();
  return {
    name: "potluck-precompile-messages",
    apply: "build",
    // Before Vite's own JSON plugin (which then makes a module of the parsed catalogue) and
    // before TypeScript is compiled away.
    enforce: "pre",
    config: () => ({
      // A catalogue is one object, read by its default export: no named export per key.
      json: { stringify: true, namedExports: false },
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
          },
        ],
      },
    }),
    buildStart() {
      ids = shortIds(Object.keys(JSON.parse(readFileSync(ENGLISH, "utf8"))));
    },
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (CATALOGUE.test(file)) {
        const compiled = compileCatalogue(JSON.parse(code), file.split(/[\\/]/).pop());
        const byId = Object.fromEntries(
          Object.entries(compiled).map(([key, elements]) => [ids.get(key) ?? key, elements]),
        );
        return { code: JSON.stringify(byId), map: null };
      }
      if (SOURCE.test(file) && !file.includes("node_modules")) {
        const shortened = shortenKeys(code, ids);
        return shortened === code ? null : { code: shortened, map: null };
      }
      return null;
    },
  };
}
