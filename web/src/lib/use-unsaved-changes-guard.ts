import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Holds the cook on a page with unsaved changes: a move to another page of the app waits on
 * `blocker` (show a question, then `proceed()` or `reset()`), and closing or reloading the tab
 * gets the browser's own "Leave site?". Call `allowLeaving()` just before a navigation that
 * must not ask (after saving, or on an explicit Cancel).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, allowLeaving };
}
