import { type RefObject, useLayoutEffect } from "react";
import { isRightToLeft } from "./bidi";

/** Room kept between the button and its menu, and between the menu and the window's edges. */
const GAP = 4;

/**
 * Where a menu of `menu` size goes for a button at `anchor`, in a window of `view` size: below
 * the button, its end edge on the button's (the right one; right to left, the left one), or
 * above the button when there is not room below and there is more above; kept inside the
 * window either way.
 */
export function placeMenu(
  anchor: { top: number; bottom: number; left?: number; right: number },
  menu: { width: number; height: number },
  view: { width: number; height: number },
  rightToLeft = false,
): { top: number; left: number } {
  const below = view.height - anchor.bottom - GAP;
  const above = anchor.top - GAP;
  const fitsBelow = menu.height + GAP <= below;
  const top = fitsBelow || below >= above ? anchor.bottom + GAP : anchor.top - GAP - menu.height;
  const left = rightToLeft && anchor.left !== undefined ? anchor.left : anchor.right - menu.width;
  return {
    top: Math.max(GAP, Math.min(top, view.height - menu.height - GAP)),
    left: Math.max(GAP, Math.min(left, view.width - menu.width - GAP)),
  };
}

/**
 * Shows `popover` (an element with `popover="manual"`) while `open`, next to `anchor` as
 * placeMenu puts it, and keeps it there while the page scrolls or the window changes size.
 * A popover sits in the browser's top layer: no ancestor can clip it, neither `overflow` nor
 * the paint containment of `content-visibility: auto` (a planner day on a phone cut its menu
 * in half). It stays where it is in the document, so Tab still goes from the button into it.
 */
export function useAnchoredPopover(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
  popover: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const menu = popover.current;
    const button = anchor.current;
    if (!open || !menu || !button) return;
    menu.showPopover();
    const place = () => {
      const { top, left } = placeMenu(
        button.getBoundingClientRect(),
        { width: menu.offsetWidth, height: menu.offsetHeight },
        { width: document.documentElement.clientWidth, height: window.innerHeight },
        isRightToLeft(),
      );
      menu.style.top = `${top}px`;
      menu.style.left = `${left}px`;
    };
    place();
    // Capture: a scroll of any scrolling box, not only the page's, moves the button.
    window.addEventListener("scroll", place, { capture: true, passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
      if (menu.isConnected && menu.matches(":popover-open")) menu.hidePopover();
    };
  }, [open, anchor, popover]);
}
