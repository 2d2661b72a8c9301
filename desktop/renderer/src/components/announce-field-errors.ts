/**
 * The message antd's Form.Item shows under a field (a rule that failed, or showFieldErrors after
 * the API refused a save) is said as it appears (WCAG 2.1 4.1.3 status messages, 3.3.1): antd 6
 * draws it in a plain <div>, which a screen reader passes over, and ties it to the field with
 * aria-describedby alone. Each such message is given role="alert" as antd inserts it, on every
 * screen at once, old and new.
 */
export function announceFieldErrors(root: HTMLElement): void {
  const mark = (scope: ParentNode) => {
    for (const message of scope.querySelectorAll('.ant-form-item-explain-error:not([role])')) message.setAttribute('role', 'alert');
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node instanceof HTMLElement) mark(node.parentElement ?? node);
    }
  }).observe(root, { childList: true, subtree: true });
}
