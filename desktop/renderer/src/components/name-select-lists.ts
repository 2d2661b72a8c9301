/**
 * antd's Select draws its open list as a role="listbox" with no name of its own (rc-select sets
 * only its id, `<field id>_list`), so a screen reader announces an open list without saying which
 * field it belongs to (WCAG 2.1 4.1.2, axe aria-input-field-name: the role select on the user
 * form, for one). Every list, on every screen and in every dialog, takes the name of the combobox
 * that controls it as it opens (its aria-label, what its aria-labelledby points to, or the
 * <label> for it), so the name follows the language the screen reads in now.
 */
export function nameSelectLists(root: HTMLElement): void {
  const nameOf = (combobox: HTMLElement): string =>
    combobox.getAttribute('aria-label') ||
    (combobox.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim() ||
    (combobox.id ? (document.querySelector(`label[for="${CSS.escape(combobox.id)}"]`)?.textContent?.trim() ?? '') : '');
  const nameList = (combobox: HTMLElement) => {
    const listId = combobox.getAttribute('aria-controls') ?? combobox.getAttribute('aria-owns');
    const list = listId ? document.getElementById(listId) : null;
    if (!list || list.getAttribute('role') !== 'listbox' || list.hasAttribute('aria-labelledby')) return;
    const name = nameOf(combobox);
    if (name && list.getAttribute('aria-label') !== name) list.setAttribute('aria-label', name);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') {
        if (change.target instanceof HTMLElement && change.target.getAttribute('aria-expanded') === 'true') nameList(change.target);
        continue;
      }
      // A list drawn after its combobox opened (the popup mounts on the first opening).
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const lists = node.matches('[role="listbox"][id]') ? [node] : node.querySelectorAll<HTMLElement>('[role="listbox"][id]');
        for (const list of lists) {
          const combobox = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(list.id)}"], [aria-owns="${CSS.escape(list.id)}"]`);
          if (combobox) nameList(combobox);
        }
      }
    }
  }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
}
