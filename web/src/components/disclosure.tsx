import { type ReactNode, useId, useState } from "react";

/**
 * A part of a page that opens on demand ("Or paste the page"): a real button with an arrow that
 * turns when it is open and `aria-expanded`, controlling the region under it. The region stays
 * mounted while closed (hidden), so what was typed in it is kept.
 */
export function Disclosure({
  label,
  className = "",
  children,
}: {
  label: ReactNode;
  /** Added to "disclosure" on the wrapper. */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={`disclosure ${className}`.trim()}>
      <button
        type="button"
        className="disclosure-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="disclosure-arrow" aria-hidden="true" />
        {label}
      </button>
      <div id={bodyId} className="disclosure-body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
