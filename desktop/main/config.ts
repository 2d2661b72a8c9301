import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// STYLE §5: the workstation reads process.env here and nowhere else.
const configSchema = z.object({
  /** The API the installed workstation talks to (its /api calls are forwarded there). */
  PSC_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  /** Where the workstation keeps its own files; Electron defaults to its userData folder. */
  PSC_WORKSTATION_DATA_DIR: z.string().min(1).optional(),
  /** Set by `npm run dev` flows: load the renderer from Vite instead of the built files. */
  VITE_DEV_SERVER_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type WorkstationConfig = {
  apiUrl: string;
  dataDir: string | undefined;
  devServerUrl: string | undefined;
};

export class WorkstationConfigError extends Error {}

export function loadWorkstationConfig(env: Record<string, string | undefined> = process.env): WorkstationConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new WorkstationConfigError(`Invalid workstation configuration:\n${lines.join('\n')}`);
  }
  return {
    apiUrl: result.data.PSC_API_URL.replace(/\/+$/, ''),
    dataDir: result.data.PSC_WORKSTATION_DATA_DIR,
    devServerUrl: result.data.VITE_DEV_SERVER_URL?.replace(/\/+$/, ''),
  };
}

/** Outside Electron (the bridge in the API process) the files go under the repository's data folder. */
export const DEFAULT_BRIDGE_DATA_DIR = fileURLToPath(new URL('../../data/workstation', import.meta.url));
