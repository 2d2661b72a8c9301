import type { WebContents } from 'electron';

// Electron security checklist "Limit the creation of new windows": window.open and
// target=_blank never create a window; the workstation has exactly one.
export function denyWindowOpen(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
