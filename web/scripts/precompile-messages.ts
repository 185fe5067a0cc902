import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/**
 * The message catalogues parsed at build time (decision 0037): each message of
 * src/lib/i18n/messages/<language>.json becomes the ICU elements intl-messageformat formats
 * from, and the message parser (about 7.5 KiB gzipped) leaves the app's bundle: FormatJS's
 * `no-parser` entry stands in for it. A catalogue grows by about 1.6 KiB gzipped and is
 * fetched only in its language. The dev server and the unit tests keep the texts and parse
 * them as they are used. A message that is not valid ICU fails the build.
 */
const CATALOGUE = /[\\/]src[\\/]lib[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/;

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

export function precompileMessages(): Plugin {
  return {
    name: "potluck-precompile-messages",
    apply: "build",
    // Before Vite's own JSON plugin, which then makes a module of the parsed catalogue.
    enforce: "pre",
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
          },
        ],
      },
    }),
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const compiled = compileCatalogue(JSON.parse(code), id.split(/[\\/]/).pop());
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
