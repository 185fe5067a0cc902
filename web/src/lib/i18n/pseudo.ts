// The pseudo-language en-XA (issue 37): English with every letter accented and each message
// about 35% longer ("Save recipe" → "Šàṽé ŕéçîþé~~~~"), made from en.json when it is chosen
// (the cookie potluck_lang=en-XA; never listed in the menu). A text on a page that is still
// plain English did not come from the catalogue: the pseudo-language journey looks for those.
// Placeholders, plural and select arguments and rich-text tags are kept as they are; only the
// literal text between them changes.
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

const ACCENTED: Record<string, string> = {
  a: "à",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Å",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** Every ASCII letter of `text` accented; the rest as it is. */
export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** How many characters a message grows by: about 35% of its own text. */
const padding = (length: number) => (length === 0 ? "" : "~".repeat(Math.ceil(length * 0.35)));

function accentElements(elements: MessageFormatElement[]): {
  elements: MessageFormatElement[];
  length: number;
} {
  let length = 0;
  const out = elements.map((element): MessageFormatElement => {
    switch (element.type) {
      case TYPE.literal:
        length += element.value.length;
        return { ...element, value: accent(element.value) };
      case TYPE.tag: {
        const inner = accentElements(element.children);
        length += inner.length;
        return { ...element, children: inner.elements };
      }
      case TYPE.plural:
      case TYPE.select: {
        let longest = 0;
        const options = Object.fromEntries(
          Object.entries(element.options).map(([selector, option]) => {
            const inner = accentElements(option.value);
            longest = Math.max(longest, inner.length);
            return [selector, { ...option, value: inner.elements }];
          }),
        );
        length += longest;
        return { ...element, options } as MessageFormatElement;
      }
      default:
        return element;
    }
  });
  return { elements: out, length };
}

/**
 * One English message as en-XA, as elements (IntlMessageFormat takes them as they are). The
 * built app's catalogues are parsed already (scripts/precompile-messages.ts); the dev server's
 * and the tests' are texts.
 */
export function pseudoMessage(message: string | MessageFormatElement[]): MessageFormatElement[] {
  const { elements, length } = accentElements(
    typeof message === "string" ? parse(message) : message,
  );
  const pad = padding(length);
  return pad ? [...elements, { type: TYPE.literal, value: pad }] : elements;
}

/** The whole English catalogue as en-XA. */
export function pseudoCatalogue(
  english: Record<string, string | MessageFormatElement[]>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]),
  );
}
