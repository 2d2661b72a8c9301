import type { Connection, Database } from '@psc/db';
import type { Language, PermissionAction, PrivilegeCode } from '@psc/core';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every handler may use; built once at start and shared by all requests. */
export type AppDeps = {
  connection: Connection;
  db: Database;
  config: Config;
  logger: Logger;
  jwtSecret: string;
};

export type AuthContext = {
  userId: number;
  kind: 'candidate' | 'staff';
  clientId: string;
  familyId: string;
  /** Loaded lazily by requirePrivilege; one query per request at most. */
  privileges?: Map<PrivilegeCode, Set<PermissionAction>>;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    lang: Language;
    deps: AppDeps;
    log: Logger;
    auth: AuthContext;
  };
};
