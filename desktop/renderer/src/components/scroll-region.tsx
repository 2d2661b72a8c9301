import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Around a table that scrolls sideways (antd's `scroll={{ x }}`) with nothing inside it to focus:
 * its scrolling box is made a named, focusable region, so the keyboard can scroll it too (WCAG
 * 2.1.1, axe scrollable-region-focusable). antd gives no prop for the box, hence the look-up
 * after each render (the table draws the box anew when its data changes).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
  });
  return <div ref={ref}>{children}</div>;
}
