import sanitizeHtml from "sanitize-html";

export const MAX_HTML_BYTES = 100 * 1024;

/**
 * Keeps only what our rich-text editor can make: paragraphs, bold, italic, h1, h2, bullet and
 * numbered lists, horizontal rules and line breaks. Everything else goes: other tags are
 * unwrapped to their text, scripts and styles dropped with their content, no attributes kept.
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "strong", "em", "h1", "h2", "ul", "ol", "li", "hr", "br"],
    allowedAttributes: {},
    transformTags: { b: "strong", i: "em" },
    nonTextTags: ["script", "style", "textarea", "noscript", "iframe", "title"],
  }).trim();
}

/** True when the HTML has no visible text: `<p></p>` counts as empty instructions. */
export function isBlankHtml(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === "" &&
    !/<hr/i.test(html)
  );
}
