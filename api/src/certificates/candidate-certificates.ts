import { adToBs, formatBsIso, type CertificateData, type Language } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { COMMISSION_NAME } from '../admit-cards/read-admit-cards';
import { printPdf } from '../admit-cards/pdf-printer';
import { rowsOf } from '../applications/rows-of';
import type { AppDeps } from '../context';
import { getFileStorage } from '../files/file-storage';
import { AppError } from '../http/errors';
import { certificateHtml } from './certificate-html';
import { readSeal, sealDataUrl } from './certificate-configuration';

// spec §2 /vacancy-applied/download/certificate; spec §7 "Certificate generate, list, download".
// A candidate selected in the published final selection of an advertisement (outcome 'selected',
// their result not withheld) downloads the recommendation certificate its configuration prints;
// nobody else, and nobody by a link they could guess: a certificate is named by an HMAC of its
// selection and application under the server's secret, so ids cannot be counted through, and
// anyone else's id answers 404 like one that does not exist.

const CERTIFICATE_ID = /^[A-Za-z0-9_-]{43}$/;

export type CertificateSummary = {
  id: string;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  rollNumber: string;
  publishedOnAd: string;
  publishedOnBs: string;
};

/** The unguessable name of one candidate's certificate of one published selection. */
export function certificateIdOf(secret: string, selectionId: number, applicationId: number): string {
  return createHmac('sha256', secret).update(`certificate\n${selectionId}\n${applicationId}`).digest('base64url');
}

type CertificateRow = {
  selectionId: number;
  applicationId: number;
  advertisementCode: string;
  fiscalYear: string;
  officeEn: string;
  officeNp: string;
  postEn: string | null;
  postNp: string | null;
  firstEn: string;
  middleEn: string | null;
  lastEn: string;
  firstNp: string | null;
  middleNp: string | null;
  lastNp: string | null;
  rollNumber: string;
  quotaEn: string | null;
  quotaNp: string | null;
  quotaCode: string;
  position: number;
  publishedOnAd: string;
  bodyNp: string;
  bodyEn: string;
  signatoryNameNp: string;
  signatoryNameEn: string;
  signatoryTitleNp: string;
  signatoryTitleEn: string;
  sealFileId: string | null;
};

/**
 * The candidate's certificates as rows: every application of theirs selected in a published final
 * selection whose advertisement has its certificate configured, with no open withhold.
 */
async function readOwnCertificateRows(db: Database, userId: number): Promise<CertificateRow[]> {
  return rowsOf<CertificateRow>(
    await db.execute(sql`
      select s.id as "selectionId", a.id as "applicationId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear",
        o.name_en as "officeEn", o.name_np as "officeNp", p.name_en as "postEn", p.name_np as "postNp",
        u.first_name_en as "firstEn", u.middle_name_en as "middleEn", u.last_name_en as "lastEn",
        u.first_name_np as "firstNp", u.middle_name_np as "middleNp", u.last_name_np as "lastNp",
        se.roll_number::text as "rollNumber", q.name_en as "quotaEn", q.name_np as "quotaNp", se.quota_code as "quotaCode", se.position,
        (s.published_at at time zone 'Asia/Kathmandu')::date::text as "publishedOnAd",
        cc.body_np as "bodyNp", cc.body_en as "bodyEn", cc.signatory_name_np as "signatoryNameNp", cc.signatory_name_en as "signatoryNameEn",
        cc.signatory_title_np as "signatoryTitleNp", cc.signatory_title_en as "signatoryTitleEn", cc.seal_file_id as "sealFileId"
      from applications a
      join selection_entries se on se.application_id = a.id and se.outcome = 'selected'
      join selections s on s.id = se.selection_id and s.kind = 'final' and s.status = 'published'
      join certificate_configurations cc on cc.advertisement_id = s.advertisement_id
      join advertisements ad on ad.id = s.advertisement_id
      join organizations o on o.id = ad.organization_id
      left join posts p on p.id = ad.post_id
      join users u on u.id = a.user_id
      left join quotas q on q.code = se.quota_code
      where a.user_id = ${userId} and a.deleted_at is null
        and not exists (select 1 from result_withholds w where w.application_id = a.id and w.advertisement_id = s.advertisement_id and w.released_at is null)
      order by s.published_at desc, a.id`),
  ).map((row) => ({ ...row, selectionId: Number(row.selectionId), applicationId: Number(row.applicationId), position: Number(row.position) }));
}

const bsOf = (ad: string) => formatBsIso(adToBs(ad));

/** spec §7 "Certificate list": the signed-in candidate's certificates. */
export async function listMyCertificates(db: Database, secret: string, userId: number): Promise<{ items: CertificateSummary[] }> {
  const rows = await readOwnCertificateRows(db, userId);
  return {
    items: rows.map((row) => ({
      id: certificateIdOf(secret, row.selectionId, row.applicationId),
      advertisementCode: row.advertisementCode,
      fiscalYear: row.fiscalYear,
      postNameEn: row.postEn,
      postNameNp: row.postNp,
      rollNumber: row.rollNumber,
      publishedOnAd: row.publishedOnAd,
      publishedOnBs: bsOf(row.publishedOnAd),
    })),
  };
}

function isSameId(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const fullName = (...parts: (string | null)[]) => parts.filter((part) => part && part.trim() !== '').join(' ');

/** What the certificate prints for one row: core's CertificateData, the seal not yet embedded. */
function certificateDataOf(row: CertificateRow): CertificateData {
  const name = { en: fullName(row.firstEn, row.middleEn, row.lastEn), np: fullName(row.firstNp, row.middleNp, row.lastNp) || fullName(row.firstEn, row.middleEn, row.lastEn) };
  const post = { en: row.postEn ?? '', np: row.postNp ?? row.postEn ?? '' };
  const office = { en: row.officeEn, np: row.officeNp };
  const quota = { en: row.quotaEn ?? row.quotaCode, np: row.quotaNp ?? row.quotaCode };
  return {
    commission: COMMISSION_NAME,
    office,
    advertisementCode: row.advertisementCode,
    fiscalYear: row.fiscalYear,
    post,
    candidate: { name },
    rollNumber: row.rollNumber,
    body: { np: row.bodyNp, en: row.bodyEn },
    values: { name, rollNumber: row.rollNumber, post, advertisementCode: row.advertisementCode, fiscalYear: row.fiscalYear, office, quota, position: row.position },
    signatory: { name: { np: row.signatoryNameNp, en: row.signatoryNameEn }, title: { np: row.signatoryTitleNp, en: row.signatoryTitleEn } },
    seal: null,
    issuedOnAd: row.publishedOnAd,
    issuedOnBs: bsOf(row.publishedOnAd),
  };
}

/** One of the candidate's own certificates by its id, or 404. */
export async function readMyCertificate(deps: AppDeps, userId: number, id: string): Promise<CertificateData> {
  if (!CERTIFICATE_ID.test(id)) throw new AppError('NOT_FOUND');
  const rows = await readOwnCertificateRows(deps.db, userId);
  const row = rows.find((candidate) => isSameId(certificateIdOf(deps.jwtSecret, candidate.selectionId, candidate.applicationId), id));
  if (!row) throw new AppError('NOT_FOUND');
  const seal = await sealDataUrl(getFileStorage(deps), await readSeal(deps.db, row.sealFileId));
  return { ...certificateDataOf(row), seal };
}

/**
 * The certificate as a PDF, kept in the file store under the SHA-256 of the HTML it was printed
 * from, as admit cards are (admitCardPdf says why): a second download is a file read, and any
 * change to the text, signatory, seal or candidate is a new key.
 */
export async function certificatePdf(deps: AppDeps, certificate: CertificateData, lang: Language): Promise<Uint8Array> {
  const storage = getFileStorage(deps);
  const html = certificateHtml(certificate, lang);
  const key = createHash('sha256').update('certificate-pdf\n').update(html).digest('hex');
  const kept = await storage.get(key);
  if (kept) return kept;
  const pdf = await printPdf(deps.config, html);
  await storage.put(key, pdf);
  return pdf;
}
