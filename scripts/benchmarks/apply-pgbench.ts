import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { statementText } from '@psc/db';
import { SUBMIT_APPLICATIONS_SQL } from '../../api/src/applications/submit-application';
import { percentile } from './support';
import { ADVERTISEMENT_COUNT, CLAIMS, type ApplyWorld } from './apply-seed';

// The database's own ceiling for the submit path: pgbench running, as one transaction, the very
// statement api/src/applications/submit-application.ts prepares (application "on conflict do
// nothing" against the live index, its quotas, the charge, the "submitted" event) for one
// application, with the same quota choices as the API run and JSON of the same shape, on the
// same cluster.

export function findPgbench(): string | undefined {
  const debianRoot = '/usr/lib/postgresql';
  if (!existsSync(debianRoot)) return undefined;
  for (const version of readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a))) {
    const program = join(debianRoot, version, 'bin', 'pgbench');
    if (existsSync(program)) return program;
  }
  return undefined;
}

export type SubmitSample = { ageYears: number; ageMonths: number; ageDays: number; chargeLines: string; eventDetail: string; actorUserId: number };

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const intArray = (values: number[]) => `'{${values.join(',')}}'::int[]`;

/**
 * Transaction number p (per client: offset + client_id + clients * n) is candidate p mod N applying to
 * advertisement (i + 1 + p div N) mod 20: never the advertisement the API run gave candidate i
 * (i mod 20), and each pair once for the first 19 rounds, so every transaction really inserts.
 * The statement is the API's own text (SUBMIT_APPLICATIONS_SQL), writing one application per
 * transaction: its `rows` parameter becomes a pgbench expression building the one row.
 */
export function buildPgbenchScript(world: ApplyWorld, sample: SubmitSample) {
  const ads = world.advertisements;
  const advertisementId = `(${intArray(ads.map((ad) => ad.id))})[:a::int + 1]`;
  const quota = (code: string) => `(${intArray(ads.map((ad) => ad.quotaIdByCode[code]!))})[:a::int + 1]`;
  const fields: Record<string, string> = {
    user_id: ':u::int',
    advertisement_id: advertisementId,
    faculty_id: String(world.facultyId),
    optional_subject_id: 'null',
    exam_centre_id: `(${intArray(ads.map((ad) => ad.examCentreId))})[:a::int + 1]`,
    age_years: String(sample.ageYears),
    age_months: String(sample.ageMonths),
    age_days: String(sample.ageDays),
    qualification_answers: `${literal('{}')}::jsonb`,
    receipt_code: `'PGB-' || :p::text`,
    is_free: 'false',
    quota_ids: `array_remove(array[${quota('open')},
      case when :i::int % ${CLAIMS.womenEvery} = 0 then ${quota('women')} end,
      case when :i::int % ${CLAIMS.madhesiEvery} = 0 then ${quota('madhesi')} end,
      case when :i::int % ${CLAIMS.janajatiEvery} = 0 then ${quota('adivasi-janajati')} end,
      case when :i::int % ${CLAIMS.dalitEvery} = 0 then ${quota('dalit')} end], null)`,
    purpose: literal('application'),
    amount: '1000',
    charge_lines: `${literal(sample.chargeLines)}::jsonb`,
    event_detail: `${literal(sample.eventDetail)}::jsonb`,
  };
  const values: Record<string, string> = {
    rows: `jsonb_build_array(jsonb_build_object(${Object.entries(fields)
      .map(([name, expression]) => `'${name}', ${expression}`)
      .join(', ')}))`,
  };
  const { text, names } = statementText(SUBMIT_APPLICATIONS_SQL);
  const statement = text.replace(/\$(\d+)\b/g, (_, index: string) => {
    const name = names[Number(index) - 1]!;
    if (!(name in values)) throw new Error(`the pgbench script has no value for the submit statement's ${name}`);
    return `(${values[name]})`;
  });
  return `\\set p :offset + :client_id + :nclients * :n
\\set n :n + 1
\\set i :p % :ncand
\\set a (:i + 1 + :p / :ncand) % ${ADVERTISEMENT_COUNT}
\\set u :first + :i
${statement.trim()};
`;
}

export type PgbenchResult = {
  clients: number;
  tps: number;
  transactions: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  /** The offset a following run starts from: past every transaction number this one used. */
  nextOffset: number;
  output: string;
};

/** Runs pgbench for `seconds` with `clients` connections; latencies from its per-transaction log. */
export async function runPgbench(options: {
  program: string;
  databaseUrl: string;
  folder: string;
  script: string;
  clients: number;
  /** Transaction numbers used by earlier runs, so that this one makes new pairs. */
  offset: number;
  seconds: number;
  world: ApplyWorld;
  label: string;
}): Promise<PgbenchResult> {
  const { program, databaseUrl, folder, clients, seconds, world, label } = options;
  const url = new URL(databaseUrl);
  const scriptPath = join(folder, `${label}.sql`);
  writeFileSync(scriptPath, options.script);
  const logPrefix = join(folder, `${label}-log`);
  const args = [
    '-n',
    '-h',
    // libpq's ?host=/socket/folder, as the API's own connection (db connect.ts).
    url.searchParams.get('host') ?? url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-M',
    'prepared',
    '-D',
    'n=0',
    '-D',
    `offset=${options.offset}`,
    '-D',
    `nclients=${clients}`,
    '-D',
    `ncand=${world.candidates}`,
    '-D',
    `first=${world.firstUserId}`,
    '-l',
    `--log-prefix=${logPrefix}`,
    '-f',
    scriptPath,
    url.pathname.slice(1) || 'postgres',
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(program, args, { cwd: folder, env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-2000)}`))));
  });
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
  // Log lines: client_id transaction_no time_us script_no time_epoch time_us_part [...].
  const latencies: number[] = [];
  let lastTransactionNo = 0;
  for (const name of readdirSync(folder).filter((file) => file.startsWith(`${label}-log`))) {
    for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
      const fields = line.split(' ');
      lastTransactionNo = Math.max(lastTransactionNo, Number(fields[1]) || 0);
      const microseconds = Number(fields[2]);
      if (line && Number.isFinite(microseconds)) latencies.push(microseconds / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    clients,
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    transactions: number(/number of transactions actually processed: (\d+)/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    nextOffset: options.offset + clients * (lastTransactionNo + 1),
    output,
  };
}
