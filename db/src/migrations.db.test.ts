import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Connection } from './connect';
import { createTestConnection } from './testing';
import { auditLog } from './schema/audit';

const dbRoot = fileURLToPath(new URL('..', import.meta.url));

describe('committed migrations', () => {
  it('agree with the drizzle schema (drizzle-kit generates nothing new)', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'psc-drift-'));
    try {
      cpSync(migrationsFolder, join(scratch, 'migrations'), { recursive: true });
      const config = join(scratch, 'drizzle.config.json');
      writeFileSync(config, JSON.stringify({ dialect: 'postgresql', schema: join(dbRoot, 'src/schema/*.ts'), out: join(scratch, 'migrations'), casing: 'snake_case' }));
      const before = readdirSync(join(scratch, 'migrations')).length;
      const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: dbRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const after = readdirSync(join(scratch, 'migrations')).length;
      expect(after, `schema changed without a migration; run npm run db:generate\n${output}`).toBe(before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('are all listed in the journal', () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files.sort());
  });
});

describe('the audit log', () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await createTestConnection();
    await connection.migrate();
  });
  afterAll(() => connection.close());

  it('takes new rows but refuses updates and deletes', async () => {
    const [row] = await connection.db.insert(auditLog).values({ action: 'create', entity: 'role', entityId: '1', after: { name: 'x' } }).returning({ id: auditLog.id });
    expect(row?.id).toBeGreaterThan(0);
    await expect(connection.db.update(auditLog).set({ action: 'tampered' })).rejects.toThrow();
    await expect(connection.db.delete(auditLog)).rejects.toThrow();
    await expect(connection.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('migrating twice is harmless', async () => {
    await connection.migrate();
  });
});
