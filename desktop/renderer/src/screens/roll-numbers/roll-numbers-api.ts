import { callApi } from '../../staff/staff-api';

// Roll numbers [SA] (api/src/roll-numbers/routes.ts), typed as the API answers.

export type RollRange = { rollFrom: number; rollTo: number };

export type RollNumberAdvertisementRow = {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  approved: number;
  numbered: number;
  rollFrom: number | null;
  rollTo: number | null;
  admitCardsIssuedAt: string | null;
};

export type RollNumberCentre = { examCentreId: number; nameEn: string; nameNp: string; rollFrom: number; rollTo: number; count: number };
export type RollNumberRun = { id: number; action: 'generate' | 'regenerate' | 'assign-late'; rollFrom: number; rollTo: number; assignedCount: number; actor: string; at: string };

export type RollNumberAdvertisement = {
  id: number;
  code: string;
  fiscalYear: string;
  officeNameEn: string;
  officeNameNp: string;
  postNameEn: string | null;
  postNameNp: string | null;
  finalised: boolean;
  approved: number;
  missing: number;
  configuredRanges: RollRange[];
  takenRanges: (RollRange & { advertisementCode: string })[];
  suggestedRange: RollRange | null;
  range: RollRange | null;
  generatedAt: string | null;
  admitCardsIssuedAt: string | null;
  byCentre: RollNumberCentre[];
  history: RollNumberRun[];
};

export const rollNumberAdvertisementsPath = '/api/admin/roll-numbers/advertisements';
export const rollNumberAdvertisementPath = (id: number) => `/api/admin/roll-numbers/advertisements/${id}`;

export type RollNumberOutcome = { advertisementId: number; advertisementCode: string; action: string; rollFrom: number; rollTo: number; assigned: number };

export function generateRollNumbers(body: { advertisementCode: string; rollFrom: number | null; rollTo: number | null }) {
  return callApi<RollNumberOutcome>('/api/admin/roll-numbers/generate', { method: 'POST', body });
}

export function assignLateRollNumbers(advertisementCode: string) {
  return callApi<RollNumberOutcome>('/api/admin/roll-numbers/assign-late', { method: 'POST', body: { advertisementCode } });
}
