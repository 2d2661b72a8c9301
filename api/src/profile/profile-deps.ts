import type { Database } from '@psc/db';
import type { AppDeps } from '../context';
import { getFileStorage, type FileStorage } from '../files/file-storage';

/** What the profile's services need: the database, the file store and the clock. */
export type ProfileDeps = {
  db: Database;
  storage: FileStorage;
  now: () => Date;
};

export function profileDepsOf(deps: AppDeps): ProfileDeps {
  return { db: deps.db, storage: getFileStorage(deps), now: () => new Date() };
}
