import { BrowserWindow } from 'electron';

export type MainWindowOptions = {
  preloadPath: string;
  startUrl: string;
};

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1366,
    height: 860,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'PSC Staff Workstation',
    webPreferences: {
      // vite-electron-builder / Electron security checklist: isolate, never expose Node.
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      spellcheck: false,
      preload: options.preloadPath,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}
