import { adToBs, formatAdDate, formatBsDate, formatDigits, type Language } from '@psc/core';
import { Descriptions, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLanguage, type TextKey } from '../i18n/use-language';
import { callApi, query } from '../staff/staff-api';

// What the room allocation, invigilator allocation and exam-centre report screens share: the
// API's answers (api/src/room-allocation/routes.ts), the status tag and a range's heading.

export type SeatingStatus = 'pending' | 'temporary' | 'forwarded' | 'final';

export type SeatingRange = {
  id: number;
  allocationId: number;
  allocationStatus: 'temporary' | 'final' | 'complete';
  advertisementId: number;
  advertisementCode: string;
  examPaperId: number;
  paperNameEn: string;
  paperNameNp: string;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number;
  venueId: number;
  venueNameEn: string;
  venueNameNp: string;
  rollFrom: number;
  rollTo: number;
  candidates: number;
  roomStatus: SeatingStatus;
  invigilatorStatus: SeatingStatus;
};

export type RangeListRow = SeatingRange & { rooms: number; seats: number };
export type RoomShare = { roomId: number; rollFrom: number; rollTo: number; candidates: number };
export type RangeRooms = {
  range: SeatingRange;
  suggested: boolean;
  problem: { messageKey: string } | null;
  seats: number;
  rooms: { roomId: number; roomNumber: string; floor: string | null; seats: number; share: RoomShare | null; invigilatorsNeeded: number }[];
};
export type Invigilator = { id: number; nameEn: string; nameNp: string; employeeNo: string | null; isChief: boolean; postNameEn: string | null; postNameNp: string | null; busy: { venueEn: string; venueNp: string; code: string } | null };
export type AssignedInvigilator = { invigilatorId: number; roomId: number | null; duty: 'chief' | 'room'; nameEn: string; nameNp: string; employeeNo: string | null; postNameEn: string | null; postNameNp: string | null };
export type RangeInvigilators = {
  range: SeatingRange;
  seatsPerInvigilator: number;
  rooms: { roomId: number; roomNumber: string; floor: string | null; seats: number; candidates: number; rollFrom: number; rollTo: number; invigilatorsNeeded: number }[];
  assigned: AssignedInvigilator[];
  invigilators: Invigilator[];
};
export type SeatedCandidate = { rollNumber: number; applicationId: number; nameEn: string; nameNp: string | null; roomId: number | null; roomNumber: string | null; seatNumber: number | null };

/** The invigilator routes are served twice: [PEC] under invigilator-allocation, [ES] under invigilator-duties. */
export type InvigilatorPrefix = 'invigilator-allocation' | 'invigilator-duties';

export const rangesPath = (status: SeatingStatus | undefined) => `/api/admin/room-allocation/ranges${query({ status })}`;
export const rangePath = (id: number) => `/api/admin/room-allocation/ranges/${id}`;
export const invigilatorRangesPath = (prefix: InvigilatorPrefix) => `/api/admin/${prefix}/ranges`;
export const invigilatorRangePath = (prefix: InvigilatorPrefix, id: number) => `/api/admin/${prefix}/ranges/${id}`;
export const candidatesPath = (prefix: InvigilatorPrefix, id: number, roomId: number | undefined, page: number, pageSize: number) =>
  `/api/admin/${prefix}/ranges/${id}/candidates${query({ roomId, page, pageSize })}`;

export const saveRooms = (id: number, shares: { roomId: number; rollFrom: string; rollTo: string }[] | undefined) => callApi<{ roomStatus: SeatingStatus }>(rangePath(id), { method: 'PUT', body: shares ? { shares } : {} });
export const forwardRooms = (id: number) => callApi<{ roomStatus: SeatingStatus }>(`${rangePath(id)}/forward`, { method: 'POST' });
export const finaliseRooms = (id: number) => callApi<{ roomStatus: SeatingStatus; seated: number }>(`${rangePath(id)}/final`, { method: 'POST' });
export const revertRooms = (id: number) => callApi<{ roomStatus: SeatingStatus }>(rangePath(id), { method: 'DELETE' });

/** The answer of a sitting-wide room step: how many centres were saved, left alone, and which could not be, with why. */
export type SittingRoomsAnswer = {
  allocationId: number;
  saved: number;
  skipped: number;
  seated: number;
  problems: { rangeId: number; venueId: number; venueNameEn: string; venueNameNp: string; rollFrom: number; rollTo: number; message: string }[];
};
const allocationPath = (allocationId: number) => `/api/admin/room-allocation/allocations/${allocationId}`;
export const saveSittingDefaultSplit = (allocationId: number) => callApi<SittingRoomsAnswer>(`${allocationPath(allocationId)}/default-split`, { method: 'PUT' });
export const finaliseSittingRooms = (allocationId: number) => callApi<SittingRoomsAnswer>(`${allocationPath(allocationId)}/final`, { method: 'POST' });

export const saveInvigilators = (prefix: InvigilatorPrefix, id: number, entries: { invigilatorId: number; roomId: number | null }[]) =>
  callApi<{ invigilatorStatus: SeatingStatus }>(invigilatorRangePath(prefix, id), { method: 'PUT', body: { entries } });
export const forwardInvigilators = (prefix: InvigilatorPrefix, id: number) => callApi<{ invigilatorStatus: SeatingStatus }>(`${invigilatorRangePath(prefix, id)}/forward`, { method: 'POST' });
export const finaliseInvigilators = (prefix: InvigilatorPrefix, id: number) => callApi<{ invigilatorStatus: SeatingStatus }>(`${invigilatorRangePath(prefix, id)}/final`, { method: 'POST' });
export const revertInvigilators = (prefix: InvigilatorPrefix, id: number) => callApi<{ invigilatorStatus: SeatingStatus }>(invigilatorRangePath(prefix, id), { method: 'DELETE' });

export const bilingual = (language: Language, en: string | null | undefined, np: string | null | undefined) => (language === 'ne' ? np || en : en || np) ?? '';

/** A sitting's day in B.S. with A.D. (spec §1) and its start time, in the language's digits. */
export function sittingTime(row: { examDate: string | null; startTime?: string | null }, language: Language) {
  if (!row.examDate) return '—';
  const day = `${formatBsDate(adToBs(row.examDate), language, 'long')} (${formatAdDate(row.examDate, language, 'long')})`;
  return row.startTime ? `${day} ${formatDigits(row.startTime, language)}` : day;
}

/** The first columns of every list of centres' ranges: advertisement, paper, sitting and centre. */
export function sittingCentreColumns<Row extends SeatingRange>(t: (key: TextKey) => string, language: Language): ColumnsType<Row> {
  return [
    { title: t('seating.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
    { title: t('seating.paper'), key: 'paper', render: (_, row) => bilingual(language, row.paperNameEn, row.paperNameNp) },
    { title: t('seating.sitting'), key: 'when', render: (_, row) => sittingTime(row, language) },
    { title: t('seating.centre'), key: 'centre', render: (_, row) => bilingual(language, row.venueNameEn, row.venueNameNp) },
  ];
}

export function SeatingStatusTag({ status, testId }: { status: SeatingStatus; testId?: string }) {
  const { t } = useLanguage();
  const color = { pending: 'default', temporary: 'blue', forwarded: 'orange', final: 'green' }[status];
  return (
    <Tag color={color} data-testid={testId}>
      {t(`seating.status.${status}` as TextKey)}
    </Tag>
  );
}

/** The sitting and centre a range belongs to, above each range screen. */
export function RangeHeading({ range }: { range: SeatingRange }) {
  const { t, language } = useLanguage();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="range-heading">
      <Descriptions.Item label={t('seating.advertisement')}>{formatDigits(range.advertisementCode, language)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.paper')}>{bilingual(language, range.paperNameEn, range.paperNameNp)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.sitting')}>{sittingTime(range, language)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.centre')}>{bilingual(language, range.venueNameEn, range.venueNameNp)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.rollRange')}>{formatDigits(`${range.rollFrom} - ${range.rollTo}`, language)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.candidates')}>{formatDigits(range.candidates, language)}</Descriptions.Item>
      <Descriptions.Item label={t('seating.roomStatus')}>
        <SeatingStatusTag status={range.roomStatus} testId="room-status" />
      </Descriptions.Item>
      <Descriptions.Item label={t('seating.invigilatorStatus')}>
        <SeatingStatusTag status={range.invigilatorStatus} testId="invigilator-status" />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Saves a downloaded workbook under the name given. */
export function saveDownload(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
