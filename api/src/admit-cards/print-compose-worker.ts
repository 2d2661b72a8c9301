import { serveComposeRequests } from '@psc/print-templates';
import { printedDocumentsHtml, type PrintedDocumentsPart } from './printed-documents';

// The API's compose worker (DESIGN "Documents"): a print batch's HTML composed on a thread of its
// own while Chromium prints the part before, and without holding up the requests the API's own
// thread serves. Run from its TypeScript under tsx, or as api/dist/print-compose-worker.js, an
// entry of its own in scripts/build-server.mjs.
serveComposeRequests<PrintedDocumentsPart>(({ batch, lang }) => printedDocumentsHtml(batch, lang));
