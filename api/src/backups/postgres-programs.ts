import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The PostgreSQL client programs a backup and a restore run on PostgreSQL. */
export type PostgresProgram = 'pg_dump' | 'pg_restore';

/**
 * The program on PATH, else the newest of Debian's versioned installs (/usr/lib/postgresql/<n>/bin,
 * where the client programs live without being on PATH). A dump is read by a pg_restore at least
 * as new as the pg_dump that wrote it, so the newest is the right choice.
 */
export function findPostgresProgram(name: PostgresProgram): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout?.trim();
  if (onPath) return onPath;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = join(debianRoot, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} was not found on PATH nor under ${debianRoot}: install the PostgreSQL client programs (apt-get install postgresql-client)`);
}

/**
 * Runs one of the programs to its end; a failure carries the program's own last lines of
 * error output, which say what PostgreSQL refused. The URL goes in the environment-free argument
 * list, never through a shell.
 */
export function runPostgresProgram(name: PostgresProgram, args: string[]): Promise<void> {
  const program = findPostgresProgram(name);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errorOutput = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errorOutput = (errorOutput + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${code}): ${errorOutput.trim() || 'no message'}`));
    });
  });
}
