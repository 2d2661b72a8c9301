import { arch, platform, release } from 'node:os';
import { z } from 'zod';
import packageJson from '../../../package.json';
import type { HandlerDefinitions } from '../handler-definitions';
import type { AppHandlers, AppInfo } from './types';

export function describeApp(runtime: AppInfo['runtime']): AppInfo {
  return {
    name: packageJson.name,
    version: packageJson.version,
    runtime,
    platform: platform(),
    arch: arch(),
    osRelease: release(),
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
    },
  };
}

export function createAppHandlers(runtime: AppInfo['runtime']): HandlerDefinitions<AppHandlers> {
  return {
    'app.info': { args: z.strictObject({}), run: () => describeApp(runtime) },
  };
}
