import { DEMO_ACCOUNTS } from '@psc/db';
import type { RunningServer } from './server';

/** What `npm start` prints: where things are, and the demo accounts when they were seeded. */
export function formatStartBanner(server: RunningServer): string {
  const { config } = server;
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
  return `${lines.join('\n')}\n`;
}

/** Runs a started server until SIGINT or SIGTERM, then closes it cleanly. */
export function closeOnSignal(server: RunningServer) {
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
