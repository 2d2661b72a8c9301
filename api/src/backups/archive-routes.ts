import { auditContext, recordAudit } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { excelAnswer, excelResponse } from '../http/excel';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { archiveCounts, listArchiveAdvertisements, rmisArchiveWorkbook, scrutinyArchiveWorkbook } from './archives';

// backup-scrutiny and backup-rmis [BUK read] (spec §2): an advertisement's scrutiny decisions and
// its payments as reconciled, archived to Excel for the commission's records. They read
// deps.readDb (the replica when there is one); each archive taken leaves an audit row naming
// the advertisement and how many rows it held, since it carries candidates' data out.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const archiveRoute = (kind: 'scrutiny' | 'rmis', summary: string) =>
  staffRoute({
    method: 'get',
    path: `/backups/archives/{id}/${kind}/excel`,
    privilege: ['BUK', 'read'],
    summary,
    request: { params: idParams },
    responses: excelAnswer,
  });

export const archiveRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/backups/archives/advertisements',
      privilege: ['BUK', 'read'],
      summary: 'The advertisements an archive may be taken of (past their draft), newest first',
      responses: answer('[{ id, code, fiscalYear, status, postNameEn, postNameNp }]'),
    }),
    async (c) => ok(c, await listArchiveAdvertisements(c.get('deps').readDb)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/backups/archives/{id}',
      privilege: ['BUK', 'read'],
      summary: "What the advertisement's archives hold: applications, decisions, payments and the settled amount",
      request: { params: idParams },
      responses: answer('{ advertisement, applications, decidedApplications, decisions, payments, settledPayments, settledAmount }'),
    }),
    async (c) => ok(c, await archiveCounts(c.get('deps').readDb, c.req.valid('param').id)),
  )
  .openapi(archiveRoute('scrutiny', "The advertisement's scrutiny decisions as an Excel workbook (backup-scrutiny)"), async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const file = await scrutinyArchiveWorkbook(deps.readDb, id, c.get('lang'));
    await recordAudit(deps.db, { ...auditContext(c), action: 'export', entity: 'archives.scrutiny', entityId: id, before: null, after: { rows: file.rowCount, fileName: file.fileName } });
    return excelResponse(file) as never;
  })
  .openapi(archiveRoute('rmis', "The advertisement's payments and their reconciliation as an Excel workbook (backup-rmis)"), async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const file = await rmisArchiveWorkbook(deps.readDb, id, c.get('lang'));
    await recordAudit(deps.db, { ...auditContext(c), action: 'export', entity: 'archives.rmis', entityId: id, before: null, after: { rows: file.rowCount, fileName: file.fileName } });
    return excelResponse(file) as never;
  });
