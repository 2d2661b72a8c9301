import { PROFILE_UPLOADS, type MessageKey, type ProfileUploadPurpose } from '@psc/core';
import { createHash } from 'node:crypto';
import { checkFileContent } from './check-file-content';
import type { CheckedUpload } from './store-upload';

export type UploadCheckResult<Field extends string> = {
  uploads: Partial<Record<Field, CheckedUpload>>;
  /** Per form field, the rule each refused file broke. */
  errors: Record<string, MessageKey[]>;
};

/**
 * Reads the files of a multipart body (as Hono's parseBody({ all: true }) gives it) for the
 * fields a form expects, each checked against the upload rule of its purpose. A file input left
 * empty arrives as a nameless empty part and counts as absent; a file under a name the form
 * does not use, or two files in one field, is refused rather than silently dropped.
 */
export async function checkUploads<Field extends string>(
  body: Record<string, unknown>,
  fields: Record<Field, ProfileUploadPurpose>,
): Promise<UploadCheckResult<Field>> {
  const uploads: Partial<Record<Field, CheckedUpload>> = {};
  const errors: Record<string, MessageKey[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const isFileValue = value instanceof File || (Array.isArray(value) && value.some((item) => item instanceof File));
    if (isFileValue && !Object.hasOwn(fields, name)) errors[name] = ['validation.fileNotExpected'];
  }
  for (const field of Object.keys(fields) as Field[]) {
    const value = body[field];
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      errors[field] = ['validation.invalid'];
      continue;
    }
    if (!(value instanceof File)) {
      errors[field] = ['validation.fileRequired'];
      continue;
    }
    if (value.size === 0 && value.name === '') continue;
    const rule = PROFILE_UPLOADS[fields[field]];
    // The size is known before reading: a file far over the limit is refused unread.
    if (value.size > rule.maxBytes) {
      errors[field] = ['validation.fileTooLarge'];
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const check = await checkFileContent(bytes, rule);
    if (!check.ok) {
      errors[field] = [check.messageKey];
      continue;
    }
    // The content address is that of the bytes stored: a picture's re-encoded copy.
    uploads[field] = {
      bytes: check.bytes,
      contentType: check.contentType,
      sha256: createHash('sha256').update(check.bytes).digest('hex'),
      originalName: value.name || null,
    };
  }
  return { uploads, errors };
}
