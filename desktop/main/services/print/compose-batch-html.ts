import * as templates from '@psc/print-templates';
import { createElement, type ComponentType } from 'react';
import type { ComposeBatchHtml } from './print-jobs';
import type { PrintKind } from './types';

// DESIGN "Documents": the workstation prints with the very components the API renders from, one
// per document (print-templates/), fed the plain data of GET /api/admin/print/batch-data.
const DOCUMENT_COMPONENTS: Record<PrintKind, { component: string; prop: string }> = {
  'admit-cards': { component: 'AdmitCard', prop: 'card' },
  attendance: { component: 'AttendanceSheet', prop: 'sheet' },
  'room-list': { component: 'RoomList', prop: 'list' },
  'door-list': { component: 'DoorList', prop: 'list' },
};

/** One batch's documents as one HTML page set, each document on its own sheets. */
export const composeBatchHtml = (...[kind, documents, lang]: Parameters<ComposeBatchHtml>): string => {
  const { component, prop } = DOCUMENT_COMPONENTS[kind];
  // Looked up by name so the workstation builds while the document components are still landing.
  const Component = (templates as unknown as Record<string, unknown>)[component] as ComponentType<Record<string, unknown>> | undefined;
  if (typeof Component !== 'function') throw new Error(`@psc/print-templates exports no ${component}`);
  const elements = documents.map((document) => createElement(Component, { [prop]: document, lang }));
  return templates.renderDocumentsHtml(elements, { lang });
};
