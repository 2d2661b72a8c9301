import { z } from '@hono/zod-openapi';
import { fitsColumn, idSchema, RESULT_ROW_STATUSES, toLatinDigits, translate, type Language, type MessageKey, type ResultUploadKind } from '@psc/core';
import type { Context } from 'hono';
import { auditContext } from '../audit/record-audit';
import type { AppEnv } from '../context';
import { errorResponses, ok } from '../http/envelope';
import { excelAnswer, excelResponse } from '../http/excel';
import { AppError } from '../http/errors';
import { getFileStorage } from '../files/file-storage';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { findSitting, listResultSittings, seatedCandidates } from './paper-sitting';
import { reportByQuota, reportByQuotaWorkbook } from './report-by-quota';
import { RESULT_WORKBOOK_MAX_BYTES, writeResultTemplate } from './result-workbook';
import { uploadResults } from './upload-results';
import { listResultRows, listUploads, resultStatus, revertResultRows, uploadDetail, uploadedWorkbook, verifyResultRows } from './verify-results';

// Attendance and marks upload and verification [POEC] (spec §2 upload-attendance,
// candidate-attendance (excel, masterId, view-attendance), attendance/detail/{id},
// candidate-result (excel, masterId, view-result), attendance-verification and
// result-verification (pending, verified, status/{advtCode}), report-by-quota; spec §4
// "Attendance and result: pending or verified lists; verify, revert, verify all, revert all").
// Reading is `read`, uploading `create`, verifying and reverting `approve`. The key from
// answer-sheet codes to roll numbers is uploaded under PE (exam paper configuration), a privilege
// apart from POEC: the section that codes the answer sheets is not the one that enters marks
// (exam-administration reference "Anonymised marking").

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });
/** The envelope of `ok`, its message carrying the counts (how many stored, verified, reverted). */
function okCounted<T>(c: Context<AppEnv>, data: T, messageKey: MessageKey, params: Record<string, number>) {
  return c.json({ status: 1 as const, message: translate(c.get('lang'), messageKey, params), data }, 200);
}

const optionalId = z.preprocess((value) => (value === '' ? undefined : value), idSchema('validation.number').optional());
/** A masterId or roll number typed in either digit set. */
const wholeNumber = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : toLatinDigits(value.trim())) : value),
  z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(1, { error: 'validation.number' }).max(Number.MAX_SAFE_INTEGER, { error: 'validation.number' }).optional(),
);
const paperQuery = z.object({ advertisementId: idSchema('validation.number'), examPaperId: idSchema('validation.number') });
const templateQuery = paperQuery.extend({ kind: z.enum(['attendance', 'marks', 'sheet-codes', 'sheet-keys'], { error: 'results.kindInvalid' }), roomId: optionalId });
const rowsQuery = z.object({
  advertisementId: idSchema('validation.number'),
  examPaperId: optionalId,
  status: z.enum(RESULT_ROW_STATUSES, { error: 'validation.chooseOne' }).optional(),
  masterId: wholeNumber,
  rollNumber: wholeNumber,
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(100),
});
const detailQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(100),
});
const advertisementQuery = z.object({ advertisementId: idSchema('validation.number') });
const codeParams = z.object({ advtCode: z.string().trim().min(1).max(64) });
const verifyBody = z.object({
  advertisementId: idSchema('validation.number'),
  examPaperId: idSchema('validation.number'),
  /** The rows to verify or revert; omitted for all of the paper (verify all, revert all). */
  applicationIds: z.array(idSchema('validation.number')).min(1).max(100_000).optional(),
});
const formatQuery = paperQuery.extend({ format: z.enum(['json', 'xlsx'], { error: 'validation.chooseOne' }).optional() });

const uploadForm = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: z.object({
        file: z.any().optional().openapi({ type: 'string', format: 'binary' }),
        advertisementId: z.string(),
        examPaperId: z.string(),
        roomId: z.string().optional(),
        storeClean: z.string().optional().openapi({ description: "'true' to store the clean rows of a file with bad rows" }),
      }),
    },
  },
};

/** The multipart upload: the workbook and where it belongs, checked here since the body is a form. */
async function readUploadForm(body: Record<string, unknown>, lang: Language) {
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION_FAILED', { errors: { file: [translate(lang, 'validation.fileRequired')] } });
  if (file.size > RESULT_WORKBOOK_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { messageKey: 'results.file.tooLarge', messageParams: { max: RESULT_WORKBOOK_MAX_BYTES / 1024 / 1024 } });
  const errors: Record<string, string[]> = {};
  const idOf = (field: string, required: boolean) => {
    const text = typeof body[field] === 'string' ? toLatinDigits((body[field] as string).trim()) : '';
    if (text === '' && !required) return undefined;
    const value = Number(text);
    if (text === '' || !fitsColumn(value, 'integer') || value < 1) errors[field] = [translate(lang, 'validation.number')];
    return value;
  };
  const advertisementId = idOf('advertisementId', true)!;
  const examPaperId = idOf('examPaperId', true)!;
  const roomId = idOf('roomId', false);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  return { advertisementId, examPaperId, roomId, storeClean: body.storeClean === 'true', fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

const uploadRoute = (kind: ResultUploadKind, path: string, summary: string, privilege: 'POEC' | 'PE') =>
  staffRoute({ method: 'post', path, privilege: [privilege, 'create'], summary, request: { body: uploadForm }, responses: answer('{ uploadId, rows, stored, keptVerified, joined, problemCount, problems }') });

async function upload(c: Context<AppEnv>, kind: ResultUploadKind) {
  const lang = c.get('lang');
  const input = await readUploadForm(await c.req.parseBody(), lang);
  const deps = c.get('deps');
  const result = await uploadResults(deps.db, getFileStorage(deps), { ...input, kind }, auditContext(c), lang);
  if (result.uploadId === null) return ok(c, result, 'results.notStored');
  return okCounted(c, result, kind === 'sheet-keys' ? 'results.keyUploaded' : kind === 'sheet-codes' ? 'results.codesUploaded' : 'results.uploaded', { stored: result.stored, joined: result.joined });
}

const verifyRoute = (part: 'attendance' | 'marks', action: 'verify' | 'revert') =>
  staffRoute({
    method: 'post',
    path: `/results/${part}/${action}`,
    privilege: ['POEC', 'approve'],
    summary:
      action === 'verify'
        ? `Verify pending ${part} rows (those named, or all of the paper): never the user's own upload`
        : `Revert verified ${part} rows (those named, or all of the paper) to pending`,
    request: { body: jsonBody(verifyBody) },
    responses: answer(action === 'verify' ? '{ verified, skippedOwn, waiting }' : '{ reverted }'),
  });

export const resultRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/results/sittings', privilege: [['POEC', 'PE'], 'read'], summary: 'Papers with a final centre allocation (results can be uploaded for them), with their rooms', responses: answer('{ items }') }),
    async (c) => ok(c, await listResultSittings(c.get('deps').db)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/results/status/{advtCode}', privilege: ['POEC', 'read'], summary: "status/{advtCode}: per seated paper, attendance and marks pending and verified", request: { params: codeParams }, responses: answer('{ advertisementId, advertisementCode, papers }') }),
    async (c) => ok(c, await resultStatus(c.get('deps').db, c.req.valid('param').advtCode)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/results/template',
      privilege: ['POEC', 'read'],
      summary: 'The workbook to fill for a paper (and room): roll number, Master ID, full name and the columns of the kind, a row per seated candidate',
      request: { query: templateQuery },
      responses: excelAnswer,
    }),
    async (c) => {
      const { advertisementId, examPaperId, kind, roomId } = c.req.valid('query') as z.output<typeof templateQuery>;
      const db = c.get('deps').db;
      const sitting = await findSitting(db, advertisementId, examPaperId);
      const lang = c.get('lang');
      // The answer-sheet workbooks are anonymous: their template names nobody.
      const seated = kind === 'attendance' || kind === 'marks' ? await seatedCandidates(db, sitting, roomId) : [];
      const bytes = await writeResultTemplate(kind, seated.map((candidate) => ({ rollNumber: candidate.rollNumber, masterId: candidate.masterId, fullName: (lang === 'ne' && candidate.nameNp) || candidate.nameEn, isPresent: kind === 'marks' ? undefined : null })), lang);
      return excelResponse({ bytes, fileName: `${kind}-${advertisementId}-${examPaperId}${roomId ? `-room-${roomId}` : ''}.xlsx` }) as never;
    },
  )
  .openapi(uploadRoute('attendance', '/results/attendance/upload', 'Upload the attendance workbook (multipart: file, advertisementId, examPaperId, roomId?, storeClean?)', 'POEC'), (c) => upload(c, 'attendance') as never)
  .openapi(uploadRoute('marks', '/results/marks/upload', 'Upload the marks workbook (multipart: file, advertisementId, examPaperId, roomId?, storeClean?)', 'POEC'), (c) => upload(c, 'marks') as never)
  .openapi(uploadRoute('sheet-codes', '/results/sheet-codes/upload', 'Upload marks keyed by answer-sheet code; joined to roll numbers once the key is in', 'POEC'), (c) => upload(c, 'sheet-codes') as never)
  .openapi(uploadRoute('sheet-keys', '/results/sheet-keys/upload', 'Upload the key from answer-sheet codes to roll numbers [PE]; joins the marks waiting for it', 'PE'), (c) => upload(c, 'sheet-keys') as never)
  .openapi(
    staffRoute({ method: 'get', path: '/results/uploads', privilege: ['POEC', 'read'], summary: "An advertisement's uploads, newest first", request: { query: advertisementQuery }, responses: answer('{ items }') }),
    async (c) => ok(c, await listUploads(c.get('deps').db, c.req.valid('query').advertisementId)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/results/uploads/{id}', privilege: ['POEC', 'read'], summary: 'attendance/detail/{id}: one upload and its rows as they stand', request: { params: idParams, query: detailQuery }, responses: answer('{ upload, total, rows }') }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query') as z.output<typeof detailQuery>;
      return ok(c, await uploadDetail(c.get('deps').db, c.req.valid('param').id, page, pageSize));
    },
  )
  .openapi(
    staffRoute({ method: 'get', path: '/results/uploads/{id}/file', privilege: ['POEC', 'read'], summary: 'The workbook an upload was made from, as it came (404 for an upload made before workbooks were kept)', request: { params: idParams }, responses: excelAnswer }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const file = await uploadedWorkbook(deps.db, getFileStorage(deps), id);
      if (!file) throw new AppError('NOT_FOUND', { messageKey: 'results.uploadFileNotKept' });
      // The name the uploader's computer gave: only its plain characters go into the header.
      const safeName = file.fileName.replace(/[^\w.\- ]+/g, '_').replace(/\.xlsx$/i, '') || `upload-${id}`;
      return excelResponse({ bytes: file.bytes, fileName: `${safeName}.xlsx` }) as never;
    },
  )
  .openapi(
    staffRoute({ method: 'get', path: '/results/attendance/rows', privilege: ['POEC', 'read'], summary: 'Attendance rows, pending or verified, by paper, Master ID or roll number (view-attendance)', request: { query: rowsQuery }, responses: answer('{ total, items }') }),
    async (c) => ok(c, await listResultRows(c.get('deps').db, { ...(c.req.valid('query') as z.output<typeof rowsQuery>), part: 'attendance' })),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/results/marks/rows', privilege: ['POEC', 'read'], summary: 'Marks rows, pending or verified, by paper, Master ID or roll number (view-result)', request: { query: rowsQuery }, responses: answer('{ total, items }') }),
    async (c) => ok(c, await listResultRows(c.get('deps').db, { ...(c.req.valid('query') as z.output<typeof rowsQuery>), part: 'marks' })),
  )
  .openapi(verifyRoute('attendance', 'verify'), async (c) => {
    const result = await verifyResultRows(c.get('deps').db, { ...c.req.valid('json'), part: 'attendance' }, auditContext(c));
    return okCounted(c, result, 'results.verified', { rows: result.verified }) as never;
  })
  .openapi(verifyRoute('attendance', 'revert'), async (c) => {
    const result = await revertResultRows(c.get('deps').db, { ...c.req.valid('json'), part: 'attendance' }, auditContext(c));
    return okCounted(c, result, 'results.reverted', { rows: result.reverted }) as never;
  })
  .openapi(verifyRoute('marks', 'verify'), async (c) => {
    const result = await verifyResultRows(c.get('deps').db, { ...c.req.valid('json'), part: 'marks' }, auditContext(c));
    return okCounted(c, result, 'results.verified', { rows: result.verified }) as never;
  })
  .openapi(verifyRoute('marks', 'revert'), async (c) => {
    const result = await revertResultRows(c.get('deps').db, { ...c.req.valid('json'), part: 'marks' }, auditContext(c));
    return okCounted(c, result, 'results.reverted', { rows: result.reverted }) as never;
  })
  .openapi(
    staffRoute({
      method: 'get',
      path: '/results/report-by-quota',
      privilege: ['POEC', 'read'],
      summary: 'report-by-quota: present, absent and passed per quota, exam centre and gender; with format=xlsx an Excel workbook in the caller\'s language',
      request: { query: formatQuery },
      responses: answer('{ items }, or the workbook'),
    }),
    async (c) => {
      const { advertisementId, examPaperId, format } = c.req.valid('query') as z.output<typeof formatQuery>;
      // A report: it may read the replica, a moment behind the primary.
      const db = c.get('deps').readDb;
      if (format === 'xlsx') return excelResponse(await reportByQuotaWorkbook(db, advertisementId, examPaperId, c.get('lang'))) as never;
      return ok(c, await reportByQuota(db, advertisementId, examPaperId));
    },
  );
