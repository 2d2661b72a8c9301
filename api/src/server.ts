import { serve, type ServerType } from '@hono/node-server';
import { connect, type Connection } from '@psc/db';
import type { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import { Server as HttpServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePdfPrinter } from './admit-cards/pdf-printer';
import { createApp } from './app';
import { startBackupJobs } from './backups/backup-jobs';
import { startApplicationExpiry } from './applications/expire-unpaid';
import { startDashboardCounts } from './dashboard/dashboard-counts';
import { parseConfig, type Config } from './config';
import { dataDirFileStorage } from './files/file-storage';
import { createLogger, type Logger } from './logger';
import { startOutboxSender } from './messaging/outbox-sender';
import { startOnlinePaymentExpiry } from './payments/online-payment-expiry';
import { prepareDatabase } from './prepare-database';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export const defaultStaticSites = () => [
  { prefix: '', root: join(repositoryRoot, 'portal', 'dist'), name: 'The candidate portal' },
  { prefix: '/staff', root: join(repositoryRoot, 'desktop', 'dist', 'renderer'), name: 'The staff workstation' },
];

export type StartServerOptions = {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** PGlite folder; with neither this nor databaseUrl, an in-memory PGlite. */
  dataDir?: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  accessTokenTtlSeconds?: number;
  /** Defaults to silent, as befits tests. */
  logLevel?: Config['logLevel'];
  mounts?: { path: string; app: Hono }[];
  /** Overrides any configuration value, for tests. */
  config?: Partial<Config>;
  /**
   * For tests: opens the in-memory database already migrated and seeded, its files put in the
   * folder given (the test runner's copy of the demo), instead of preparing it here.
   */
  preparedDatabase?: (dataDir: string) => Promise<Connection>;
};

export type RunningServer = {
  url: string;
  port: number;
  config: Config;
  connection: Connection;
  logger: Logger;
  close: () => Promise<void>;
};

function startJobs(deps: { connection: Connection; config: Config; logger: Logger }): { stop: () => Promise<unknown> }[] {
  return [
    // Mail and SMS leave through their outboxes, drained by this job.
    startOutboxSender(deps),
    // Spec §8: unpaid applications expire after the double-fee date.
    startApplicationExpiry(deps),
    // An online payment nobody finished ends once the gateway's time limit has passed.
    startOnlinePaymentExpiry(deps),
    // The dashboard's and the public feed's counts of applications, recounted every minute.
    startDashboardCounts(deps),
    // The nightly backup and the weekly restore drill (spec §4 "backups").
    startBackupJobs({ ...deps, files: dataDirFileStorage(deps.config.dataDir) }),
  ];
}

/**
 * The signing secret. Production sets JWT_SECRET; the zero-set-up start keeps a generated one
 * in the data folder so that sessions survive a restart.
 */
export function resolveJwtSecret(config: Config, persist: boolean): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (!persist) return randomBytes(48).toString('base64url');
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Starts the whole product in this process: database, API and the built front ends. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const base = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: options.logLevel ?? 'silent', PORT: String(options.port ?? 0) });
  const inMemory = !options.dataDir && !options.databaseUrl;
  // An in-memory product (tests) keeps its uploads in a folder of its own, removed at close, so
  // it never writes into the working tree's ./data.
  const scratchDir = inMemory && !options.config?.dataDir ? mkdtempSync(join(tmpdir(), 'psc-product-')) : undefined;
  const config: Config = {
    ...base,
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ?? scratchDir ?? base.dataDir,
    seedDemo: options.seedDemo ?? true,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? base.accessTokenTtlSeconds,
    ...options.config,
  };
  const connection = inMemory && options.preparedDatabase ? await options.preparedDatabase(config.dataDir) : undefined;
  const running = await runServer(config, { inMemory, mounts: options.mounts ?? [], ...(connection ? { connection } : {}) });
  if (!scratchDir) return running;
  return {
    ...running,
    close: async () => {
      await running.close();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

export type RunServerOptions = {
  inMemory: boolean;
  mounts?: { path: string; app: Hono }[];
  /** False in an API worker: the cluster's primary migrated and seeded once, before forking. */
  prepareDatabase?: boolean;
  /** False in all API workers but one: the outbox sender and the expiry job run once. */
  runJobs?: boolean;
  /** A database already migrated and seeded, used instead of connecting and preparing one. */
  connection?: Connection;
};

export async function runServer(config: Config, options: RunServerOptions): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const connection =
    options.connection ??
    (await connect({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemory || config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
      maxConnections: config.databasePoolSize,
    }));
  if (!options.connection && options.prepareDatabase !== false) await prepareDatabase(connection, { seedDemo: config.seedDemo, files: dataDirFileStorage(config.dataDir) });
  // The replica is never migrated nor seeded: it replays what the primary wrote.
  const replica = config.databaseReplicaUrl
    ? await connect({ databaseUrl: config.databaseReplicaUrl, maxConnections: config.databasePoolSize })
    : undefined;
  const jwtSecret = resolveJwtSecret(config, !options.inMemory);
  const app = createApp({ connection, db: connection.db, readDb: replica?.db ?? connection.db, replica, config, logger, jwtSecret }, {
    staticSites: defaultStaticSites(),
    mounts: options.mounts ?? [],
  });
  const server = await new Promise<ServerType>((resolveServer) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolveServer(s));
    // Node closes an idle keep-alive connection after 5 s; a client (or proxy) that sends on it
    // at that moment gets a reset, and a POST is not retried: in the apply benchmark, 3 of 18,000
    // submissions. Idle connections stay open longer than clients and proxies keep theirs.
    if (s instanceof HttpServer) {
      s.keepAliveTimeout = 65_000;
      s.headersTimeout = 66_000;
    }
  });
  const jobs = options.runJobs === false ? [] : startJobs({ connection, config, logger });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // PORT=0 picks a free port: the default PUBLIC_URL follows PORT, so links in mail follow the
  // port actually bound. The app reads this same config object.
  if (config.port === 0 && config.publicUrl === 'http://localhost:0') config.publicUrl = `http://localhost:${port}`;
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    config,
    connection,
    logger,
    close: async () => {
      for (const job of jobs) await job.stop();
      await new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets of a browser would hold close() open forever.
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await closePdfPrinter();
      await replica?.close();
      await connection.close();
    },
  };
}
