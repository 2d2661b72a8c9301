import type {
  HandlerArgs,
  HandlerName,
  HandlerResult,
  WorkstationApi,
  WorkstationResult,
} from '../../../main/services/contract';

// The renderer's way to reach the main-process services: through the preload's
// `window.workstation` inside Electron, or through the loopback bridge the API mounts at
// /staff/bridge when the same screens run in a plain browser (DESIGN "The desktop workstation").

export class WorkstationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkstationError';
  }
}

function readPreloadApi(): WorkstationApi | undefined {
  return (globalThis as { workstation?: WorkstationApi }).workstation;
}

async function callBridge(name: HandlerName, args: unknown): Promise<WorkstationResult<unknown>> {
  const response = await fetch(`${import.meta.env.BASE_URL}bridge/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await response.json().catch(() => null)) as WorkstationResult<unknown> | null;
  if (body === null || (body.status !== 0 && body.status !== 1)) {
    return { status: 0, code: 'INTERNAL_ERROR', message: `The workstation bridge answered ${response.status}` };
  }
  return body;
}

export async function invokeWorkstation<N extends HandlerName>(name: N, args: HandlerArgs<N>): Promise<HandlerResult<N>> {
  const preload = readPreloadApi();
  const result = preload ? await preload.invoke(name, args) : await callBridge(name, args);
  if (result.status === 1) return result.data as HandlerResult<N>;
  throw new WorkstationError(result.code, result.message);
}

/** Which way the calls go, for the dashboard. */
export function isInsideElectron(): boolean {
  return readPreloadApi() !== undefined;
}
