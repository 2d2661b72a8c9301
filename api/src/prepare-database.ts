import {
  DEMO_ACCOUNTS,
  seedAccessControl,
  seedBanks,
  seedClassificationData,
  seedDemoAccounts,
  seedDemoRecruitment,
  seedQuotas,
  seedReferenceData,
  type Connection,
} from '@psc/db';
import { hashPassword } from './auth/passwords';

/** Migrates, then seeds reference and classification data, quotas, banks and access control; demo accounts when asked. Idempotent. */
export async function prepareDatabase(connection: Connection, options: { seedDemo: boolean }) {
  await connection.migrate();
  await seedReferenceData(connection.db);
  await seedClassificationData(connection.db);
  await seedQuotas(connection.db);
  await seedBanks(connection.db);
  await seedAccessControl(connection.db);
  if (options.seedDemo) {
    await seedDemoAccounts(connection.db, hashPassword);
    // One published advertisement, open today, for the candidates of the demo.
    await seedDemoRecruitment(connection.db, { actorUsername: DEMO_ACCOUNTS.administrator.username });
  }
}
