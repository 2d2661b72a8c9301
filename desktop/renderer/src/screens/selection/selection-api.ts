import type { QuotaSummary, SelectionRules } from '@psc/core';
import { callApi } from '../../staff/staff-api';

// The selection API's shapes and calls (api/src/selection), for the screens of this folder.

export type SelectionKind = 'written' | 'final';
export type Outcome = 'shortlisted' | 'selected' | 'alternate';

export const SELECTION_BASE: Record<SelectionKind, { add: string; view: string; route: { add: string; view: string } }> = {
  written: { add: '/api/admin/written-selection/add', view: '/api/admin/written-selection/view', route: { add: '/admin/written-selection/add', view: '/admin/written-selection/view' } },
  final: {
    add: '/api/admin/finalSelection/add-new-selection',
    view: '/api/admin/finalSelection/view-new-selection',
    route: { add: '/admin/finalSelection/add-new-selection', view: '/admin/finalSelection/view-new-selection' },
  },
};

export type SelectionAdvertisement = { id: number; code: string; candidates: number; writtenPublishedId: number | null; finalPublishedId: number | null };

export type PreviewEntry = { applicationId: number; rollNumber: number; quotaCode: string; position: number; totalMarks: number; outcome: Outcome };
export type SelectionPreview = { advertisement: { id: number; code: string }; rules: SelectionRules; considered: number; quotas: QuotaSummary[]; entries: PreviewEntry[]; withheld: unknown[] };

export type SelectionListRow = { id: number; advertisementId: number; advertisementCode: string; status: 'draft' | 'published'; createdAt: string | null; publishedAt: string | null; interviewAt: string | null; entries: number };

export type SelectionEntryRow = {
  applicationId: number;
  rollNumber: number;
  quotaCode: string;
  quotaNameEn: string;
  quotaNameNp: string;
  position: number;
  totalMarks: number | null;
  outcome: Outcome;
  nameEn: string;
  nameNp: string | null;
  isWithheld: boolean;
};

export type SelectionDetail = {
  id: number;
  kind: SelectionKind;
  advertisementId: number;
  advertisementCode: string;
  status: 'draft' | 'published';
  rules: SelectionRules;
  considered: number | null;
  quotas: (QuotaSummary & { quotaNameEn: string; quotaNameNp: string })[];
  withheldCount: number;
  interviewAt: string | null;
  interviewPlaceEn: string | null;
  interviewPlaceNp: string | null;
  total: number;
  entries: SelectionEntryRow[];
};

export type WithholdRow = { id: number; applicationId: number; rollNumber: number | null; nameEn: string; nameNp: string | null; reason: string; orderReference: string | null; withheldAt: string; releasedAt: string | null };

export type PreviousMatch = {
  applicationId: number;
  rollNumber: number;
  nameEn: string;
  nameNp: string | null;
  matchedBy: 'account' | 'citizenship';
  where: 'same-advertisement' | 'other-advertisement';
  previous: { selectionId: number; advertisementCode: string; applicationId: number; rollNumber: number; nameEn: string };
};

export type SelectionBody = {
  advertisementId: number;
  rules?: Partial<SelectionRules>;
  interviewAt?: string | null;
  interviewPlaceEn?: string | null;
  interviewPlaceNp?: string | null;
  notes?: string | null;
};

export const previewSelection = (kind: SelectionKind, body: SelectionBody) => callApi<SelectionPreview>(`${SELECTION_BASE[kind].add}/preview`, { method: 'POST', body: { advertisementId: body.advertisementId, rules: body.rules } });
export const saveSelection = (kind: SelectionKind, body: SelectionBody) => callApi<{ id: number }>(SELECTION_BASE[kind].add, { method: 'POST', body });
export const publishSelection = (kind: SelectionKind, id: number) => callApi<{ smsQueued: number; mailsQueued: number }>(`${SELECTION_BASE[kind].view}/${id}/publish`, { method: 'POST' });
export const unpublishSelection = (kind: SelectionKind, id: number) => callApi<{ id: number }>(`${SELECTION_BASE[kind].view}/${id}/unpublish`, { method: 'POST' });
export const deleteSelection = (kind: SelectionKind, id: number) => callApi<{ id: number }>(`${SELECTION_BASE[kind].view}/${id}`, { method: 'DELETE' });
export const withholdResult = (body: { advertisementId: number; applicationId: number; reason: string; orderReference?: string | null }) =>
  callApi<{ id: number }>('/api/admin/result-withholds', { method: 'POST', body });
export const releaseResult = (id: number) => callApi<{ id: number }>(`/api/admin/result-withholds/${id}/release`, { method: 'POST' });
