import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content is wider than the screen (a table on a phone). While it does, it is a
 * tab stop, named by `label`, so a keyboard can scroll it too; when everything fits, it is a plain box.
 */
export function ScrollRegion({ label, className = 'table-wrap', busy, children }: { label?: string; className?: string; busy?: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} aria-busy={busy || undefined} tabIndex={overflows ? 0 : undefined} role={overflows && label ? 'region' : undefined} aria-label={overflows ? label : undefined}>
      {children}
    </div>
  );
}
