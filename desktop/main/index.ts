// Electron main process of the staff workstation. It owns the window, the app scheme and the
// IPC registrations; the services themselves are plain Node modules (services/).
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import { handleAppProtocol, registerAppSchemeAsPrivileged } from './app-protocol';
import { loadWorkstationConfig } from './config';
import { registerIpcHandlers } from './ipc';
import { APP_ORIGIN, APP_START_PATH, createAppOriginCheck } from './security/app-origin';
import { blockNavigationOutsideApp } from './security/block-navigation';
import { denyPermissionRequests } from './security/deny-permissions';
import { denyWindowOpen } from './security/deny-window-open';
import { createWorkstationServices } from './services/workstation-services';
import { createMainWindow } from './window';

// Paths of the build: dist/main/index.js beside dist/preload and dist/renderer.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

const config = loadWorkstationConfig();
const isAppUrl = createAppOriginCheck(config.devServerUrl);
const startUrl = `${config.devServerUrl ?? APP_ORIGIN}${APP_START_PATH}`;

registerAppSchemeAsPrivileged();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window === undefined) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    blockNavigationOutsideApp(contents, isAppUrl);
    denyWindowOpen(contents);
  });

  void app.whenReady().then(() => {
    denyPermissionRequests(session.defaultSession);
    handleAppProtocol({ rendererDir, apiUrl: config.apiUrl });

    const services = createWorkstationServices({
      dataDir: config.dataDir ?? app.getPath('userData'),
      runtime: 'electron',
      apiBaseUrl: config.apiUrl,
      // Printed batches go to a folder the user picks (spec §2 download/admitCard); the services
      // accept no other folder, so the renderer cannot name one itself.
      chooseFolder: async () => {
        const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
        const options = { properties: ['openDirectory', 'createDirectory'] } satisfies Electron.OpenDialogOptions;
        const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
    });
    registerIpcHandlers(ipcMain, services, (event) => event.senderFrame != null && isAppUrl(event.senderFrame.url));
    app.on('will-quit', () => services.close());

    createMainWindow({ preloadPath, startUrl });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow({ preloadPath, startUrl });
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
