import { z } from '@hono/zod-openapi';
import { BACKUP_DRILL_STATUSES, BACKUP_ENGINES, BACKUP_KINDS, BACKUP_STATUSES } from '@psc/core';
import type { Context } from 'hono';
import { auditContext, recordAudit } from '../audit/record-audit';
import type { AppDeps, AppEnv } from '../context';
import { getFileStorage } from '../files/file-storage';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, staffRoute } from '../http/router';
import { backupNow, drillNow } from './backup-jobs';
import { listBackups } from './list-backups';

const backupRow = z
  .object({
    id: z.number().int(),
    kind: z.enum(BACKUP_KINDS),
    engine: z.enum(BACKUP_ENGINES),
    status: z.enum(BACKUP_STATUSES),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    directory: z.string(),
    sizeBytes: z.number().int().nullable(),
    tableCount: z.number().int().nullable(),
    rowCount: z.number().int().nullable(),
    fileCount: z.number().int().nullable(),
    /** The message of a failed backup, or the note of one that succeeded without some uploads (missingFiles). */
    error: z.string().nullable(),
    missingFiles: z.number().int(),
    prunedAt: z.string().nullable(),
    requestedByEn: z.string().nullable(),
    requestedByNp: z.string().nullable(),
  })
  .openapi('Backup');

const drillRow = z
  .object({
    id: z.number().int(),
    backupId: z.number().int(),
    status: z.enum(BACKUP_DRILL_STATUSES),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    tablesCompared: z.number().int().nullable(),
    filesCompared: z.number().int().nullable(),
    mismatches: z.array(z.object({ item: z.string(), expected: z.string(), found: z.string() })),
    error: z.string().nullable(),
    requestedByEn: z.string().nullable(),
    requestedByNp: z.string().nullable(),
  })
  .openapi('BackupDrill');

const started = envelopeSchema(z.object({ started: z.literal(true) }));

// The run a request started, per app, so a test (or a caller in process) can wait for its end;
// the screen polls the list instead.
const lastRuns = new WeakMap<AppDeps, Promise<unknown>>();
export const lastBackupRun = (deps: AppDeps) => lastRuns.get(deps) ?? Promise.resolve();

const backupDepsOf = (c: Context<AppEnv>) => {
  const deps = c.get('deps');
  return { connection: deps.connection, config: deps.config, logger: deps.logger, files: getFileStorage(deps) };
};

// Backups and restore drills (spec §4 "backups", §6 BUK): staff with BUK read see every backup
// and the last drill; BUK create takes a backup or runs the drill now. Both run in the
// background under the backup job's lock (one at a time across instances); the answer says
// only that it started, and the screen follows it in the list.
export const backupRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/backups',
      privilege: ['BUK', 'read'],
      summary: 'Backups, newest first, and the last restore drill',
      responses: {
        200: {
          description: 'The backups and the last drill',
          content: { 'application/json': { schema: envelopeSchema(z.object({ backups: z.array(backupRow), lastDrill: drillRow.nullable(), running: z.boolean() })) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await listBackups(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/backups',
      privilege: ['BUK', 'create'],
      summary: 'Take a backup now (in the background)',
      responses: { 200: { description: 'Started', content: { 'application/json': { schema: started } } }, ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const audit = auditContext(c);
      const run = await backupNow(backupDepsOf(c), 'manual', audit.actorUserId);
      if (!run.started) throw new AppError('CONFLICT', { messageKey: 'backups.busy' });
      lastRuns.set(deps, run.done.catch(() => undefined));
      await recordAudit(deps.db, { ...audit, action: 'create', entity: 'backups', entityId: null, before: null, after: { kind: 'manual' } });
      return ok(c, { started: true as const }, 'backups.started');
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/backups/drills',
      privilege: ['BUK', 'create'],
      summary: 'Run the restore drill of the newest backup now (in the background)',
      responses: { 200: { description: 'Started', content: { 'application/json': { schema: started } } }, ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { backups } = await listBackups(deps.db);
      if (!backups.some((b) => b.status === 'succeeded' && b.prunedAt === null)) throw new AppError('CONFLICT', { messageKey: 'backups.nothingToDrill' });
      const audit = auditContext(c);
      const run = await drillNow(backupDepsOf(c), audit.actorUserId);
      if (!run.started) throw new AppError('CONFLICT', { messageKey: 'backups.busy' });
      lastRuns.set(deps, run.done.catch(() => undefined));
      await recordAudit(deps.db, { ...audit, action: 'create', entity: 'backup_drills', entityId: null, before: null, after: { kind: 'drill' } });
      return ok(c, { started: true as const }, 'backups.drillStarted');
    },
  );
