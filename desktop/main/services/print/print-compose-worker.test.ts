import { startComposeWorkerScript } from '@psc/print-templates';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { printedSittingSample } from '../../../../print-templates/src/documents/exam-documents.test-support';
import { buildElectron } from '../../../scripts/build-electron.mjs';
import { composeWorkerScript } from '../workstation-services';
import { composeBatchHtml } from './compose-batch-html';
import type { ComposeRequest } from './print-jobs';

// The print jobs' compose worker (DESIGN "Documents") is a script of its own: its TypeScript when
// the services run from sources, its built entry beside dist/main/index.js in the workstation.

const desktopDir = fileURLToPath(new URL('../../..', import.meta.url));
const doorList: ComposeRequest = {
  kind: 'door-list',
  lang: 'ne',
  documents: [
    {
      sitting: printedSittingSample,
      chief: null,
      rooms: [{ roomNumber: '7', floor: 'Ground', rollFrom: '770001', rollTo: '770040', candidates: 40 }],
      printedOnAd: '2031-04-01',
      printedOnBs: '2088-12-19',
    },
  ],
};

describe("the print jobs' compose worker", { timeout: 120_000 }, () => {
  it('runs from its TypeScript under sources, and from beside the built main process', () => {
    const source = composeWorkerScript();
    expect(source.pathname).toMatch(/\/desktop\/main\/services\/print\/print-compose-worker\.ts$/);
    expect(existsSync(fileURLToPath(source))).toBe(true);
    expect(composeWorkerScript('file:///opt/psc/resources/app/dist/main/index.js').href).toBe('file:///opt/psc/resources/app/dist/main/print-compose-worker.js');
  });

  it('is built as an entry of the main process, starts from it, and composes what the services compose', async () => {
    // Built inside desktop/ so the built files import their packages from node_modules.
    const outDir = mkdtempSync(join(desktopDir, '.test-build-'));
    try {
      await buildElectron(relative(desktopDir, outDir));
      const script = composeWorkerScript(pathToFileURL(join(outDir, 'main', 'index.js')).href);
      expect(existsSync(fileURLToPath(script))).toBe(true);
      const composer = startComposeWorkerScript<ComposeRequest>(script);
      try {
        expect(await composer.compose(doorList)).toBe(composeBatchHtml(doorList.kind, doorList.documents, doorList.lang));
      } finally {
        await composer.close();
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
