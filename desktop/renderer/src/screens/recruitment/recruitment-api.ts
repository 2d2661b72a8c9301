import type { AdvertisementAction, AdvertisementStatus } from '@psc/core';
import type { ApiResult } from '../../api/api-client';
import { callApi, uploadForm } from '../../staff/staff-api';

export { checkRequisitionDocument, DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, historyOf, joined, nameOf, numberLabelsOf, type DocumentIssue } from './recruitment-rules';

// The staff recruitment API as the workstation reads it (requisitions [RQ], percentage distribution
// [PD], advertisements [PA], promotions and relevance [MC]). Shapes follow the API's answers;
// fields a screen only shows are optional, so an answer with fewer fields still renders.

export type Named = { nameEn?: string | null; nameNp?: string | null };

export type RequisitionKind = 'post' | 'service';
export type RequisitionStatus = 'submitted' | 'approved' | 'rejected';

/** The body of POST/PUT /api/admin/requisitions (spec §3 Requisition). */
export type RequisitionInput = {
  kind: RequisitionKind;
  requisitionNo: string;
  fiscalYear: string;
  serviceId: number;
  groupId?: number | null;
  subgroupId?: number | null;
  classId: number;
  postId?: number | null;
  demandOrganizationId: number;
  requestOrganizationId: number;
  clusterId?: number | null;
  totalVacancy: number;
  proposedOpen: number;
  proposedFemale: number;
  proposedInternal: number;
  proposedMadhesi: number;
  applicationFee: number;
  internalCompetitionFee: number;
  extraQuotaFee: number;
  extraServiceFee: number;
  extraClusterFee: number;
  workSummary?: string | null;
  requisitionRemarks?: string | null;
  remarks?: string | null;
  requestedDate: string;
  documentFileId?: string | null;
};

export type RequisitionRow = RequisitionInput & {
  id: number;
  status: RequisitionStatus;
  service?: Named | null;
  group?: Named | null;
  subgroup?: Named | null;
  class?: Named | null;
  post?: Named | null;
  demandOrganization?: Named | null;
  requestOrganization?: Named | null;
  cluster?: Named | null;
  createdByName?: string | null;
  createdByNameNp?: string | null;
  createdBy?: number | string | { id?: number; name?: string; username?: string } | null;
  createdAt?: string;
  approvalRemarks?: string | null;
  decidedAt?: string | null;
  decidedByName?: string | null;
  decidedByNameNp?: string | null;
  document?: { fileId: string; contentType?: string; byteSize?: number; originalName?: string } | null;
};

export type StoredDocument = { fileId: string; contentType: string; byteSize: number; originalName: string };

export type DistributionStatus = 'none' | 'pending' | 'approved' | 'rejected';

export type DistributionRequest = RequisitionRow & { distributionStatus?: DistributionStatus; distributionId?: number | null };

export type AdvertisementNumber = { id: number; number: number; fiscalYear: string; label: string };

export type DistributionLineInput = { quotaId: number | null; vacancies: number | null; advertisementNumberId: number | null };

export type DistributionRow = {
  id: number;
  requisitionId: number;
  method: 'manual' | 'automatic';
  status: 'pending' | 'approved' | 'rejected';
  remarks?: string | null;
  decisionRemarks?: string | null;
  totalVacancy?: number;
  requisition?: RequisitionRow | null;
  requisitionNo?: string;
  post?: Named | null;
  class?: Named | null;
  service?: Named | null;
  createdByName?: string | null;
  createdByNameNp?: string | null;
  createdAt?: string;
  lines?: { quotaId: number; vacancies: number; advertisementNumberId: number; quota?: Named & { code?: string }; numberLabel?: string; label?: string; quotaCode?: string; nameEn?: string; nameNp?: string }[];
  advertisementId?: number | null;
};

export type AdvertisementQuota = {
  id?: number;
  quotaId: number;
  quotaCode?: string;
  code?: string;
  nameEn?: string;
  nameNp?: string;
  vacancies: number;
  advertisementNumberId?: number;
  numberLabel?: string | null;
  label?: string | null;
  previousNumberLabel?: string | null;
  previousLabel?: string | null;
};

export type StatusChange = {
  id?: number;
  action: string;
  fromStatus?: string | null;
  toStatus: string;
  remarks?: string | null;
  actorName?: string | null;
  actorNameEn?: string | null;
  actorNameNp?: string | null;
  changedAt: string;
};

export type AdvertisementDatesInput = {
  publishDate: string | null;
  paymentLastDate: string | null;
  lastDateForSubmission: string | null;
  doubleFeeLastDate: string | null;
  ageCutOffDate: string | null;
  reapplyFrom: string | null;
  reapplyTo: string | null;
};

export type AdvertisementRow = Partial<AdvertisementDatesInput> & {
  id: number;
  code: string;
  fiscalYear: string;
  requisitionId?: number;
  classId?: number;
  status: AdvertisementStatus;
  totalVacancy: number;
  post?: Named | null;
  class?: Named | null;
  service?: Named | null;
  group?: Named | null;
  organization?: Named | null;
  quotas?: AdvertisementQuota[];
};

export type AdvertisementDetail = AdvertisementRow & {
  minAgeYears?: number;
  maxAgeYears?: number;
  maxAgeYearsRelaxed?: number;
  applicationFee?: number;
  internalCompetitionFee?: number;
  extraQuotaFee?: number;
  extraServiceFee?: number;
  extraClusterFee?: number;
  statusRemarks?: string | null;
  examCentres?: (Named & { id: number })[];
  optionalSubjects?: (Named & { id: number })[];
  examCentreIds?: number[];
  optionalSubjectIds?: number[];
  allowedActions: AdvertisementAction[];
  history?: StatusChange[];
  statusHistory?: StatusChange[];
};

export type PromotionRow = {
  id: number;
  fiscalYear: string;
  promotionTypeId: number;
  serviceId: number;
  groupId?: number | null;
  classId: number;
  postId?: number | null;
  vacancies: number;
  area?: string | null;
  fee: number;
  decisionId?: number | null;
  decisionNo?: string | null;
  status: 'draft' | 'live' | 'rejected';
  remarks?: string | null;
  decisionRemarks?: string | null;
  createdAt?: string;
};

export type RelevanceRow = {
  id: number;
  serviceId: number;
  groupId?: number | null;
  facultyId: number;
  decisionId?: number | null;
  decisionNo?: string | null;
  descriptionEn?: string | null;
  descriptionNp?: string | null;
  createdAt?: string;
};

/** The requisition document (image or PDF under 500 KB), uploaded before the requisition is saved. */
export function uploadRequisitionDocument(file: File): Promise<ApiResult<StoredDocument>> {
  return uploadForm<StoredDocument>('/api/admin/requisitions/documents', () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  });
}

/** Opens the stored requisition document in a new window (bytes fetched with the bearer token). */
export async function openRequisitionDocument(fileId: string): Promise<ApiResult<Blob>> {
  const result = await callApi<Blob>(`/api/admin/requisitions/documents/${fileId}`, { as: 'blob' });
  if (result.ok) window.open(URL.createObjectURL(result.data), '_blank', 'noopener');
  return result;
}
