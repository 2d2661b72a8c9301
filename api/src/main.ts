import { DEMO_ACCOUNTS } from '@psc/db';
import { ConfigError, parseConfig } from './config';
import { runServer } from './server';

try {
  const config = parseConfig(process.env);
  const server = await runServer(config, { inMemory: false });
  const engine = server.connection.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Recruitment portal running on ${engine}`,
    `  Candidate portal:   ${server.url}/`,
    `  Staff workstation:  ${server.url}/staff`,
    `  API description:    ${server.url}/api/openapi.json`,
  ];
  if (config.seedDemo) {
    lines.push(
      '',
      'Demo accounts (user name / password):',
      `  candidate:                ${DEMO_ACCOUNTS.candidate.username} / ${DEMO_ACCOUNTS.candidate.password}`,
      `  administrator (all):      ${DEMO_ACCOUNTS.administrator.username} / ${DEMO_ACCOUNTS.administrator.password}`,
      `  staff, requisitions only: ${DEMO_ACCOUNTS.requisitionOfficer.username} / ${DEMO_ACCOUNTS.requisitionOfficer.password}`,
    );
  }
  console.log(lines.join('\n') + '\n');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
