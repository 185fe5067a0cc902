/**
 * Shows HTML that came from our server: recipe instructions and notes are cleaned there to
 * what the editor can make (see server/src/http/clean-html.ts), the terms are ours.
 */
export function ServerHtml({
  html,
  className,
  lang,
}: {
  html: string;
  className?: string;
  /** The language the HTML is written in, when it may not be the page's. */
  lang?: string;
}) {
  return (
    <div
      className={className}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server before storage
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
