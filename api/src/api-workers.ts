import { connect } from '@psc/db';
import cluster from 'node:cluster';
import type { Config } from './config';
import { dataDirFileStorage } from './files/file-storage';
import { createLogger } from './logger';
import { prepareDatabase } from './prepare-database';
import { resolveJwtSecret, runServer } from './server';
import { closeOnSignal } from './start-banner';

// API_WORKERS > 1 (PostgreSQL only): several API processes share the port through node:cluster,
// so the API uses more than the one core a Node process runs JavaScript on. Each worker has its
// own pool and its own few-second caches (advertisement-cache); everything else they share is in
// the database (sessions, sign-in limits, outboxes).

/**
 * The primary: migrates and seeds once, then forks the workers and keeps them running (a worker
 * that dies is replaced) until SIGINT or SIGTERM, which it passes on before it exits.
 */
export async function runApiWorkers(config: Config) {
  const logger = createLogger(config.logLevel);
  const connection = await connect({ databaseUrl: config.databaseUrl, maxConnections: 1 });
  try {
    await prepareDatabase(connection, { seedDemo: config.seedDemo, files: dataDirFileStorage(config.dataDir) });
  } finally {
    await connection.close();
  }
  // Every worker must sign with the same secret: the one production sets, or the saved one.
  const jwtSecret = resolveJwtSecret(config, true);
  let stopping = false;
  const fork = (index: number) => cluster.fork({ PSC_API_WORKER_INDEX: String(index), JWT_SECRET: jwtSecret }).on('exit', (code, signal) => {
    if (stopping) return;
    logger.error({ worker: index, code, signal }, 'API worker stopped; starting another');
    fork(index);
  });
  for (let index = 0; index < config.apiWorkers; index += 1) fork(index);
  let announced = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    console.log(`\nRecruitment portal is running on PostgreSQL with ${config.apiWorkers} API workers, port ${address.port}.`);
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker?.process.kill('SIGTERM');
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** One worker: serves the API without preparing the database; only the first runs the jobs. */
export async function runApiWorker(config: Config) {
  const server = await runServer(config, { inMemory: false, prepareDatabase: false, runJobs: config.apiWorkerIndex === 0 });
  closeOnSignal(server);
}
