import { serveComposeRequests } from '@psc/print-templates';
import { composeBatchHtml } from './compose-batch-html';
import type { ComposeRequest } from './print-jobs';

// The workstation's compose worker (DESIGN "Documents"): a batch's HTML composed on a thread of its
// own while Chromium prints the batch before, the same path as the API's print batches. Run from
// its TypeScript under tsx and vitest, or as dist/main/print-compose-worker.js, an entry of its own
// in scripts/build-electron.mjs.
serveComposeRequests<ComposeRequest>(({ kind, documents, lang }) => composeBatchHtml(kind, documents, lang));
