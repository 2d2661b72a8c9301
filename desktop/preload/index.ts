// The preload exposes exactly one named function to the renderer (STYLE: never raw
// ipcRenderer): `window.workstation.invoke(name, args)`, typed by the main process's handler map.
import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannelFor, isHandlerName, type WorkstationApi } from '../main/services/contract';

const workstation: WorkstationApi = {
  invoke: async (name, args) => {
    // Only the channels of the handler map, whatever string the page passes in.
    if (!isHandlerName(name)) {
      return { status: 0, code: 'NOT_FOUND', message: `No workstation handler named ${String(name)}` };
    }
    return ipcRenderer.invoke(ipcChannelFor(name), args);
  },
};

contextBridge.exposeInMainWorld('workstation', workstation);
