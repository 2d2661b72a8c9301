import type { AdvertisementDetail, AdvertisementQuota, Named, StatusChange } from './recruitment-api';

// Pure helpers of the recruitment screens (no browser, no API), so they are tested in Node.

/** The name of a joined row in the reading language, the other one when it is missing. */
export function nameOf(row: Named | null | undefined, language: 'ne' | 'en'): string {
  if (!row) return '';
  return (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn || row.nameNp) ?? '';
}

/**
 * The name of a joined row, by its prefix: the API answers flat columns (`serviceNameEn`,
 * `serviceNameNp`); a nested `{ service: { nameEn } }` is read too.
 */
export function joined(row: object | null | undefined, prefix: string, language: 'ne' | 'en'): string {
  if (!row) return '';
  const record = row as Record<string, unknown>;
  const nested = record[prefix];
  if (nested && typeof nested === 'object') return nameOf(nested as Named, language);
  return nameOf({ nameEn: record[`${prefix}NameEn`] as string | null, nameNp: record[`${prefix}NameNp`] as string | null }, language);
}

/** A quota's current and previous advertisement-number labels, whatever the answer calls them. */
export function numberLabelsOf(quota: AdvertisementQuota): { current: string; previous: string } {
  return { current: quota.numberLabel ?? quota.label ?? '', previous: quota.previousNumberLabel ?? quota.previousLabel ?? '' };
}

export function historyOf(detail: AdvertisementDetail): StatusChange[] {
  return detail.history ?? detail.statusHistory ?? [];
}

/** spec §5: the requisition document is an image or a PDF under 500 KB. */
export const DOCUMENT_MAX_BYTES = 500 * 1024;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export type DocumentIssue = 'recruitment.documentRequired' | 'recruitment.documentType' | 'recruitment.documentTooLarge';

/** What is wrong with a chosen requisition document, or null; the API checks the content again. */
export function checkRequisitionDocument(file: { type: string; size: number } | null | undefined): DocumentIssue | null {
  if (!file) return 'recruitment.documentRequired';
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'recruitment.documentType';
  if (file.size >= DOCUMENT_MAX_BYTES) return 'recruitment.documentTooLarge';
  return null;
}

