import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createAllocatableAdvertisement, createVenues } from '../../api/src/centre-allocation/centre-allocation.test-support';
import { createStaffUser } from '../../api/src/requisitions/requisition.test-support';
import { createTestApp } from '../../api/src/test-support/test-app';
import { startThrowawayCluster } from '../lib/postgres-cluster';
import { readBenchmarkOptions } from './seeded-api';
import { signIn, startBenchmarkApi, type BenchmarkApi } from './support';

// `benchResultsUpload()` (wired by the bench runner as `results`): one paper of 100,000 seated
// candidates, all present, on a throwaway PostgreSQL cluster (or TEST_POSTGRES_URL). A generated
// 100,000-row marks workbook (roll number, Master ID, full name, marks, passed, remarks) is
// uploaded over HTTP to the API running alone in its own process, as a production server does it
// (spec §2 candidate-result "excel"): read as a stream, every row checked, the rows stored as
// pending. Target: at most 5 s and 300 MB resident, judged on the API process's own peak resident
// size (VmHWM, reset before each upload; VmRSS sampled beside it). The seeding and the workbook
// stay in this process, which is not measured. Beside it the baseline: exceljs' streaming read of
// the same file alone, nothing checked or stored, in a fresh child process with its own VmHWM;
// the ratio says what checking and storing add to reading.

const DEFAULTS = { candidates: 100_000, runs: 3 };
/** createStaffUser's password; the uploader signs in through the API process like staff do. */
const STAFF_PASSWORD = 'Officer@12345';

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A process's VmHWM (peak resident) and VmRSS (resident now), in bytes, from /proc. */
function memoryOf(pid: number | 'self'): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { peak: kib('VmHWM'), now: kib('VmRSS') };
}

/**
 * The peak resident size of process `pid` while `work` runs: its VmHWM reset first (writing 5 to
 * /proc/<pid>/clear_refs, Linux 4.0 and later) and read after, and VmRSS sampled every 10 ms in
 * case the reset is refused; the larger of the two.
 */
async function peakOfProcessDuring<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peak: number; before: number; isPeakReset: boolean }> {
  let isPeakReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    isPeakReset = false;
  }
  const before = memoryOf(pid).now;
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(pid).now);
  }, 10);
  try {
    const value = await work();
    const after = memoryOf(pid);
    sampled = Math.max(sampled, after.now);
    return { value, peak: isPeakReset ? Math.max(after.peak, sampled) : sampled, before, isPeakReset };
  } finally {
    clearInterval(timer);
  }
}

// The baseline's child: Node with exceljs only (CommonJS from the repository's node_modules), the
// file read into memory as the API has it from the form, then streamed through exceljs' reader.
const READ_ALONE = `
const ExcelJS = require('exceljs');
const { readFileSync } = require('node:fs');
const { Readable } = require('node:stream');
(async () => {
  const bytes = readFileSync(process.argv[1]);
  const at = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  let cells = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) cells += row.values.length;
    break;
  }
  const ms = performance.now() - at;
  const peakKib = Number(/^VmHWM:\\s+(\\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  process.stdout.write(JSON.stringify({ ms, cells, peak: peakKib * 1024 }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** exceljs' streaming read of the file alone, in a fresh Node process: its time and its own peak resident size. */
async function readAloneInChild(file: string, cwd: string): Promise<{ ms: number; cells: number; peak: number }> {
  const child = spawn(process.execPath, ['-e', READ_ALONE, file], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the exceljs read alone exited with ${code}`);
  return JSON.parse(output) as { ms: number; cells: number; peak: number };
}

/** The marks workbook a marking section returns: every seated candidate, marks 0..100, streamed out as exceljs writes it. */
async function writeMarksWorkbook(rows: { rollNumber: number; masterId: number; nameEn: string }[]): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Marks');
  sheet.addRow(['Roll number', 'Master ID', 'Full name', 'Marks', 'Passed (yes/no)', 'Remarks']).commit();
  for (const [index, row] of rows.entries()) sheet.addRow([row.rollNumber, row.masterId, row.nameEn, (index * 37) % 101, '', '']).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

export async function benchResultsUpload() {
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  for (const [name, value] of Object.entries(options)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  const cluster = process.env.TEST_POSTGRES_URL ? undefined : await startThrowawayCluster(['shared_buffers=256MB', 'max_wal_size=4GB']);
  if (cluster) process.env.TEST_POSTGRES_URL = cluster.url;
  process.env.TEST_DATABASE = 'postgres';
  const folder = mkdtempSync(join(tmpdir(), 'psc-bench-results-upload-'));
  const t = await createTestApp();
  let api: BenchmarkApi | undefined;
  try {
    let at = performance.now();
    const uploader = await createStaffUser(t, { POEC: ['read', 'create'] });
    const ad = await createAllocatableAdvertisement(t, { cities: [{ nameEn: 'City 1', candidates: options.candidates }], sittings: [{ examDate: '2027-05-01', startTime: '08:00', durationMinutes: 180 }] });
    const advertisementId = ad.advertisement.advertisementId;
    const examPaperId = ad.paperIds[0]!;
    const [venueId] = await createVenues(t, ad.cities[0]!.examCentreId, [{ nameEn: 'City 1 school', capacity: options.candidates, rooms: [{ roomNumber: '1', seats: 1_000 }] }]);
    // The sitting as the seating leaves it (spec §4 "final save"), and every candidate present.
    await t.db.execute(sql`
      with allocation as (
        insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by, finalised_by, finalised_at)
        values (${advertisementId}, ${examPaperId}, 'final', ${uploader.userId}, ${uploader.userId}, now()) returning id)
      insert into seat_assignments (allocation_id, application_id, roll_number, venue_id)
      select allocation.id, r.application_id, r.roll_number, ${venueId!} from roll_numbers r, allocation where r.advertisement_id = ${advertisementId}`);
    await t.db.execute(sql`
      with upload as (insert into result_uploads (advertisement_id, exam_paper_id, kind, file_name, row_count, uploaded_by) values (${advertisementId}, ${examPaperId}, 'attendance', 'seed.xlsx', 0, ${uploader.userId}) returning id)
      insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_upload_id)
      select r.application_id, ${examPaperId}, ${advertisementId}, r.roll_number, true, 'pending', upload.id from roll_numbers r, upload where r.advertisement_id = ${advertisementId}`);
    await t.db.execute(sql`vacuum analyze paper_results, seat_assignments, roll_numbers, applications, users`);
    const result = await t.db.execute(sql`
      select r.roll_number::float8 as "rollNumber", u.master_id::float8 as "masterId", concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn"
      from roll_numbers r join applications a on a.id = r.application_id join users u on u.id = a.user_id where r.advertisement_id = ${advertisementId} order by r.roll_number`);
    const seated = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { rollNumber: number; masterId: number; nameEn: string }[];
    const bytes = await writeMarksWorkbook(seated);
    const file = join(folder, 'marks.xlsx');
    writeFileSync(file, bytes);

    // The API alone in its own process on the database just seeded (one worker: the process that
    // serves the upload is the one measured), through the cluster's socket when the bench started it.
    const [database] = (await t.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const databaseUrl = new URL(cluster?.socketUrl ?? process.env.TEST_POSTGRES_URL!);
    databaseUrl.pathname = `/${database!.name}`;
    process.env.DATABASE_URL = databaseUrl.toString();
    api = await startBenchmarkApi({ SEED_DEMO: 'false', DATA_DIR: join(folder, 'data'), API_WORKERS: '1' }, [], { compiled: true });
    const [account] = (await t.db.execute(sql`select username from users where id = ${uploader.userId}`)) as unknown as { username: string }[];
    const token = await signIn(api.url, 'staff', account!.username, STAFF_PASSWORD);
    console.log(`options: ${seated.length.toLocaleString('en')} candidates of one paper, ${options.runs} runs; the workbook is ${megabytes(bytes.length)}`);
    console.log(`seeded in ${seconds(performance.now() - at)}; the API (pid ${api.pid}, one worker) idles at ${megabytes(memoryOf(api.pid).now)} resident`);

    const upload = async () => {
      const form = new FormData();
      form.append('advertisementId', String(advertisementId));
      form.append('examPaperId', String(examPaperId));
      form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'marks.xlsx'));
      const response = await fetch(`${api!.url}/api/admin/results/marks/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form });
      const body = (await response.json()) as { data?: { stored: number; problemCount: number } };
      if (response.status !== 200 || body.data?.stored !== seated.length) throw new Error(`the upload answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    };
    const apiTimes: number[] = [];
    const apiPeaks: number[] = [];
    const apiBefore: number[] = [];
    const readTimes: number[] = [];
    const readPeaks: number[] = [];
    let isPeakReset = true;
    for (let run = 0; run < options.runs; run += 1) {
      const alone = await readAloneInChild(file, process.cwd());
      readTimes.push(alone.ms);
      readPeaks.push(alone.peak);
      at = performance.now();
      const stored = await peakOfProcessDuring(api.pid, upload);
      apiTimes.push(performance.now() - at);
      apiPeaks.push(stored.peak);
      apiBefore.push(stored.before);
      isPeakReset &&= stored.isPeakReset;
    }
    const [check] = (await t.db.execute(sql`select count(*)::int as n from paper_results where exam_paper_id = ${examPaperId} and marks_status = 'pending' and marks is not null`)) as unknown as { n: number }[];
    const apiTime = median(apiTimes);
    const readTime = median(readTimes);
    const apiPeak = Math.max(...apiPeaks);
    const how = isPeakReset ? 'VmHWM reset before each upload' : 'VmRSS sampled every 10 ms: the peak could not be reset';
    console.log(`\nmarks upload of one paper, median of ${options.runs} (target: at most 5 s and 300 MB resident):`);
    console.log(
      `  over HTTP to the API process (read as a stream, every row checked, stored as pending): ${seconds(apiTime)} (runs: ${apiTimes.map(seconds).join(', ')}), ` +
        `its peak resident ${megabytes(apiPeak)} (runs: ${apiPeaks.map(megabytes).join(', ')}; ${how}; before each: ${apiBefore.map(megabytes).join(', ')})`,
    );
    console.log(
      `  exceljs' streaming read of the same file alone, fresh process:                      ${seconds(readTime)} (runs: ${readTimes.map(seconds).join(', ')}), ` +
        `its peak resident ${megabytes(Math.max(...readPeaks))} (VmHWM)`,
    );
    console.log(`  ratio API / read alone: ${(apiTime / readTime).toFixed(2)}; rows stored with marks: ${Number(check?.n ?? 0).toLocaleString('en')}`);
    console.log(`  ${apiTime <= 5_000 && apiPeak <= 300 * 1024 * 1024 ? 'within' : 'OVER'} the target (time, and the API process's peak resident size)`);
  } finally {
    await api?.stop();
    delete process.env.DATABASE_URL;
    await t.close();
    cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
