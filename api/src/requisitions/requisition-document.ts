import { REQUISITION_DOCUMENT_PURPOSE, REQUISITION_DOCUMENT_UPLOAD, type MessageKey } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import { checkFileContent } from '../files/check-file-content';
import type { FileStorage } from '../files/file-storage';
import { lockContent } from '../files/store-upload';
import type { Actor } from './actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type StoredRequisitionDocument = { fileId: string; contentType: string; byteSize: number; originalName: string | null };

/**
 * Reads the `file` part of a multipart body as a requisition document (spec §5: image or PDF
 * under 500 KB, judged by its bytes). A missing file is the spec's "error when none is chosen".
 */
export async function checkRequisitionDocument(
  body: Record<string, unknown>,
): Promise<{ ok: true; bytes: Uint8Array; contentType: string; originalName: string | null } | { ok: false; field: string; messageKey: MessageKey }> {
  const unexpected = Object.entries(body).find(([name, value]) => name !== 'file' && (value instanceof File || Array.isArray(value)));
  if (unexpected) return { ok: false, field: unexpected[0], messageKey: 'validation.fileNotExpected' };
  const value = body.file;
  if (Array.isArray(value)) return { ok: false, field: 'file', messageKey: 'validation.invalid' };
  if (!(value instanceof File) || (value.size === 0 && value.name === '')) return { ok: false, field: 'file', messageKey: 'requisition.documentRequired' };
  // The size is known before reading: a file far over the limit is refused unread.
  if (value.size > REQUISITION_DOCUMENT_UPLOAD.maxBytes) return { ok: false, field: 'file', messageKey: 'validation.fileTooLarge' };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const check = await checkFileContent(bytes, REQUISITION_DOCUMENT_UPLOAD);
  if (!check.ok) return { ok: false, field: 'file', messageKey: check.messageKey };
  return { ok: true, bytes: check.bytes, contentType: check.contentType, originalName: value.name || null };
}

/**
 * Stores a checked document as a file of the commission, not of a person (owner null): the
 * requisition that will point at it is the office's record and outlives the officer's account.
 */
export async function storeRequisitionDocument(
  db: Database,
  storage: FileStorage,
  input: { bytes: Uint8Array; contentType: string; originalName: string | null },
  actor: Actor,
): Promise<StoredRequisitionDocument> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  return db.transaction(async (tx) => {
    await lockContent(tx, sha256);
    const [row] = await tx
      .insert(schema.storedFiles)
      .values({
        ownerUserId: null,
        purpose: REQUISITION_DOCUMENT_PURPOSE,
        sha256,
        contentType: input.contentType,
        byteSize: input.bytes.length,
        originalName: input.originalName?.slice(0, 255) ?? null,
      })
      .returning();
    await storage.put(sha256, input.bytes);
    await recordAudit(tx, { ...actor, action: 'create', entity: 'stored_files', entityId: row!.id, before: null, after: row });
    return { fileId: row!.id, contentType: row!.contentType, byteSize: row!.byteSize, originalName: row!.originalName };
  });
}

/** A requisition document with its bytes; null for anything else (answered 404 alike). */
export async function readRequisitionDocument(db: Database, storage: FileStorage, fileId: string) {
  if (!UUID.test(fileId)) return null;
  const { storedFiles } = schema;
  const [row] = await db
    .select({ id: storedFiles.id, purpose: storedFiles.purpose, sha256: storedFiles.sha256, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.purpose, REQUISITION_DOCUMENT_PURPOSE)))
    .limit(1);
  if (!row) return null;
  const bytes = await storage.get(row.sha256);
  return bytes ? { ...row, bytes } : null;
}
