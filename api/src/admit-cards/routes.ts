import { z } from '@hono/zod-openapi';
import { ADMIT_CARD_STATEMENT_MAX_LENGTH, idSchema } from '@psc/core';
import { errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { candidateRoute, createRouter, publicRoute, staffRoute } from '../http/router';
import { listPrintBatches, listPrintSittings, printBatchPdf, readBatchData } from './print-batches';
import { admitCardPdf } from './admit-card-pdf';
import { confirmMyAdmitCard, listMyAdmitCards, readMyAdmitCard } from './read-admit-cards';
import { admitCardKeysOf, verifyAdmitCardStatement } from './signing-key';

// Admit cards (spec §7 "Admit card: generate, confirm, download as base64, old admit card"; spec
// §2 /vacancy-applied/download/old-admit-card). The candidate's routes answer only the
// candidate's own cards, by ids nobody can guess: anyone else's id is a 404, never a 403 that
// would confirm it exists. The verification of a card's QR and the public key are open to all.

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses, 404: { description: 'No such card of this candidate', content: { 'application/json': { schema: errorEnvelopeSchema } } } });

const cardParams = z.object({ id: z.string().max(64) });
const langQuery = z.object({ lang: z.enum(['ne', 'en'], { error: 'validation.chooseOne' }).default('ne') });
const pdfResponse = {
  200: { description: 'The admit card', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
  ...errorResponses,
  404: { description: 'No such card of this candidate', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  409: { description: 'Not confirmed yet (ADMIT_CARD_NOT_CONFIRMED)', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};

/** Mounted under /api/psc. */
export const candidateAdmitCardRoutes = createRouter()
  .openapi(
    candidateRoute({ method: 'get', path: '/admit-cards', summary: 'My current admit cards (generated as they become due)', responses: answer('{ items }') }),
    async (c) => ok(c, await listMyAdmitCards(c.get('deps').db, c.get('auth').userId, false)),
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/admit-cards/old', summary: 'My old admit cards: the last paper has been sat', responses: answer('{ items }') }),
    async (c) => ok(c, await listMyAdmitCards(c.get('deps').db, c.get('auth').userId, true)),
  )
  .openapi(
    candidateRoute({ method: 'post', path: '/admit-cards/{id}/confirm', summary: 'Confirm that I will sit the exam (idempotent)', request: { params: cardParams }, responses: answer('{ id, confirmedAt }') }),
    async (c) => ok(c, await confirmMyAdmitCard(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id), 'admitCard.confirmed'),
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/admit-cards/{id}', summary: 'My admit card, once confirmed (409 ADMIT_CARD_NOT_CONFIRMED before)', request: { params: cardParams }, responses: answer('{ id, confirmedAt, photoUrl, signatureUrl, card }') }),
    async (c) => {
      const { card, content } = await readMyAdmitCard(c.get('deps').db, c.get('deps').config, c.get('auth').userId, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-store');
      return ok(c, {
        id: card.id,
        confirmedAt: card.confirmedAt,
        // The pictures through the candidate's own file route, which the portal reads with the bearer token.
        photoUrl: content.photoFileId ? `/api/psc/files/${content.photoFileId}` : null,
        signatureUrl: content.signatureFileId ? `/api/psc/files/${content.signatureFileId}` : null,
        card: content.card,
      });
    },
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/admit-cards/{id}/pdf', summary: 'My admit card as a PDF, once confirmed', request: { params: cardParams, query: langQuery }, responses: pdfResponse }),
    async (c) => {
      const deps = c.get('deps');
      const { card, content } = await readMyAdmitCard(deps.db, deps.config, c.get('auth').userId, c.req.valid('param').id);
      const pdf = await admitCardPdf(deps, content, c.req.valid('query').lang);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `attachment; filename="admit-card-${content.card.rollNumber.replace(/[^\w-]/g, '')}.pdf"`,
        // A card is the candidate's alone; no shared cache may keep it, and it follows any reseating.
        'Cache-Control': 'private, no-store',
        'X-Admit-Card': card.id,
      }) as never;
    },
  );

const verifyBody = z.object({ statement: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(ADMIT_CARD_STATEMENT_MAX_LENGTH, { error: 'validation.tooLong' }) });

/** Mounted under /api/public: anyone (an exam hall's door, a phone) checks a card's QR. */
export const publicAdmitCardRoutes = createRouter().openapi(
  publicRoute({
    method: 'post',
    path: '/admit-cards/verify',
    summary: "Check an admit card's signed statement: what the card states when genuine, { valid: false } otherwise",
    request: { body: jsonBody(verifyBody) },
    responses: { 200: { description: '{ valid: true, rollNumber, nameEn, nameNp, advertisementCode, fiscalYear, photoDigest, issuedOnAd } or { valid: false }' }, ...errorResponses },
  }),
  async (c) => {
    const statement = verifyAdmitCardStatement(c.get('deps').config, c.req.valid('json').statement);
    return ok(c, statement ? { valid: true as const, ...statement } : { valid: false as const });
  },
);

export const ADMIT_CARD_KEY_PATH = '/.well-known/psc-admit-card-key';

/** Mounted at the root: the public key, for verifying cards offline (DESIGN "Signed documents"). */
export const admitCardKeyRoutes = createRouter().openapi(
  publicRoute({ method: 'get', path: ADMIT_CARD_KEY_PATH, summary: 'The public key admit cards are signed with (Ed25519)', responses: { 200: { description: '{ alg, publicKeyPem, jwk }' } } }),
  async (c) => {
    const keys = admitCardKeysOf(c.get('deps').config);
    // Public and rarely changed: any cache may keep it, and a verifier on another origin may read it.
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.json({ alg: 'Ed25519' as const, publicKeyPem: keys.publicKeyPem, jwk: keys.jwk }, 200);
  },
);

const optionalId = z.preprocess((value) => (value === '' ? undefined : value), idSchema('validation.number').optional());
const sittingsQuery = z.object({ old: z.enum(['true', 'false'], { error: 'validation.chooseOne' }).default('false') });
const batchQuery = z.object({
  allocationId: idSchema('validation.number'),
  kind: z.enum(['admit-cards', 'attendance', 'room-list', 'door-list'], { error: 'validation.chooseOne' }),
  venueId: optionalId,
  roomId: optionalId,
});
const batchDataQuery = batchQuery.extend({ part: z.coerce.number({ error: 'validation.number' }).int().min(1).max(1000).default(1) });
const batchPdfQuery = batchDataQuery.extend(langQuery.shape);
const staffAnswer = (description: string) => ({ 200: { description }, ...errorResponses });

/** Mounted under /api/admin: what exam centres print [DA] (spec §2 download/admitCard, download/old/admitCard). */
export const printRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/print/sittings', privilege: ['DA', 'read'], summary: 'Sittings whose centres have final rooms, with their centres and rooms (old: the exam date has passed)', request: { query: sittingsQuery }, responses: staffAnswer('{ items }') }),
    async (c) => ok(c, await listPrintSittings(c.get('deps').db, c.req.valid('query').old === 'true')),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/print/batches', privilege: ['DA', 'read'], summary: "A sitting's print batches: per room (admit cards in parts of at most 200), a door list per centre", request: { query: batchQuery }, responses: staffAnswer('{ items }') }),
    async (c) => ok(c, await listPrintBatches(c.get('deps').db, c.req.valid('query') as z.output<typeof batchQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/print/batch-data', privilege: ['DA', 'read'], summary: "One batch's documents with their pictures as data URLs, for the workstation to print", request: { query: batchDataQuery }, responses: staffAnswer('{ kind, documents }') }),
    async (c) => ok(c, await readBatchData(c.get('deps'), c.req.valid('query') as z.output<typeof batchDataQuery>)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/print/batch-pdf',
      privilege: ['DA', 'read'],
      summary: 'One batch as a PDF, for the browser build of the workstation',
      request: { query: batchPdfQuery },
      responses: { 200: { description: 'The batch', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const query = c.req.valid('query') as z.output<typeof batchPdfQuery>;
      const batch = (await listPrintBatches(deps.db, query)).items.find((item) => item.part === query.part && (query.kind === 'door-list' ? item.venueId === query.venueId : item.roomId === query.roomId));
      const pdf = await printBatchPdf(deps, query, query.lang);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `attachment; filename="${batch?.fileName ?? 'batch.pdf'}"`,
        'Cache-Control': 'private, no-store',
      }) as never;
    },
  );
