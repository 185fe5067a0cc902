import type { ReactNode } from "react";

/**
 * Whether the page is laid out right to left (Arabic): `<html dir>` is set before the first
 * render (lib/i18n markDocument), and a change of language reloads the page.
 */
export function isRightToLeft(): boolean {
  return typeof document !== "undefined" && document.documentElement.dir === "rtl";
}

/** A digit of any script or a fraction glyph (½, ⅔, ⅛ …). */
const NUMERAL = "[0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u00BC-\\u00BE\\u2150-\\u215E]";
/**
 * A number as a cook reads it, kept whole: "1½", "1 1/2", "1,5", "1–2", "12:30". Inside
 * right-to-left text the bidi algorithm would otherwise put "½" before the "1" and turn a
 * range round ("2–1").
 */
const NUMBER_RUN = new RegExp(
  `${NUMERAL}+(?:[.,\\u066B\\u066C/:\\u2013-]?[ \\u00A0\\u202F]?${NUMERAL}+)*`,
  "gu",
);

/**
 * `text` with its numbers and quantities kept left to right: right to left each is an isolated
 * `<bdi dir="ltr">` (the words around it stay right to left); left to right, the text as it is.
 */
export function LeftToRightNumbers({ text }: { text: string }): ReactNode {
  if (!isRightToLeft()) return text;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(NUMBER_RUN)) {
    const at = match.index ?? 0;
    // A lone digit needs no isolating: it reads the same either way.
    if (match[0].length < 2) continue;
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <bdi key={at} dir="ltr">
        {match[0]}
      </bdi>,
    );
    from = at + match[0].length;
  }
  if (from === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
