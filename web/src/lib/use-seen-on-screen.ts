import { type RefObject, useEffect, useState } from "react";

/** How far below the screen "near" reaches: a cook scrolling down finds the control loaded. */
const NEAR_BELOW = "150%";

/**
 * True once the element has come within a screen and a half below the visible part of the page
 * (or above it), or the keyboard has moved focus with Tab; from then on it stays true.
 * Controls far down the page (the notes editor, the pickers under a long shopping list) wait
 * for it before their code is fetched and run, so a phone's first load spends its bandwidth and
 * CPU on what it shows (issue 15 §5). `watching` holds the decision back while the page above
 * is still taking its final height (a list holding the screen while its lines load). Their
 * placeholders cannot take focus, so a Tab anywhere loads them before the keyboard reaches
 * them; a browser without IntersectionObserver loads them at once.
 */
export function useSeenOnScreen(ref: RefObject<Element | null>, watching = true): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (seen || !watching || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: `0px 0px ${NEAR_BELOW} 0px` },
    );
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Tab") setSeen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener("keydown", onKey);
    };
  }, [ref, seen, watching]);
  return seen;
}
