import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startComposeWorkerScript, type ComposeWorker } from './compose-worker';
import { composeSeatSlips, type SeatSlip } from './compose-worker.test-support';
import { chromiumPath, hasPoppler, isCi, requireChromium, requirePoppler, shouldPrint } from './print-tools.test-support';
import { createPdfRenderer } from './render-pdf';

const slips = (first: number, count: number): SeatSlip[] =>
  Array.from({ length: count }, (_, offset) => ({ rollNumber: String(first + offset), name: `Candidate ${first + offset}` }));

/** The seat-slip compose worker, its TypeScript loaded through tsx's API as the product's workers are under tsx. */
function startSeatSlipWorker(): ComposeWorker<SeatSlip[]> {
  return startComposeWorkerScript<SeatSlip[]>(new URL('./compose-worker.test-support.ts', import.meta.url), { env: { ...process.env, PSC_COMPOSE_WORKER: 'seat-slips' } });
}

describe('a compose worker', { timeout: 60_000 }, () => {
  let composer: ComposeWorker<SeatSlip[]> | undefined;
  afterEach(async () => {
    await composer?.close();
  });

  it('composes each chunk on its thread, the same HTML as on this one, in the order asked', async () => {
    composer = startSeatSlipWorker();
    const [first, second] = await Promise.all([composer.compose(slips(100, 3)), composer.compose(slips(200, 2))]);
    expect(first).toBe(composeSeatSlips(slips(100, 3)));
    expect(second).toBe(composeSeatSlips(slips(200, 2)));
  });

  it("rejects the chunk its composer throws on, with the composer's message, and composes the next", async () => {
    composer = startSeatSlipWorker();
    await expect(composer.compose([{ rollNumber: '', name: 'Sita' }])).rejects.toThrow('No roll number for Sita');
    expect(await composer.compose(slips(300, 1))).toContain('Seat slip 300');
  });

  it('rejects what is still pending once closed', async () => {
    composer = startSeatSlipWorker();
    const pending = composer.compose(slips(400, 50));
    await composer.close();
    expect(composer.isStopped).toBe(true);
    composer = undefined;
    await expect(pending).rejects.toThrow('The compose worker stopped');
  });

  it.runIf(shouldPrint)('feeds renderParts, which prints each part as its own PDF and yields a part that failed with its error, in its place', async () => {
    requireChromium();
    composer = startSeatSlipWorker();
    const worker = composer;
    const renderer = await createPdfRenderer({ executablePath: chromiumPath });
    try {
      const parts = [slips(6000, 2), [{ rollNumber: '', name: 'Gita' }], slips(6100, 3)];
      const printed = [];
      for await (const part of renderer.renderParts(parts, (slipsOfPart) => worker.compose(slipsOfPart))) printed.push(part);
      expect(printed.map(({ index, part }) => ({ index, part }))).toEqual(parts.map((part, index) => ({ index, part })));
      expect(String(printed[1]!.error)).toContain('No roll number for Gita');
      expect([printed[0]!.pdf, printed[2]!.pdf].map((pdf) => Buffer.from(pdf!.subarray(0, 5)).toString())).toEqual(['%PDF-', '%PDF-']);
      if (hasPoppler || isCi) {
        requirePoppler();
        const path = join(tmpdir(), `psc-parts-${process.pid}.pdf`);
        writeFileSync(path, printed[2]!.pdf!);
        const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
        rmSync(path, { force: true });
        expect(text).toContain('Seat slip 6102');
        expect(text).not.toContain('Seat slip 6001');
      }
    } finally {
      await renderer.close();
    }
  });

  it.runIf(shouldPrint)("feeds renderBatch, which prints the worker's chunks in order", async () => {
    requireChromium();
    composer = startSeatSlipWorker();
    const worker = composer;
    const renderer = await createPdfRenderer({ executablePath: chromiumPath, chunkSize: 10 });
    const directory = mkdtempSync(join(tmpdir(), 'psc-compose-'));
    try {
      const printed: { firstDocument: number; pdf: Uint8Array }[] = [];
      for await (const { firstDocument, pdf } of renderer.renderBatch(slips(5000, 25), (chunk) => worker.compose(chunk))) printed.push({ firstDocument, pdf });
      expect(printed.map(({ firstDocument }) => firstDocument)).toEqual([0, 10, 20]);
      if (hasPoppler || isCi) {
        requirePoppler();
        const texts = printed.map(({ pdf }, index) => {
          const path = join(directory, `chunk-${index}.pdf`);
          writeFileSync(path, pdf);
          return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
        });
        expect(texts[0]).toContain('Seat slip 5009');
        expect(texts[1]).toContain('Seat slip 5010');
        expect(texts[1]).not.toContain('Seat slip 5009');
        expect(texts[2]).toContain('Seat slip 5024');
      }
    } finally {
      await renderer.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
