import { DEMO_ACCOUNTS } from '@psc/db';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { formatStartBanner } from './start-banner';

const serverOn = (env: Record<string, string>) => ({ url: 'http://localhost:8091', config: parseConfig({ PORT: '8091', ...env }), connection: { engine: 'pglite' as const } });

describe('the start banner', () => {
  it('lists every demo account with its password, where it signs in and what it is for', () => {
    const lines = formatStartBanner(serverOn({})).split('\n');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const line = lines.find((text) => text.trim().startsWith(`${account.username} `));
      expect(line, account.username).toBeDefined();
      expect(line).toContain(` ${account.password} `);
      expect(line).toContain(account.kind === 'candidate' ? 'http://localhost:8091/ ' : 'http://localhost:8091/staff ');
      expect(line).toContain(account.purpose);
    }
  });

  it('points to the outbox screen where the workstation serves it', () => {
    const banner = formatStartBanner(serverOn({}));
    expect(banner).toContain('http://localhost:8091/staff/admin/outbox');
    expect(banner.replaceAll('/staff/admin/outbox', '')).not.toContain('/admin/outbox');
  });

  it('names no demo account when there are none', () => {
    const banner = formatStartBanner(serverOn({ SEED_DEMO: 'false' }));
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(banner).not.toContain(account.password);
  });
});

describe('the README', () => {
  it('lists every demo account with its password, where it signs in and what it is for, as the banner does', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const where = account.kind === 'candidate' ? 'http://localhost:8080/' : 'http://localhost:8080/staff';
      expect(readme, account.username).toContain(`| \`${account.username}\` | \`${account.password}\` | ${where} | ${account.purpose} |`);
    }
  });
});
