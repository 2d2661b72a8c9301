import type { AdmitCardData } from '@psc/core';
import { apiClient } from './client';
import { trackRequest } from './request-state';

// The candidate's admit cards and the public check of one (api/src/admit-cards; spec §7 "Admit
// card: generate, confirm, download, old admit card"). The card's JSON is core's AdmitCardData, the
// shape the printed card is made from.

/** One admit card in the lists of current and past exams. */
export type AdmitCardSummary = {
  id: string;
  applicationId: number;
  advertisementCode: string;
  postNameEn: string | null;
  postNameNp: string | null;
  rollNumber: string;
  firstPaperDateAd: string | null;
  firstPaperDateBs: string | null;
  confirmedAt: string | null;
};

export type { AdmitCardData, AdmitCardPaper, Bilingual } from '@psc/core';

export type AdmitCardView = { id: string; confirmedAt: string | null; photoUrl: string | null; signatureUrl: string | null; card: AdmitCardData };

/** The public check: only what the signed statement itself holds, or that it is not genuine. */
export type AdmitCardVerification =
  | {
      valid: true;
      rollNumber: string;
      nameEn: string;
      nameNp: string;
      advertisementCode: string;
      fiscalYear: string;
      photoDigest: string;
      issuedOnAd: string;
    }
  | { valid: false };

/** The refusal of a card not yet confirmed (spec §7: confirm, then download). */
export const NOT_CONFIRMED = 'ADMIT_CARD_NOT_CONFIRMED';

export const ADMIT_CARD_CALLS = {
  current: 'psc.admitCards',
  old: 'psc.admitCards.old',
  card: 'psc.admitCard',
  confirm: 'psc.admitCard.confirm',
} as const;

export function admitCardPath(id: string): string {
  return `/vacancy-applied/admit-card/${encodeURIComponent(id)}`;
}

export function fetchAdmitCards() {
  return trackRequest(ADMIT_CARD_CALLS.current, () => apiClient.request<{ items: AdmitCardSummary[] }>('/psc/admit-cards'));
}

export function fetchOldAdmitCards() {
  return trackRequest(ADMIT_CARD_CALLS.old, () => apiClient.request<{ items: AdmitCardSummary[] }>('/psc/admit-cards/old'));
}

/** 409 ADMIT_CARD_NOT_CONFIRMED before its confirmation; 404 when it is not mine. */
export function fetchAdmitCard(id: string) {
  return trackRequest(ADMIT_CARD_CALLS.card, () => apiClient.request<AdmitCardView>(`/psc/admit-cards/${encodeURIComponent(id)}`));
}

export function confirmAdmitCard(id: string) {
  return trackRequest(ADMIT_CARD_CALLS.confirm, () =>
    apiClient.request<{ id: string; confirmedAt: string }>(`/psc/admit-cards/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: {} }),
  );
}

/**
 * The printable card, rendered by the API in the asked language. Not kept in the request store:
 * the file is handed to the browser to save and then let go.
 */
export function fetchAdmitCardPdf(id: string, language: 'ne' | 'en') {
  return apiClient.request<Blob>(`/psc/admit-cards/${encodeURIComponent(id)}/pdf?lang=${language}`, { responseType: 'blob' });
}

/** Anyone may check a card's statement (the QR on it opens /verify with the statement). */
export function verifyAdmitCard(statement: string) {
  return apiClient.request<AdmitCardVerification>('/public/admit-cards/verify', { method: 'POST', body: { statement }, auth: 'none', silent: true });
}
