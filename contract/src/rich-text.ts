// What rich text (recipe instructions, list notes) may hold, without zod so the web's editor
// chunk can import it from "@potluck/contract/rich-text". The web's editor offers these marks
// and nodes and switches the rest of TipTap's StarterKit off; the server's cleaner keeps
// their tags and nothing else. One list, so what a cook types is what is stored.

export const RICH_TEXT_HEADING_LEVELS = [1, 2] as const;

/** Each mark and node by its TipTap name, with the HTML tags it makes. */
export const RICH_TEXT_ELEMENTS = {
  paragraph: ["p"],
  bold: ["strong"],
  italic: ["em"],
  heading: RICH_TEXT_HEADING_LEVELS.map((level) => `h${level}`),
  bulletList: ["ul"],
  orderedList: ["ol"],
  listItem: ["li"],
  horizontalRule: ["hr"],
  hardBreak: ["br"],
} satisfies Record<string, string[]>;
export type RichTextElement = keyof typeof RICH_TEXT_ELEMENTS;

/** Every tag rich text may hold; none of them keeps an attribute. */
export const RICH_TEXT_TAGS: string[] = Object.values(RICH_TEXT_ELEMENTS).flat();

/**
 * True when rich text shows nothing: no text but whitespace, and no horizontal rule (`<p></p>`
 * is blank instructions). For HTML of the tags above only (the editor's, or the server's after
 * cleaning), so stripping the tags leaves its text; the editor writes a no-break space as
 * `&nbsp;`, which counts as whitespace as the character itself does.
 */
export function isBlankHtml(html: string): boolean {
  const text = html.replace(/<[^>]*>/g, "").replaceAll("&nbsp;", " ");
  return text.trim() === "" && !/<hr/i.test(html);
}
