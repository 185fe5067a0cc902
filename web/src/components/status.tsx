import type { ReactNode } from "react";

/** The plain "Loading..." line used while something loads; announced to screen readers. */
export function Loading({ text = "Loading..." }: { text?: string }) {
  return (
    <p className="status-text" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** A red error box; `title` defaults to "Error". */
export function ErrorBox({ title = "Error", children }: { title?: string; children: ReactNode }) {
  return (
    <div className="alert alert-error" role="alert">
      <strong className="alert-title">{title}</strong>
      <div>{children}</div>
    </div>
  );
}
