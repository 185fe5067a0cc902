/**
 * Shows HTML that came from our server: recipe instructions and notes are cleaned there to
 * what the editor can make (see server/src/http/clean-html.ts), the terms are ours.
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server before storage
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
