import { startComposeWorkerScript } from '@psc/print-templates';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bilingualSample, printedSittingSample } from '../../../print-templates/src/documents/exam-documents.test-support';
import { buildServer, serverEntries } from '../../../scripts/build-server.mjs';
import { composeWorkerScript } from './pdf-printer';
import { printedDocumentsHtml, type PrintedDocumentsPart } from './printed-documents';

// The print batches' compose worker (DESIGN "Documents") is a script of its own: its TypeScript
// when the API runs from sources, its compiled entry beside the server's bundle in api/dist.

const roomList: PrintedDocumentsPart = {
  lang: 'ne',
  batch: {
    kind: 'room-list',
    documents: [
      {
        sitting: printedSittingSample,
        roomNumber: '7',
        floor: null,
        candidates: [{ rollNumber: '770001', seatNumber: 1, name: bilingualSample('Sita Sharma'), photo: null }],
        printedOnAd: '2031-04-01',
        printedOnBs: '2088-12-19',
      },
    ],
  },
};

describe("the print batches' compose worker", { timeout: 120_000 }, () => {
  it('runs from its TypeScript beside the printer under sources, and from beside the bundle when compiled', () => {
    const source = composeWorkerScript();
    expect(source.pathname).toMatch(/\/api\/src\/admit-cards\/print-compose-worker\.ts$/);
    expect(existsSync(fileURLToPath(source))).toBe(true);
    expect(composeWorkerScript('/srv/psc/api/dist/serve.js').href).toBe(pathToFileURL('/srv/psc/api/dist/print-compose-worker.js').href);
    expect(Object.keys(serverEntries)).toContain('print-compose-worker');
  });

  it('is compiled as an entry of the server build, starts from it, and composes what the API composes', async () => {
    // Built inside api/ so the compiled files import their packages from the repository's node_modules.
    const outdir = mkdtempSync(join(fileURLToPath(new URL('../..', import.meta.url)), '.test-build-'));
    try {
      await buildServer({ 'print-compose-worker': serverEntries['print-compose-worker']! }, outdir);
      const script = composeWorkerScript(join(outdir, 'serve.js'));
      expect(existsSync(fileURLToPath(script))).toBe(true);
      const composer = startComposeWorkerScript<PrintedDocumentsPart>(script);
      try {
        expect(await composer.compose(roomList)).toBe(printedDocumentsHtml(roomList.batch, roomList.lang));
      } finally {
        await composer.close();
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
