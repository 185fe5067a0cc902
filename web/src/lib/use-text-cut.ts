import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the one-line text of `element` (white-space: nowrap; overflow: hidden) is cut short
 * at its present width: measured again when the element changes size (a phone turned) and when
 * `text` changes.
 */
export function useTextCut(element: RefObject<HTMLElement | null>, text: string): boolean {
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` measures again: new words in the same box change no size, and the observer would not hear them
  useEffect(() => {
    const shown = element.current;
    if (!shown) return;
    // Its first report comes at once, after layout: no measuring before the line is drawn.
    const observer = new ResizeObserver(() => setCut(shown.scrollWidth > shown.clientWidth + 1));
    observer.observe(shown);
    return () => observer.disconnect();
  }, [element, text]);
  return cut;
}
