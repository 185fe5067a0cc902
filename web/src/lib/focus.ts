/**
 * The focus left the page without anyone choosing another element: the focused element was
 * moved or removed from the DOM (a reordered list), which drops the focus to the body.
 */
export const isFocusLost = (): boolean =>
  !document.activeElement || document.activeElement === document.body;
