import type { CertificateConfiguration } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import type { FileStorage } from '../files/file-storage';
import { storeUpload, type CheckedUpload } from '../files/store-upload';
import { AppError } from '../http/errors';

// spec §2 certificate-configuration [FS]: per advertisement, the text of its recommendation
// certificates in both languages, the signatory and the commission's seal. Each save leaves an
// audit row with the configuration before and after it.

const { certificateConfigurations } = schema;

export type CertificateAdvertisement = { id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };

export type StoredCertificateConfiguration = CertificateConfiguration & { sealFileId: string | null; updatedAt: string };

/** Where the seal's bytes live, as the certificate and the screen read them. */
export type StoredSeal = { sha256: string; contentType: string };

async function readAdvertisement(db: Database, advertisementId: number): Promise<CertificateAdvertisement> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp"
      from advertisements ad left join posts p on p.id = ad.post_id where ad.id = ${advertisementId}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return { id: Number(row.id), code: String(row.code), fiscalYear: String(row.fiscalYear), postNameEn: (row.postNameEn as string | null) ?? null, postNameNp: (row.postNameNp as string | null) ?? null };
}

/** The advertisements that have held an exam (their candidates hold roll numbers), newest first. */
export async function listCertificateAdvertisements(db: Database): Promise<(CertificateAdvertisement & { isConfigured: boolean })[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp", cc.advertisement_id is not null as "isConfigured"
      from advertisements ad
      left join posts p on p.id = ad.post_id
      left join certificate_configurations cc on cc.advertisement_id = ad.id
      where exists (select 1 from roll_numbers rn where rn.advertisement_id = ad.id)
      order by ad.id desc
      limit 500`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: String(row.code),
    fiscalYear: String(row.fiscalYear),
    postNameEn: (row.postNameEn as string | null) ?? null,
    postNameNp: (row.postNameNp as string | null) ?? null,
    isConfigured: row.isConfigured === true,
  }));
}

async function readStoredConfiguration(db: Pick<Database, 'select'>, advertisementId: number) {
  const [row] = await db.select().from(certificateConfigurations).where(eq(certificateConfigurations.advertisementId, advertisementId)).limit(1);
  return row ?? null;
}

function shapeConfiguration(row: typeof certificateConfigurations.$inferSelect): StoredCertificateConfiguration {
  return {
    bodyNp: row.bodyNp,
    bodyEn: row.bodyEn,
    signatoryNameNp: row.signatoryNameNp,
    signatoryNameEn: row.signatoryNameEn,
    signatoryTitleNp: row.signatoryTitleNp,
    signatoryTitleEn: row.signatoryTitleEn,
    sealFileId: row.sealFileId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The seal's stored file, when the configuration has one. */
export async function readSeal(db: Database, sealFileId: string | null): Promise<StoredSeal | null> {
  if (!sealFileId) return null;
  const [row] = await db
    .select({ sha256: schema.storedFiles.sha256, contentType: schema.storedFiles.contentType })
    .from(schema.storedFiles)
    .where(eq(schema.storedFiles.id, sealFileId))
    .limit(1);
  return row ?? null;
}

/** A stored picture as the data URL a printed document or the screen embeds, or null when it is gone. */
export async function sealDataUrl(storage: FileStorage, seal: StoredSeal | null): Promise<string | null> {
  if (!seal) return null;
  const bytes = await storage.get(seal.sha256);
  return bytes ? `data:${seal.contentType};base64,${Buffer.from(bytes).toString('base64')}` : null;
}

/** The advertisement, its configuration (null before the first save) and the seal as a data URL. */
export async function readCertificateConfiguration(db: Database, storage: FileStorage, advertisementId: number) {
  const advertisement = await readAdvertisement(db, advertisementId);
  const row = await readStoredConfiguration(db, advertisementId);
  const configuration = row ? shapeConfiguration(row) : null;
  return { advertisement, configuration, seal: await sealDataUrl(storage, await readSeal(db, configuration?.sealFileId ?? null)) };
}

export type AuditActor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

/**
 * Saves the text and signatory; a seal sent replaces the one on file, `removeSeal` takes it off,
 * neither keeps it. The first save of an advertisement creates its configuration.
 */
export async function saveCertificateConfiguration(
  db: Database,
  storage: FileStorage,
  input: { advertisementId: number; configuration: CertificateConfiguration; seal: CheckedUpload | undefined; removeSeal: boolean },
  actor: AuditActor,
) {
  await readAdvertisement(db, input.advertisementId);
  await db.transaction(async (tx) => {
    const before = await readStoredConfiguration(tx, input.advertisementId);
    let sealFileId = input.removeSeal ? null : (before?.sealFileId ?? null);
    if (input.seal) {
      sealFileId = (await storeUpload(tx as unknown as Database, storage, { ownerUserId: actor.actorUserId, purpose: 'certificate-seal', upload: input.seal })).id;
    }
    const values = { ...input.configuration, sealFileId, updatedBy: actor.actorUserId, updatedAt: new Date() };
    const [after] = await tx
      .insert(certificateConfigurations)
      .values({ advertisementId: input.advertisementId, ...values })
      .onConflictDoUpdate({ target: certificateConfigurations.advertisementId, set: values })
      .returning();
    await recordAudit(tx, { ...actor, action: before ? 'update' : 'create', entity: 'certificate_configurations', entityId: input.advertisementId, before, after });
  });
  return readCertificateConfiguration(db, storage, input.advertisementId);
}
