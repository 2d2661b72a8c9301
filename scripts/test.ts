/**
 * `npm test`: every tier in one run, with what it needs provisioned here. Unit tests; the API
 * and database tests on PGlite and on a throwaway PostgreSQL cluster; end-to-end tests in
 * Debian's Chromium against the built portal and workstation. Ends with "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresProgram, startThrowawayCluster, startThrowawayReplica, type Cluster } from './lib/postgres-cluster';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCi = process.env.CI === 'true';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const extraArgs = process.argv.slice(2);

const missing: string[] = [];
const hasPostgres = Boolean(findPostgresProgram('initdb') && findPostgresProgram('pg_ctl'));
if (!hasPostgres) missing.push('PostgreSQL server programs: the PostgreSQL tier needs `apt-get install -y postgresql`');
// The read-replica test (DATABASE_REPLICA_URL) streams from a base backup of the cluster.
const hasBasebackup = Boolean(findPostgresProgram('pg_basebackup'));
if (hasPostgres && !hasBasebackup) missing.push('pg_basebackup: the read-replica test needs `apt-get install -y postgresql-client`');
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) missing.push('Chromium: the end-to-end tier needs `apt-get install -y chromium fonts-noto-core`');
// The print-templates PDF tests read the printed documents back with poppler's tools.
const hasPoppler = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error === undefined;
if (!hasPoppler) missing.push("poppler's tools: the PDF tests need `apt-get install -y poppler-utils`");
for (const line of missing) console.warn(`! Missing ${line}`);
if (missing.length > 0 && isCi) {
  console.error('CI runs every tier: install the packages named above.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
}

if (hasChromium) {
  console.log('> building the portal and the workstation renderer for the end-to-end tier');
  for (const workspace of ['portal', 'desktop']) {
    if (run('npm', ['run', 'build', '--workspace', workspace, '--silent']) !== 0) {
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
}

let cluster: Cluster | undefined;
let replica: Cluster | undefined;
// The demo database every API and end-to-end test file starts from is migrated and seeded once
// per engine in this run and copied for each file (api/src/test-support/demo-template.ts).
const templateDir = mkdtempSync(join(tmpdir(), 'psc-test-template-'));
const stopCluster = () => {
  replica?.stop();
  cluster?.stop();
  rmSync(templateDir, { recursive: true, force: true });
};
process.on('exit', stopCluster);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: chromiumPath, PSC_TEST_TEMPLATE_DIR: templateDir };
if (hasPostgres) {
  cluster = await startThrowawayCluster();
  env.TEST_POSTGRES_URL = cluster.url;
  console.log('> throwaway PostgreSQL cluster started on', new URL(cluster.url).port);
  if (hasBasebackup) {
    replica = await startThrowawayReplica(cluster);
    env.TEST_POSTGRES_REPLICA_URL = replica.url;
    console.log('> its streaming replica started on', replica.port);
  }
}

mkdirSync(join(root, 'artifacts'), { recursive: true });
const resultsFile = join(root, 'artifacts', 'vitest-results.json');
const projects = hasChromium ? [] : ['--project', 'unit', '--project', 'pglite', '--project', 'postgres'];
const status = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${resultsFile}`, ...projects, ...extraArgs],
  env,
);
stopCluster();

type Results = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: unknown[] }[];
};
let passed = 0;
let failed = status === 0 ? 0 : 1;
let skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Results;
  // A file that fails to load has no test results of its own but is still a failure.
  const brokenFiles = results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  passed = results.numPassedTests;
  failed = results.numFailedTests + brokenFiles + (status !== 0 && results.numFailedTests + brokenFiles === 0 ? 1 : 0);
  skipped = results.numPendingTests + results.numTodoTests;
}
if (missing.length > 0) console.warn(`! Tiers not run: ${missing.map((m) => m.split(':')[0]).join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
