import type { ReactNode } from 'react';

/**
 * A table column's title holding a control (the select-all box of a row selection). antd draws
 * every title a second time in the hidden row it measures column widths with (a scrolled table's
 * `aria-hidden` measure row), where the copy could still take the focus (WCAG 4.1.2,
 * aria-hidden-focus): the copy's row is made inert, so it is neither focused nor read.
 */
export function MeasuredTitle({ children }: { children: ReactNode }) {
  return (
    <span
      ref={(node) => {
        node?.closest('.ant-table-measure-row')?.setAttribute('inert', '');
      }}
    >
      {children}
    </span>
  );
}
