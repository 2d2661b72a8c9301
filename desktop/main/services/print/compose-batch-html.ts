import {
  AdmitCard,
  AttendanceSheet,
  DoorList,
  renderDocumentsHtml,
  RoomList,
  type AdmitCardData,
  type AttendanceSheetData,
  type DoorListData,
  type RoomListData,
} from '@psc/print-templates';
import { createElement, type ReactElement } from 'react';
import type { ComposeBatchHtml } from './print-jobs';
import type { PrintKind } from './types';

// DESIGN "Documents": the workstation prints with the very components the API renders from, one
// per document (print-templates/), fed the plain data of GET /api/admin/print/batch-data.
const DOCUMENT_ELEMENTS: Record<PrintKind, (document: unknown, lang: 'ne' | 'en') => ReactElement> = {
  'admit-cards': (document, lang) => createElement(AdmitCard, { card: document as AdmitCardData, lang }),
  attendance: (document, lang) => createElement(AttendanceSheet, { sheet: document as AttendanceSheetData, lang }),
  'room-list': (document, lang) => createElement(RoomList, { list: document as RoomListData, lang }),
  'door-list': (document, lang) => createElement(DoorList, { list: document as DoorListData, lang }),
};

/** One batch's documents as one HTML page set, each document on its own sheets. */
export function composeBatchHtml(...[kind, documents, lang]: Parameters<ComposeBatchHtml>): string {
  const toElement = DOCUMENT_ELEMENTS[kind];
  return renderDocumentsHtml(
    documents.map((document) => toElement(document, lang)),
    { lang },
  );
}
