import type { PrintBatch, PrintKind } from '../../../../main/services/contract';
import { query } from '../../staff/staff-api';

// The API's print routes (spec §2 download/admitCard [DA], download/old/admitCard; generate/form [MC]).

export type PrintRoom = { roomId: number; roomNumber: string; candidates: number };
export type PrintCentre = { venueId: number; nameEn: string; nameNp: string; rooms: PrintRoom[] };
export type PrintSitting = {
  allocationId: number;
  advertisementId: number;
  advertisementCode: string;
  postNameEn: string;
  postNameNp: string;
  paperNameEn: string;
  paperNameNp: string;
  dateAd: string | null;
  dateBs: string | null;
  startTime: string | null;
  centres: PrintCentre[];
};

/** One file to print, as the API lists it: the service's batch plus its document count. */
export type PrintBatchRow = PrintBatch & { documents: number };

export const PRINT_KINDS: readonly PrintKind[] = ['admit-cards', 'attendance', 'room-list', 'door-list'];

export type BatchScope = { allocationId: number; kind: PrintKind; venueId?: number | undefined; roomId?: number | undefined };

export const sittingsPath = (old: boolean) => `/api/admin/print/sittings${query({ old: String(old) })}`;
export const batchesPath = (scope: BatchScope) => `/api/admin/print/batches${query(scope)}`;

/** The browser build downloads each batch as the API prints it. */
export const batchPdfPath = (batch: PrintBatch, lang: string) =>
  `/api/admin/print/batch-pdf${query({ allocationId: batch.allocationId, kind: batch.kind, venueId: batch.venueId, roomId: batch.roomId, part: batch.part, lang })}`;

export type ApplicationFormRow = {
  applicationId: number;
  advertisementCode: string;
  rollNumber: string | null;
  nameEn: string;
  nameNp: string | null;
  masterId: number | string | null;
  receiptCode: string | null;
};

export const applicationFormsPath = (advertisementId: number | null, search: string, page: number) =>
  `/api/admin/application-forms${query({ advertisementId, search, page })}`;
export const applicationFormPdfPath = (applicationId: number, lang: string) => `/api/admin/application-forms/${applicationId}/pdf${query({ lang })}`;
