import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table's own horizontal scroll box (a phone scrolls the table, not the page). While its content is wider
 * than the box it is a named, focusable region, so keyboard users can scroll it with the arrow keys and screen
 * readers say what it holds; when everything fits it adds no Tab stop.
 */
export function TableScroll({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      role={scrollable ? 'region' : undefined}
      aria-label={scrollable ? label : undefined}
      tabIndex={scrollable ? 0 : undefined}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${className}`}
    >
      {children}
    </div>
  );
}
