import { formatDigits, type Language } from '@psc/core';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useApiQuery } from '../hooks/use-api-query';
import { useLanguage } from '../i18n/use-language';
import { callApi, uploadForm } from '../staff/staff-api';
import { saveFile } from './save-file';

// What the attendance and marks screens share (screens/results-upload and
// screens/results-verification): the API's shapes and calls, and the picker of a seated paper.

export type ResultSitting = {
  advertisementId: number;
  advertisementCode: string;
  examPaperId: number;
  paperEn: string;
  paperNp: string;
  fullMarks: number;
  passMarks: number;
  examDate: string | null;
  seated: number;
  rooms: { roomId: number; roomNumber: string; venueEn: string; venueNp: string }[];
};

export type ResultKind = 'attendance' | 'marks' | 'sheet-codes' | 'sheet-keys';
export type VerifiedPart = 'attendance' | 'marks';
export type RowStatus = 'pending' | 'verified';

export type UploadAnswer = { uploadId: number | null; rows: number; stored: number; keptVerified: number; joined: number; problemCount: number; problems: { row: number; column: string; message: string }[] };

export type ResultRow = {
  applicationId: number;
  examPaperId: number;
  rollNumber: number;
  masterId: number;
  nameEn: string;
  nameNp: string | null;
  paperEn: string;
  paperNp: string;
  isPresent: boolean | null;
  marks: number | null;
  isPass: boolean | null;
  remarks: string | null;
  status: RowStatus;
  uploadedBy: string;
  verifiedBy: string;
};

export const bilingualText = (language: Language, en: string | null | undefined, np: string | null | undefined) => (language === 'ne' ? np || en : en || np) ?? '';

export const sittingKey = (sitting: Pick<ResultSitting, 'advertisementId' | 'examPaperId'>) => `${sitting.advertisementId}-${sitting.examPaperId}`;

/** The seated papers, and a select of them; `value` is sittingKey(...). */
export function useResultSittings() {
  const list = useApiQuery<{ items: ResultSitting[] }>('/api/admin/results/sittings');
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  return { ...list, items, find: (key: string | undefined) => items.find((row) => sittingKey(row) === key) };
}

export function SittingSelect({ items, value, onChange }: { items: ResultSitting[]; value: string | undefined; onChange: (key: string | undefined) => void }) {
  const { t, language } = useLanguage();
  return (
    <Select<string>
      value={value}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('resultsScreen.sittingPlaceholder')}
      aria-label={t('resultsScreen.sittingPlaceholder')}
      style={{ width: 520 }}
      onChange={(key) => onChange(key)}
      data-testid="results-sitting"
      options={items.map((row) => ({
        value: sittingKey(row),
        label: `${formatDigits(row.advertisementCode, language)} · ${bilingualText(language, row.paperEn, row.paperNp)}${row.examDate ? ` · ${formatDigits(row.examDate, language)}` : ''} · ${formatDigits(row.seated, language)}`,
      }))}
    />
  );
}

export function RowStatusTag({ status }: { status: RowStatus | null }) {
  const { t } = useLanguage();
  if (!status) return null;
  return <Tag color={status === 'verified' ? 'green' : 'gold'}>{t(`resultsScreen.status.${status}`)}</Tag>;
}

export function YesNo({ value }: { value: boolean | null }) {
  const { t } = useLanguage();
  return value === null ? <>—</> : <>{t(value ? 'resultsScreen.yes' : 'resultsScreen.no')}</>;
}

/** Downloads a workbook route and saves it under the name given; answers the failure message, if any. */
export async function downloadWorkbook(path: string, fileName: string): Promise<string | null> {
  const answer = await callApi<Blob>(path, { as: 'blob' });
  if (!answer.ok) return answer.message;
  saveFile(answer.data, fileName);
  return null;
}

export function uploadResultWorkbook(kind: ResultKind, sitting: ResultSitting, file: File, options: { roomId?: number | undefined; storeClean: boolean }) {
  return uploadForm<UploadAnswer>(`/api/admin/results/${kind}/upload`, () => {
    const form = new FormData();
    form.append('advertisementId', String(sitting.advertisementId));
    form.append('examPaperId', String(sitting.examPaperId));
    if (options.roomId) form.append('roomId', String(options.roomId));
    if (options.storeClean) form.append('storeClean', 'true');
    form.append('file', file);
    return form;
  });
}

export function changeRowStatus(part: VerifiedPart, action: 'verify' | 'revert', body: { advertisementId: number; examPaperId: number; applicationIds?: number[] }) {
  return callApi<{ verified?: number; reverted?: number }>(`/api/admin/results/${part}/${action}`, { method: 'POST', body });
}
