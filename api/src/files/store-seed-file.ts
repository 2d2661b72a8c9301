import { PROFILE_UPLOADS, type ProfileUploadPurpose } from '@psc/core';
import type { Database, StoreSeedFile } from '@psc/db';
import { createHash } from 'node:crypto';
import { checkFileContent } from './check-file-content';
import type { FileStorage } from './file-storage';
import { storeUpload } from './store-upload';

/**
 * How seeds (the demo's candidate, the apply tests' applicants) keep their pictures: checked
 * against the upload rule of their purpose and stored by storeUpload, exactly as an upload of
 * the candidate's own, so the profile and application screens show them like any other.
 */
export function createSeedFileStore(db: Database, storage: FileStorage): StoreSeedFile {
  return async (ownerUserId, file) => {
    const rule = PROFILE_UPLOADS[file.purpose as ProfileUploadPurpose];
    if (!rule) throw new Error(`no upload rule for ${file.purpose}`);
    const check = await checkFileContent(file.bytes, rule);
    if (!check.ok) throw new Error(`the seed file ${file.originalName} is refused: ${check.messageKey}`);
    // As for an upload, what is stored is the checked copy (a picture re-encoded), under its own hash.
    const stored = await storeUpload(db, storage, {
      ownerUserId,
      purpose: file.purpose,
      upload: { bytes: check.bytes, contentType: check.contentType, sha256: createHash('sha256').update(check.bytes).digest('hex'), originalName: file.originalName },
    });
    return stored.id;
  };
}
