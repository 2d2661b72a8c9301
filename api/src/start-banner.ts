import { DEMO_ACCOUNTS, demoAccountPath } from '@psc/db';
import { OUTBOX_SCREEN_PATH } from './messaging/outbox-sender';
import type { RunningServer } from './server';

/** What `npm start` prints: where things are, and every demo account when they were seeded. */
export function formatStartBanner(server: Pick<RunningServer, 'url' | 'config'> & { connection: Pick<RunningServer['connection'], 'engine'> }): string {
  const { config } = server;
  const engine = server.connection.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const mail = config.smtpUrl ? 'mail is sent over SMTP and kept here' : 'without SMTP_URL, mail and SMS wait here';
  const lines = [
    '',
    `Recruitment portal is running on ${engine}.`,
    `  Candidate portal:   ${server.url}/`,
    `  Staff workstation:  ${server.url}/staff`,
    `  Mail outbox:        ${server.url}${OUTBOX_SCREEN_PATH} (${mail}; admin reads it)`,
    `  API description:    ${server.url}/api/openapi.json`,
  ];
  if (config.seedDemo) {
    const accounts = Object.values(DEMO_ACCOUNTS);
    const width = (values: string[]) => Math.max(...values.map((value) => value.length));
    const nameWidth = width(accounts.map((account) => account.username));
    const passwordWidth = width(accounts.map((account) => account.password));
    const urlWidth = width(accounts.map((account) => `${server.url}${demoAccountPath(account)}`));
    lines.push('', 'Demo accounts (user name, password, where to sign in, what for):');
    for (const account of accounts) {
      const url = `${server.url}${demoAccountPath(account)}`;
      lines.push(`  ${account.username.padEnd(nameWidth)}  ${account.password.padEnd(passwordWidth)}  ${url.padEnd(urlWidth)}  ${account.purpose}`);
    }
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
