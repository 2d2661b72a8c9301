import type { WebContents } from 'electron';

// Electron security checklist "Limit navigation": the window only ever shows the workstation's
// own pages; any other destination (a link, a redirect, a dropped file) is stopped.
export function blockNavigationOutsideApp(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
