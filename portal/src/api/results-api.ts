import { apiClient } from './client';
import { trackRequest } from './request-state';

// The candidate's side of results (api/src/candidate-results, api/src/certificates): their own
// results, the public lookup by roll number and date of birth, and the recommendation
// certificates of a published final selection.

export type PaperResult = {
  nameEn: string;
  nameNp: string;
  fullMarks: number;
  passMarks: number;
  isPresent: boolean | null;
  marks: string | null;
  isPass: boolean | null;
};

export type CandidateResultStatus = 'withheld' | 'selected' | 'alternate' | 'shortlisted' | 'not-selected';

export type CandidateResult = {
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  nameEn: string;
  nameNp: string;
  rollNumber: string;
  stage: 'written' | 'final';
  status: CandidateResultStatus;
  quotaCode: string | null;
  quotaNameEn: string | null;
  quotaNameNp: string | null;
  position: number | null;
  totalMarks: string | null;
  papers: PaperResult[];
  publishedOnAd: string;
  publishedOnBs: string;
};

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

export const RESULT_CALLS = { mine: 'psc.results', certificates: 'psc.certificates' } as const;

export function fetchMyResults() {
  return trackRequest(RESULT_CALLS.mine, () => apiClient.request<{ items: CandidateResult[] }>('/psc/results'));
}

export function fetchMyCertificates() {
  return trackRequest(RESULT_CALLS.certificates, () => apiClient.request<{ items: CertificateSummary[] }>('/psc/certificates'));
}

/** The certificate's PDF in the asked language; handed to the browser to save, not kept. */
export function fetchCertificatePdf(id: string, language: 'ne' | 'en') {
  return apiClient.request<Blob>(`/psc/certificates/${encodeURIComponent(id)}/pdf?lang=${language}`, { responseType: 'blob' });
}

/** Anyone: a published result by roll number and date of birth (`dateOfBirthAd` or `dateOfBirthBs`). */
export function lookUpResult(body: Record<string, unknown>) {
  return apiClient.request<{ items: CandidateResult[] }>('/public/results/lookup', { method: 'POST', body, auth: 'none', silent: true });
}

// The published lists (spec §1 "view selection results", §2: the written result with the
// interview's date, time and place, and the final list), for anyone, signed in or not.

export type SelectionKind = 'written' | 'final';

export type PublishedSelectionAdvertisement = {
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  kinds: SelectionKind[];
  publishedOnAd: string;
};

export type PublishedEntry = {
  rollNumber: number;
  nameEn: string;
  nameNp: string | null;
  quotaCode: string;
  quotaNameEn: string;
  quotaNameNp: string;
  position: number;
  outcome: 'shortlisted' | 'selected' | 'alternate';
};

export type PublishedSelection = {
  kind: SelectionKind;
  publishedAt: string | null;
  interviewAt: string | null;
  interviewPlaceEn: string | null;
  interviewPlaceNp: string | null;
  entries: PublishedEntry[];
};

export function fetchPublishedAdvertisements() {
  return apiClient.request<PublishedSelectionAdvertisement[]>('/public/selection-results/advertisements', { auth: 'none' });
}

export function fetchPublishedResults(advertisementCode: string) {
  return apiClient.request<{ advertisementCode: string; selections: PublishedSelection[] }>(`/public/selection-results?advertisementCode=${encodeURIComponent(advertisementCode)}`, { auth: 'none' });
}

/** A published list as the commission's printed PDF, in the asked language. */
export function fetchPublishedResultsPdf(advertisementCode: string, kind: SelectionKind, language: 'ne' | 'en') {
  return apiClient.request<Blob>(`/public/selection-results/pdf?advertisementCode=${encodeURIComponent(advertisementCode)}&kind=${kind}&lang=${language}`, { auth: 'none', responseType: 'blob' });
}
