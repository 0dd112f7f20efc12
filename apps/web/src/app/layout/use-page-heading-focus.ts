import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves focus to the screen's `<h1>` (inside `main`) after each route change, so a screen reader announces the
 * new screen and Tab continues from its top; also on the first render when `onFirstRender` (just signed in).
 * A fresh page load leaves focus alone, so the skip link stays the first Tab stop. A screen that draws its
 * heading later (its chunk or data still loading) is watched until it does; if the user has meanwhile moved
 * into the screen's content, focus stays where they put it.
 */
export function usePageHeadingFocus(main: RefObject<HTMLElement | null>, onFirstRender: boolean): void {
  const { pathname } = useLocation();
  // The screen whose heading took focus (or whose user had moved on); set when it happens, not when scheduled,
  // so an effect that runs twice (StrictMode) still focuses.
  const handled = useRef<string | null>(onFirstRender ? null : pathname);

  useEffect(() => {
    const root = main.current;
    if (!root || handled.current === pathname) return;

    const focusHeading = (late: boolean): boolean => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      handled.current = pathname;
      const active = document.activeElement;
      if (late && active && active !== root && root.contains(active)) return true;
      // Focusable by script only; index.css rings it for keyboard users only (:focus-visible).
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    const observer = new MutationObserver(() => {
      if (focusHeading(true)) observer.disconnect();
    });
    // After this frame: a dialog closing on the same click (the phone menu) gives its focus back first.
    const frame = requestAnimationFrame(() => {
      if (!focusHeading(false)) observer.observe(root, { childList: true, subtree: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [main, pathname]);
}
