import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bilingualSample, printedSittingSample } from '../../../../print-templates/src/documents/exam-documents.test-support';
import { hasPoppler, isCi, requirePoppler } from '../../../../print-templates/src/print-tools.test-support';
import { createWorkstationServices, PRINTS_FOLDER_NAME, type WorkstationServices } from '../workstation-services';
import { isSafePdfFileName } from './print-jobs';
import type { PrintBatch } from './types';

// The print service under Node (spec §2 download/admitCard [DA]): batches fetched from the API
// with the caller's token, printed by the real Chromium when this machine has one, written as
// one PDF each inside the output folder; a failed batch is reported and retried alone.

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
const TOKEN = 'token-of-the-signed-in-officer';

const batch = (roomId: number): PrintBatch => ({
  key: `attendance-7-3-${roomId}`,
  kind: 'attendance',
  allocationId: 7,
  venueId: 3,
  roomId,
  part: 1,
  fileName: `attendance-room-${roomId}.pdf`,
});

type FakeApi = { calls: string[]; failingRooms: Set<number>; gate: Promise<void> | null };

function fakeFetch(api: FakeApi): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    api.calls.push(url.pathname + url.search);
    if (api.gate) await api.gate;
    if (new Headers(init?.headers).get('authorization') !== `Bearer ${TOKEN}`) {
      return Response.json({ status: 0, code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 401 });
    }
    const roomId = Number(url.searchParams.get('roomId'));
    if (api.failingRooms.has(roomId)) throw new TypeError('fetch failed');
    const documents = [880001, 880002].map((roll) => ({ rollNumber: String(roll + roomId * 100), roomNumber: String(roomId) }));
    return Response.json({ status: 1, message: '', data: { kind: url.searchParams.get('kind'), documents } });
  };
}

// A stand-in for the document components: the job machinery is what is under test here.
const composeHtml = (_kind: string, documents: unknown[]) =>
  `<!doctype html><html><body>${(documents as { rollNumber: string }[]).map((document) => `<p style="break-after: page">Roll ${document.rollNumber}</p>`).join('')}</body></html>`;

describe('print jobs', () => {
  let dataDir: string;
  let outputDir: string;
  let api: FakeApi;
  let services: WorkstationServices;
  const opened: WorkstationServices[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'psc-print-'));
    outputDir = join(dataDir, PRINTS_FOLDER_NAME, 'sitting-7');
    api = { calls: [], failingRooms: new Set(), gate: null };
    services = createWorkstationServices({
      dataDir,
      runtime: 'node',
      apiBaseUrl: 'http://api.test',
      fetch: fakeFetch(api),
      composeHtml,
      ...(chromiumPath ? { chromiumPath } : {}),
    });
    opened.push(services);
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  afterAll(() => {
    for (const open of opened) open.close();
  });

  async function settle(jobId: string) {
    for (;;) {
      const status = await services.handlers['print.status']({ jobId });
      if (!status.isRunning) return status;
      await new Promise((done) => setTimeout(done, 20));
    }
  }

  it.skipIf(!chromiumPath)('prints a job of three batches as three PDFs, counting documents', async () => {
    const { jobId } = await services.handlers['print.start']({ accessToken: TOKEN, outputDir, lang: 'ne', batches: [batch(1), batch(2), batch(3)] });
    const status = await settle(jobId);
    expect(status).toMatchObject({ done: 3, total: 3, documents: 6, failed: [], cancelled: false, current: null });
    expect(readdirSync(outputDir).sort()).toEqual(['attendance-room-1.pdf', 'attendance-room-2.pdf', 'attendance-room-3.pdf']);
    for (const file of status.files) expect(readFileSync(file.path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(api.calls[0]).toBe('/api/admin/print/batch-data?allocationId=7&kind=attendance&part=1&venueId=3&roomId=1');
  }, 60_000);

  it.skipIf(!chromiumPath)('reports a batch whose fetch fails, completes the others, and retries it alone', async () => {
    api.failingRooms.add(2);
    const { jobId } = await services.handlers['print.start']({ accessToken: TOKEN, outputDir, lang: 'en', batches: [batch(1), batch(2), batch(3)] });
    const failed = await settle(jobId);
    expect(failed).toMatchObject({ done: 2, total: 3, failed: [{ key: 'attendance-7-3-2', fileName: 'attendance-room-2.pdf', code: 'UNREACHABLE' }] });
    expect(readdirSync(outputDir).sort()).toEqual(['attendance-room-1.pdf', 'attendance-room-3.pdf']);

    api.failingRooms.clear();
    api.calls.length = 0;
    await services.handlers['print.retry']({ jobId, keys: ['attendance-7-3-2'], accessToken: TOKEN });
    const retried = await settle(jobId);
    expect(retried).toMatchObject({ done: 3, total: 3, documents: 6, failed: [] });
    expect(api.calls).toEqual(['/api/admin/print/batch-data?allocationId=7&kind=attendance&part=1&venueId=3&roomId=2']);
    expect(readdirSync(outputDir)).toContain('attendance-room-2.pdf');
  }, 60_000);

  it.skipIf(!chromiumPath)('prints the attendance sheet template itself when no stand-in is given', async () => {
    const sheet = {
      sitting: printedSittingSample,
      roomNumber: '1',
      floor: null,
      candidates: [{ rollNumber: '770001', seatNumber: 1, name: bilingualSample('Sita Sharma'), photo: null }],
      invigilators: [],
      printedOnAd: '2031-04-01',
      printedOnBs: '2088-12-19',
    };
    const real = createWorkstationServices({
      dataDir,
      runtime: 'node',
      apiBaseUrl: 'http://api.test',
      fetch: async () => Response.json({ status: 1, message: '', data: { kind: 'attendance', documents: [sheet] } }),
      ...(chromiumPath ? { chromiumPath } : {}),
    });
    opened.push(real);
    const { jobId } = await real.handlers['print.start']({ accessToken: TOKEN, outputDir, lang: 'en', batches: [batch(1)] });
    for (;;) {
      const status = await real.handlers['print.status']({ jobId });
      if (!status.isRunning) {
        expect(status).toMatchObject({ done: 1, documents: 1, failed: [] });
        expect(readFileSync(status.files[0]!.path).subarray(0, 5).toString()).toBe('%PDF-');
        // Composed on the compose worker from the template itself.
        if (hasPoppler || isCi) {
          requirePoppler();
          const text = execFileSync('pdftotext', [status.files[0]!.path, '-'], { encoding: 'utf8' });
          expect(text).toContain('770001');
          expect(text).toContain('Sita Sharma');
        }
        return;
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  }, 60_000);

  it.skipIf(!chromiumPath)('reports a batch that does not render, and prints the batches around it', async () => {
    const failing = createWorkstationServices({
      dataDir,
      runtime: 'node',
      apiBaseUrl: 'http://api.test',
      fetch: fakeFetch(api),
      composeHtml: (kind, documents) => {
        if ((documents as { roomNumber: string }[])[0]!.roomNumber === '2') throw new Error('The template failed');
        return composeHtml(kind, documents);
      },
      ...(chromiumPath ? { chromiumPath } : {}),
    });
    opened.push(failing);
    const { jobId } = await failing.handlers['print.start']({ accessToken: TOKEN, outputDir, lang: 'ne', batches: [batch(1), batch(2), batch(3)] });
    let status = await failing.handlers['print.status']({ jobId });
    while (status.isRunning) {
      await new Promise((done) => setTimeout(done, 20));
      status = await failing.handlers['print.status']({ jobId });
    }
    expect(status).toMatchObject({ done: 2, total: 3, documents: 4, failed: [{ key: 'attendance-7-3-2', fileName: 'attendance-room-2.pdf', code: 'RENDER_FAILED' }] });
    expect(readdirSync(outputDir).sort()).toEqual(['attendance-room-1.pdf', 'attendance-room-3.pdf']);
  }, 60_000);

  it('stops before the next batch when cancelled', async () => {
    let open!: () => void;
    api.gate = new Promise((resolve) => (open = resolve));
    api.failingRooms = new Set([1, 2, 3]);
    const { jobId } = await services.handlers['print.start']({ accessToken: TOKEN, outputDir, lang: 'ne', batches: [batch(1), batch(2), batch(3)] });
    await expect.poll(() => api.calls.length).toBe(1);
    expect((await services.handlers['print.status']({ jobId })).current).toEqual({ key: 'attendance-7-3-1', fileName: 'attendance-room-1.pdf' });
    const cancelling = await services.handlers['print.cancel']({ jobId });
    expect(cancelling.cancelled).toBe(true);
    open();
    const status = await settle(jobId);
    // The batch in hand finished (here: failed); the two after it never started.
    expect(api.calls).toHaveLength(1);
    expect(status).toMatchObject({ done: 0, total: 3, cancelled: true, isRunning: false });
    expect(status.failed.map((failure) => failure.key)).toEqual(['attendance-7-3-1']);
  });

  it('passes the API refusal on and never sends a token it was not given', async () => {
    const { jobId } = await services.handlers['print.start']({ accessToken: 'someone-else', outputDir, lang: 'ne', batches: [batch(1)] });
    const status = await settle(jobId);
    expect(status.failed).toEqual([{ key: 'attendance-7-3-1', fileName: 'attendance-room-1.pdf', code: 'INVALID_TOKEN', message: 'Invalid token' }]);
    // The status carries no token.
    expect(JSON.stringify(status)).not.toContain('someone-else');
  });

  it('refuses file names that leave the output folder, and folders nobody chose', async () => {
    for (const fileName of ['../escape.pdf', 'a/b.pdf', 'a\\b.pdf', '..pdf', '.hidden.pdf', 'sheet.html', '/etc/passwd.pdf']) {
      const result = await services.invoke('print.start', { accessToken: TOKEN, outputDir, lang: 'ne', batches: [{ ...batch(1), fileName }] });
      expect(result, fileName).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    }
    for (const folder of [tmpdir(), join(dataDir, PRINTS_FOLDER_NAME, '..'), 'relative/prints']) {
      const result = await services.invoke('print.start', { accessToken: TOKEN, outputDir: folder, lang: 'ne', batches: [batch(1)] });
      expect(result, folder).toMatchObject({ status: 0, code: 'FORBIDDEN' });
    }
    expect(api.calls).toEqual([]);
    expect(isSafePdfFileName('परीक्षा-कोठा-१.pdf')).toBe(true);
  });

  it('has no folder dialog outside the installed workstation', async () => {
    expect(await services.invoke('app.chooseFolder', {})).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });

  it('writes only to a folder the dialog gave', async () => {
    const chosen = mkdtempSync(join(tmpdir(), 'psc-chosen-'));
    const withDialog = createWorkstationServices({ dataDir, runtime: 'electron', apiBaseUrl: 'http://api.test', fetch: fakeFetch(api), composeHtml, chooseFolder: async () => chosen });
    opened.push(withDialog);
    try {
      expect(await withDialog.invoke('print.start', { accessToken: TOKEN, outputDir: chosen, lang: 'ne', batches: [batch(1)] })).toMatchObject({ status: 0, code: 'FORBIDDEN' });
      expect(await withDialog.handlers['app.chooseFolder']({})).toEqual({ path: chosen });
      api.failingRooms.add(1);
      expect(await withDialog.invoke('print.start', { accessToken: TOKEN, outputDir: chosen, lang: 'ne', batches: [batch(1)] })).toMatchObject({ status: 1 });
    } finally {
      rmSync(chosen, { recursive: true, force: true });
    }
  });
});
