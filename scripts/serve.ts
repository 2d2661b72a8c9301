/**
 * The demo and development entry of `npm start`: the API with the built portal and
 * workstation, plus the workstation bridge so the staff screens work in a plain browser.
 * Production runs api/src/main.ts, which has no bridge.
 */
import { ConfigError, parseConfig, runServer } from '@psc/api';
import { createBridgeApp } from '@psc/desktop/bridge';
import { DEMO_ACCOUNTS } from '@psc/db';

try {
  const config = parseConfig(process.env);
  const server = await runServer(config, { inMemory: false, mounts: [{ path: '/staff/bridge', app: createBridgeApp() }] });
  const engine = server.connection.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Recruitment portal is running on ${engine}.`,
    `  Candidate portal:   ${server.url}/`,
    `  Staff workstation:  ${server.url}/staff`,
    `  API description:    ${server.url}/api/openapi.json`,
  ];
  if (config.seedDemo) {
    lines.push(
      '',
      'Demo accounts (user name / password):',
      `  candidate (portal):                 ${DEMO_ACCOUNTS.candidate.username} / ${DEMO_ACCOUNTS.candidate.password}`,
      `  administrator, every privilege:     ${DEMO_ACCOUNTS.administrator.username} / ${DEMO_ACCOUNTS.administrator.password}`,
      `  staff, requisitions (RQ) only:      ${DEMO_ACCOUNTS.requisitionOfficer.username} / ${DEMO_ACCOUNTS.requisitionOfficer.password}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
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
