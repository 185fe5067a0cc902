import { RICH_TEXT_TAGS } from "@potluck/contract";
import sanitizeHtml from "sanitize-html";

// The blank rule is the web editor's too: it lives with the allowed tags in the contract.
export { isBlankHtml } from "@potluck/contract";

/**
 * Keeps only what our rich-text editor can make (RICH_TEXT_TAGS in contract/src/rich-text.ts:
 * paragraphs, bold, italic, h1, h2, bullet and numbered lists, horizontal rules and line
 * breaks). Everything else goes: other tags are unwrapped to their text, scripts and styles
 * dropped with their content, no attributes kept.
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: RICH_TEXT_TAGS,
    allowedAttributes: {},
    transformTags: { b: "strong", i: "em" },
    nonTextTags: ["script", "style", "textarea", "noscript", "iframe", "title"],
  }).trim();
}
