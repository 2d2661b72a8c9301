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
