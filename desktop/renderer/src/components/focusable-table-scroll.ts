/**
 * A table that scrolls sideways (antd's `scroll={{ x }}`) with nothing inside it to focus cannot be
 * scrolled from the keyboard (WCAG 2.1 2.1.1, axe scrollable-region-focusable). antd gives no prop
 * for its scrolling box, and most tables hold text alone: every such box that overflows, on every
 * screen, is made a focusable region named by its table's title or its card's, as antd draws it.
 * ScrollRegion names one table's box itself, which this then leaves alone.
 */
export function makeTableScrollFocusable(root: HTMLElement): void {
  const mark = (scope: ParentNode) => {
    for (const box of scope.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])')) {
      if (box.scrollWidth <= box.clientWidth) continue;
      const table = box.closest('.ant-table-wrapper');
      const name = table?.querySelector('.ant-table-title')?.textContent || box.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent || document.title;
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', name);
    }
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const scope = change.target instanceof HTMLElement ? change.target.closest('.ant-table-wrapper') : null;
      if (scope) mark(scope);
      else for (const node of change.addedNodes) if (node instanceof HTMLElement) mark(node);
    }
  }).observe(root, { childList: true, subtree: true });
}
