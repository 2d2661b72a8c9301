import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerIpcHandlers, type IpcRegistrar } from './ipc';
import { HANDLER_NAMES, ipcChannelFor } from './services/contract';
import { createWorkstationServices, type WorkstationServices } from './services/workstation-services';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

// Electron's binary is not available under Node, so a small registry stands in for ipcMain;
// the services behind it are the real ones over a temporary folder.
function createRegistry() {
  const listeners = new Map<string, Listener>();
  const registrar: IpcRegistrar = {
    handle: (channel, listener) => {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener as Listener);
    },
    removeHandler: (channel) => {
      listeners.delete(channel);
    },
  };
  return { registrar, listeners };
}

const eventFrom = (url: string) => ({ senderFrame: { url } }) as unknown as IpcMainInvokeEvent;
const isTrusted = (event: IpcMainInvokeEvent) => event.senderFrame?.url.startsWith('app://workstation/') ?? false;

describe('registerIpcHandlers', () => {
  let dataDir: string;
  let services: WorkstationServices;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'psc-ipc-'));
    services = createWorkstationServices({ dataDir, runtime: 'electron' });
  });

  afterEach(() => {
    services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers one channel per handler and removes them again', () => {
    const { registrar, listeners } = createRegistry();
    const unregister = registerIpcHandlers(registrar, services, isTrusted);
    expect([...listeners.keys()].sort()).toEqual(HANDLER_NAMES.map(ipcChannelFor).sort());
    unregister();
    expect(listeners.size).toBe(0);
  });

  it('runs the real service for the workstation window, with validated arguments', async () => {
    const { registrar, listeners } = createRegistry();
    registerIpcHandlers(registrar, services, isTrusted);
    const status = listeners.get(ipcChannelFor('cache.status'));
    expect(await status?.(eventFrom('app://workstation/staff/admin'), {})).toMatchObject({ status: 1, data: { totalRows: 0 } });
    expect(await status?.(eventFrom('app://workstation/staff/admin'), { sql: 'DROP TABLE provinces' })).toMatchObject({
      status: 0,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses a frame that is not the workstation', async () => {
    const { registrar, listeners } = createRegistry();
    registerIpcHandlers(registrar, services, isTrusted);
    const clear = listeners.get(ipcChannelFor('cache.clear'));
    expect(await clear?.(eventFrom('https://evil.example/'), {})).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });
});
