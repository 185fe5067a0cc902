import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page may take to show its heading (a lazy chunk, its data) before we give up. */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After a move to another page, focus goes to that page's main heading (or, without one, the
 * main region), as the skip link does, so keyboard and screen-reader users start reading the
 * new page rather than wherever they were. Not on the first load (the browser starts at the
 * top; a redirect before the cook did anything counts as first load), not for a change of
 * query or hash only, and never away from something the cook focused on the new page meanwhile.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // Compared by value rather than "is this the first run", which StrictMode's second run of
  // every effect would get wrong.
  const firstPathname = useRef(pathname);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current && pathname === firstPathname.current) return;
    moved.current = true;
    // A redirect while the app starts (to /login, say) is still the first load for the cook:
    // nothing was clicked or typed yet.
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    const region = main.current;
    if (!region) return;
    // What had focus when the move happened (the link that was clicked, say).
    const before = document.activeElement;
    const focusedElsewhere = () => {
      const now = document.activeElement;
      return now !== before && now !== document.body && now !== null && now !== region;
    };
    const focusHeading = () => {
      if (focusedElsewhere()) return true;
      const heading = region.querySelector<HTMLElement>("h1");
      if (!heading) return false;
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;

    // The page's chunk or data is still loading: wait for its heading to appear.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (!focusedElsewhere()) region.focus({ preventScroll: true });
    }, WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(region, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
