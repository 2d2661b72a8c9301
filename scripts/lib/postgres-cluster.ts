import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Finds a PostgreSQL server program on PATH or in Debian's versioned folders. */
export function findPostgresProgram(name: 'initdb' | 'pg_ctl'): string | undefined {
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

export type Cluster = {
  /** Over loopback TCP. */
  url: string;
  /** Through the cluster's Unix socket (libpq's ?host=/folder), as a server on the same machine is best reached. */
  socketUrl: string;
  /** The server's log (the plans auto_explain writes, when asked). */
  logFile: string;
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
  const folder = mkdtempSync(join(tmpdir(), 'psc-test-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = (program: string, args: string[]) => {
    const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  if (asRoot) {
    const postgresUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const postgresGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (postgresUser.status !== 0) throw new Error("running as root needs the 'postgres' system user (apt-get install postgresql)");
    chownSync(folder, Number(postgresUser.stdout), Number(postgresGroup.stdout));
    chmodSync(folder, 0o700);
  }
  const dataDir = join(folder, 'data');
  const port = await freePort();
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  const logFile = join(folder, 'server.log');
  run(pgCtl, ['-D', dataDir, '-o', options, '-l', logFile, '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(folder)}`,
    logFile,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
