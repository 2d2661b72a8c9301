import type { Connection, Database } from '@psc/db';
import type { Language, PermissionAction, PrivilegeCode } from '@psc/core';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every handler may use; built once at start and shared by all requests. */
export type AppDeps = {
  connection: Connection;
  db: Database;
  /**
   * For reads that may lag the primary by a moment (reports, dashboards, public lists): the
   * streaming replica's handle when DATABASE_REPLICA_URL is set, otherwise the same handle as db.
   * Never for a read that must see the caller's own write, nor inside a transaction or a lock.
   */
  readDb: Database;
  /** The replica's connection when one is configured (its lag is shown by the health route). */
  replica?: Connection | undefined;
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
