import type { Language } from '@psc/core';
import {
  AdmitCard,
  ApplicationForm,
  AttendanceSheet,
  DoorList,
  renderDocumentsHtml,
  RoomList,
  type AdmitCardData,
  type ApplicationFormData,
  type AttendanceSheetData,
  type DoorListData,
  type RoomListData,
} from '@psc/print-templates';
import { createElement, type ReactElement } from 'react';

// The exam documents as print-templates' components (DESIGN "Documents": one component per
// document, fed plain data). One place maps each document's data to its element, so the
// candidate's PDF, the staff batches and the cached PDFs all print the same thing.

export type PrintKind = 'admit-cards' | 'attendance' | 'room-list' | 'door-list';

export type PrintedDocuments =
  | { kind: 'admit-cards'; documents: AdmitCardData[] }
  | { kind: 'attendance'; documents: AttendanceSheetData[] }
  | { kind: 'room-list'; documents: RoomListData[] }
  | { kind: 'door-list'; documents: DoorListData[] };

function elementsOf(batch: PrintedDocuments, lang: Language): ReactElement[] {
  switch (batch.kind) {
    case 'admit-cards':
      return batch.documents.map((card) => createElement(AdmitCard, { card, lang }));
    case 'attendance':
      return batch.documents.map((sheet) => createElement(AttendanceSheet, { sheet, lang }));
    case 'room-list':
      return batch.documents.map((list) => createElement(RoomList, { list, lang }));
    case 'door-list':
      return batch.documents.map((list) => createElement(DoorList, { list, lang }));
  }
}

/** A batch's documents in the language they print in: what a compose worker turns into one page set. */
export type PrintedDocumentsPart = { batch: PrintedDocuments; lang: Language };

/** One HTML page set of a batch's documents. */
export function printedDocumentsHtml(batch: PrintedDocuments, lang: Language): string {
  return renderDocumentsHtml(elementsOf(batch, lang), { lang });
}

/** One HTML page set of these admit cards. */
export function admitCardsHtml(cards: AdmitCardData[], lang: Language): string {
  return printedDocumentsHtml({ kind: 'admit-cards', documents: cards }, lang);
}

/** One HTML page set of a candidate's filled application form (spec §2 generate/form). */
export function applicationFormHtml(form: ApplicationFormData, lang: Language): string {
  return renderDocumentsHtml([createElement(ApplicationForm, { form, lang })], { lang });
}
