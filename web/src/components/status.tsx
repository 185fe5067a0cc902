import type { ReactNode } from "react";
import { t } from "../lib/i18n";

/** The plain "Loading..." line used while something loads; announced to screen readers. */
export function Loading({ text = t("components.common.loading") }: { text?: string }) {
  return (
    <p className="status-text" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** A red error box; `title` defaults to "Error". */
export function ErrorBox({
  title = t("components.errorBox.title"),
  children,
}: {
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className="alert alert-error" role="alert">
      <strong className="alert-title">{title}</strong>
      <div>{children}</div>
    </div>
  );
}
