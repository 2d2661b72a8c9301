import { seedAccessControl, seedBanks, seedClassificationData, seedDemo, seedQuotas, seedReferenceData, type Connection } from '@psc/db';
import { hashPassword } from './auth/passwords';
import type { FileStorage } from './files/file-storage';
import { createSeedFileStore } from './files/store-seed-file';

/**
 * Migrates, then seeds reference and classification data, quotas, banks and access control; the
 * demo (accounts, the complete candidate's pictures in `files`, one advertisement per stage
 * built) when asked. Idempotent.
 */
export async function prepareDatabase(connection: Connection, options: { seedDemo: boolean; files: FileStorage }) {
  await connection.migrate();
  await seedReferenceData(connection.db);
  await seedClassificationData(connection.db);
  await seedQuotas(connection.db);
  await seedBanks(connection.db);
  await seedAccessControl(connection.db);
  if (options.seedDemo) await seedDemo(connection.db, { hashPassword, storeFile: createSeedFileStore(connection.db, options.files) });
}
