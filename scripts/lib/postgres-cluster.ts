import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Finds a PostgreSQL server program on PATH or in Debian's versioned folders. */
export function findPostgresProgram(name: 'initdb' | 'pg_ctl' | 'pg_basebackup'): string | undefined {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const debianRoot = '/usr/lib/postgresql';
  if (!existsSync(debianRoot)) return undefined;
  const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const candidate = join(debianRoot, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** PostgreSQL refuses to run as root, so as root its programs run as 'postgres'. */
function runAsPostgres(program: string, args: string[]) {
  const asRoot = userInfo().uid === 0;
  const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A temporary folder the server may use: as root, owned by 'postgres' and closed to others. */
function serverFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  if (userInfo().uid !== 0) return folder;
  const postgresUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const postgresGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (postgresUser.status !== 0) throw new Error("running as root needs the 'postgres' system user (apt-get install postgresql)");
  chownSync(folder, Number(postgresUser.stdout), Number(postgresGroup.stdout));
  chmodSync(folder, 0o700);
  return folder;
}

/** A server's temporary folder, its data folder inside, and a free port. */
async function serverPlace(prefix: string) {
  const folder = serverFolder(prefix);
  return { folder, dataDir: join(folder, 'data'), port: await freePort() };
}

/** The settings both servers of a throwaway cluster start with (tests: no fsync). */
function serverOptions(port: number, folder: string, settings: string[]): string {
  return [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
}

export type Cluster = {
  /** Over loopback TCP. */
  url: string;
  port: number;
  /** Through the cluster's Unix socket (libpq's ?host=/folder), as a server on the same machine is best reached. */
  socketUrl: string;
  /** The server's log (the plans auto_explain writes, when asked). */
  logFile: string;
  /** The settings it was started with, which a replica must repeat (max_connections at least). */
  settings: string[];
  stop: () => void;
};

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on a free loopback port, tuned for
 * tests (no fsync). PostgreSQL refuses to run as root, so as root it runs as 'postgres'.
 * `settings` are more server settings ("shared_preload_libraries=pg_stat_statements").
 */
export async function startThrowawayCluster(settings: string[] = []): Promise<Cluster> {
  const initdb = findPostgresProgram('initdb');
  const pgCtl = findPostgresProgram('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found');
  const { folder, dataDir, port } = await serverPlace('psc-test-pg-');
  // initdb's pg_hba.conf lets 127.0.0.1 connect for replication too (trust): a replica needs no more.
  runAsPostgres(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  return startServerIn(pgCtl, folder, dataDir, port, settings);
}

function startServerIn(pgCtl: string, folder: string, dataDir: string, port: number, settings: string[]): Cluster {
  const logFile = join(folder, 'server.log');
  runAsPostgres(pgCtl, ['-D', dataDir, '-o', serverOptions(port, folder, settings), '-l', logFile, '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(folder)}`,
    logFile,
    settings,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        runAsPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A streaming replica of a throwaway cluster (docs/deployment.md sets one up the same way): a
 * base backup of the primary taken with `pg_basebackup -R`, which also writes the standby
 * settings (standby.signal, primary_conninfo), started on a port of its own. Stop it before the
 * primary. A fresh cluster's backup is some 40 MB: a few seconds.
 */
export async function startThrowawayReplica(primary: Cluster, settings: string[] = []): Promise<Cluster> {
  const pgCtl = findPostgresProgram('pg_ctl');
  const pgBasebackup = findPostgresProgram('pg_basebackup');
  if (!pgCtl || !pgBasebackup) throw new Error('PostgreSQL programs (pg_basebackup, pg_ctl) not found');
  const { folder, dataDir, port } = await serverPlace('psc-test-pg-replica-');
  runAsPostgres(pgBasebackup, ['-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres']);
  // A hot standby refuses to start with fewer connections (and the like) than its primary has;
  // hot_standby_feedback keeps the primary from vacuuming rows a long report still reads.
  return startServerIn(pgCtl, folder, dataDir, port, [...primary.settings, 'hot_standby_feedback=on', ...settings]);
}
