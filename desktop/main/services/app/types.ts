import type { NoArgs } from '../types';

export type AppInfo = {
  name: string;
  version: string;
  /** `electron` inside the installed workstation, `node` when served over the loopback bridge. */
  runtime: 'electron' | 'node';
  platform: string;
  arch: string;
  osRelease: string;
  versions: { node: string; electron: string | null; chrome: string | null };
};

export type AppHandlers = {
  'app.info': (args: NoArgs) => Promise<AppInfo>;
};
