import type { ApplicationStatus, FeeLine, FeePeriod, PaymentState } from '@psc/core';
import { apiClient } from './client';
import { trackRequest } from './request-state';

// The candidate's vacancies and applications, typed as the API answers them
// (api/src/applications, api/src/vacancies). Fields a screen only shows are optional, so an answer
// with fewer fields still renders.

export type Named = { nameEn?: string | null; nameNp?: string | null };

/**
 * A quota of a vacancy; `advertisementQuotaId` (detail only) is what the apply form sends.
 * `claimable` (detail only): whether I may compete in it; `refusal` the catalogue key of why not.
 */
export type VacancyQuota = {
  advertisementQuotaId: number;
  quotaId: number;
  quotaCode: string;
  nameEn: string;
  nameNp: string;
  vacancies?: number;
  number?: number | null;
  label?: string | null;
  claimable?: boolean;
  refusal?: string | null;
};
export type Option = { id: number; nameEn: string; nameNp: string };

export type Vacancy = {
  id: number;
  advertisementId?: number;
  code: string;
  fiscalYear?: string;
  requisitionId?: number | null;
  postNameEn?: string | null;
  postNameNp?: string | null;
  serviceNameEn?: string | null;
  serviceNameNp?: string | null;
  classNameEn?: string | null;
  classNameNp?: string | null;
  groupNameEn?: string | null;
  groupNameNp?: string | null;
  organizationNameEn?: string | null;
  organizationNameNp?: string | null;
  totalVacancy?: number;
  publishDate?: string | null;
  paymentLastDate?: string | null;
  lastDateForSubmission?: string | null;
  doubleFeeLastDate?: string | null;
  ageCutOffDate?: string | null;
  applicationFee?: number;
  feePeriod?: FeePeriod;
  hasApplied?: boolean;
  quotas?: Omit<VacancyQuota, 'advertisementQuotaId'>[];
};

export type VacancyDetail = Omit<Vacancy, 'quotas'> & {
  quotas: VacancyQuota[];
  examCentres: Option[];
  optionalSubjects: Option[];
  /** The post's minimum qualification; `faculties` empty: any faculty. */
  qualification: { levelId: number; levelNameEn: string; levelNameNp: string; description?: string | null; faculties: Option[] } | null;
  eligibility: Eligibility;
  /** My live application to it: its receipt. */
  myApplication: ApplicationRow | null;
};

export type Age = { years: number; months: number; days: number };

export type Eligibility = {
  eligible: boolean;
  age: Age | null;
  ageLimit?: { minYears: number; maxYears: number; isRelaxed: boolean };
  ageMet?: boolean;
  qualificationMet: boolean;
  missingDocuments: string[];
  reasons: string[];
  profileLocked?: boolean;
};

export type FeeQuoteAnswer =
  | { period: 'normal' | 'double-fee'; multiplier: 1 | 2; baseAmount: number; amount: number; lines: FeeLine[] }
  | { period: 'expired'; reason: string };

export type ApplicationQuota = { advertisementQuotaId: number; quotaId: number; code: string; nameEn: string; nameNp: string; status?: string; addedLater?: boolean };

/** One application as its owner sees it (list row, receipt). */
export type ApplicationRow = {
  applicationId: number;
  receiptCode: string;
  attempt: number;
  status: ApplicationStatus;
  paymentState: PaymentState;
  submittedAt: string;
  ageYears?: number;
  ageMonths?: number;
  ageDays?: number;
  examCentreId: number;
  examCentreNameEn?: string | null;
  examCentreNameNp?: string | null;
  advertisementId: number;
  advertisementCode: string;
  fiscalYear?: string;
  paymentLastDate?: string | null;
  lastDateForSubmission?: string | null;
  doubleFeeLastDate?: string | null;
  postNameEn?: string | null;
  postNameNp?: string | null;
  serviceNameEn?: string | null;
  serviceNameNp?: string | null;
  /** The advertisement's commission office, which runs its exam and scrutiny. */
  organizationNameEn?: string | null;
  organizationNameNp?: string | null;
  quotas: ApplicationQuota[];
  amountDue: number;
  dueChargeIds: number[];
  /** The roll (symbol) number once generated (spec §2 generate/rollNo); null before. */
  rollNumber?: number | null;
  /** The advertisement's exam schedule is approved (its admit cards follow once seating is final). */
  examScheduled?: boolean;
  /**
   * The admit card, once the schedule is approved and every paper's centre, room and seat are
   * final (spec §7); `confirmedAt` null until I confirm that I will sit the exam.
   */
  admitCard?: { id: string; confirmedAt: string | null } | null;
};

export type TimelineEntry = { id: number; kind: string; at: string; text: string };
export type ChargeRow = { id: number; purpose: string; amount: number; status: string; createdAt: string; paidAt?: string | null };
export type PaymentRow = {
  id: number;
  chargeId: number;
  transactionUuid: string;
  method: string;
  gateway?: string | null;
  amount: number;
  status: string;
  verificationGroup?: string | null;
  voucherNumber?: string | null;
  paidOn?: string | null;
  createdAt: string;
};

export type ApplicationDetail = ApplicationRow & { timeline: TimelineEntry[]; charges: ChargeRow[]; payments: PaymentRow[] };

export type SubmitAnswer = { created?: boolean; applicationId: number; receipt: ApplicationRow };

export type PublicReceipt = {
  receiptCode: string;
  advertisementCode: string;
  postNameEn?: string | null;
  postNameNp?: string | null;
  maskedName: string;
  submittedOn: string;
  status: ApplicationStatus;
  paymentState: PaymentState;
};

export type Paged<T> = { items: T[]; total: number };

export const APPLICATION_CALLS = {
  vacancies: 'psc.vacancies',
  vacancy: 'psc.vacancy',
  feeQuote: 'psc.vacancy.feeQuote',
  submit: 'psc.applications.submit',
  applications: 'psc.applications',
  application: 'psc.application',
  examCentre: 'psc.application.examCentre',
  quotas: 'psc.application.quotas',
  reapply: 'psc.application.reapply',
  convert: 'psc.application.convertDoubleFee',
} as const;

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The lists may answer an array or { items, total }; the screens read one shape. */
function pagedOf<T>(data: T[] | Paged<T>): Paged<T> {
  return Array.isArray(data) ? { items: data, total: data.length } : data;
}

export async function fetchVacancies(params: { search?: string; organizationId?: number; page: number; pageSize: number }) {
  const result = await trackRequest(APPLICATION_CALLS.vacancies, () => apiClient.request<Vacancy[] | Paged<Vacancy>>(`/psc/vacancies${query(params)}`));
  return result.ok ? { ...result, data: pagedOf(result.data) } : result;
}

export function fetchVacancy(advertisementId: number) {
  return trackRequest(APPLICATION_CALLS.vacancy, () => apiClient.request<VacancyDetail>(`/psc/vacancies/${advertisementId}`));
}

/** The fee is always the server's (core's one fee rule), never computed here. */
export function fetchFeeQuote(advertisementId: number, body: { quotaIds: number[]; serviceCount?: number; clusterCount?: number }) {
  return trackRequest(APPLICATION_CALLS.feeQuote, () =>
    apiClient.request<FeeQuoteAnswer>(`/psc/vacancies/${advertisementId}/fee-quote`, { method: 'POST', body, silent: true }),
  );
}

export type SubmitBody = {
  advertisementId: number;
  advertisementQuotaIds: number[];
  facultyId: number | null;
  optionalSubjectId: number | null;
  examCentreId: number;
  qualificationAnswers: Record<string, boolean | string>;
  acceptTerms: true;
};

export function submitApplication(body: SubmitBody) {
  return trackRequest(APPLICATION_CALLS.submit, () => apiClient.request<SubmitAnswer>('/psc/applications', { method: 'POST', body }));
}

export async function fetchMyApplications(params: { status?: string; paymentState?: string; outcome?: 'approved'; page: number; pageSize: number }) {
  const result = await trackRequest(APPLICATION_CALLS.applications, () =>
    apiClient.request<ApplicationRow[] | Paged<ApplicationRow>>(`/psc/applications${query(params)}`),
  );
  return result.ok ? { ...result, data: pagedOf(result.data) } : result;
}

export function fetchMyApplication(applicationId: number) {
  return trackRequest(APPLICATION_CALLS.application, () => apiClient.request<ApplicationDetail>(`/psc/applications/${applicationId}`));
}

export function changeExamCentre(applicationId: number, examCentreId: number) {
  return trackRequest(APPLICATION_CALLS.examCentre, () =>
    apiClient.request<unknown>(`/psc/applications/${applicationId}/exam-centre`, { method: 'PUT', body: { examCentreId } }),
  );
}

export function addQuotas(applicationId: number, advertisementQuotaIds: number[]) {
  return trackRequest(APPLICATION_CALLS.quotas, () =>
    apiClient.request<unknown>(`/psc/applications/${applicationId}/quotas`, { method: 'POST', body: { advertisementQuotaIds } }),
  );
}

export function reapply(applicationId: number) {
  return trackRequest(APPLICATION_CALLS.reapply, () => apiClient.request<SubmitAnswer | unknown>(`/psc/applications/${applicationId}/reapply`, { method: 'POST', body: {} }));
}

export function convertToDoubleFee(applicationId: number) {
  return trackRequest(APPLICATION_CALLS.convert, () =>
    apiClient.request<unknown>(`/psc/applications/${applicationId}/convert-double-fee`, { method: 'POST', body: {} }),
  );
}

/** Anyone may verify a receipt by its code. */
export function verifyReceipt(receiptCode: string) {
  return apiClient.request<PublicReceipt>(`/public/receipts/${encodeURIComponent(receiptCode)}`, { auth: 'none', silent: true });
}
