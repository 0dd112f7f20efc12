import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, a pointer pressed anywhere outside `root` calls `onOutside`: how the header's menu and popover
 * close on a click elsewhere. The latest `onOutside` is called; the listener is added only while active.
 */
export function usePointerDownOutside(
  active: boolean,
  root: RefObject<HTMLElement | null>,
  onOutside: () => void,
): void {
  const callback = useRef(onOutside);
  useEffect(() => {
    callback.current = onOutside;
  });
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) callback.current();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [active, root]);
}
