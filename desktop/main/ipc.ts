import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { HANDLER_NAMES, ipcChannelFor } from './services/contract';
import type { WorkstationResult } from './services/types';
import type { WorkstationServices } from './services/workstation-services';

export type IpcRegistrar = Pick<IpcMain, 'handle' | 'removeHandler'>;

/**
 * Registers every handler of the map on its own channel. Arguments are validated by the
 * services (they come from the renderer, which is treated as untrusted), and a call from any
 * frame other than the workstation's own pages is refused.
 * Returns a function that removes the registrations again.
 */
export function registerIpcHandlers(
  ipcMain: IpcRegistrar,
  services: WorkstationServices,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
): () => void {
  for (const name of HANDLER_NAMES) {
    ipcMain.handle(ipcChannelFor(name), async (event, args: unknown): Promise<WorkstationResult<unknown>> => {
      if (!isTrustedSender(event)) {
        return { status: 0, code: 'FORBIDDEN', message: 'Calls are accepted only from the workstation window' };
      }
      return services.invoke(name, args);
    });
  }
  return () => {
    for (const name of HANDLER_NAMES) ipcMain.removeHandler(ipcChannelFor(name));
  };
}
