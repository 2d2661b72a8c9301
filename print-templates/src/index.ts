// @psc/print-templates: printed documents as React components fed plain data, rendered to static
// HTML with an embedded font, and printed to PDF by one long-lived Chromium.
export { PrintDocument, DOCUMENT_STYLE_PRECEDENCE, PRINT_FONT_FAMILY, readEmbeddedFontCss, type PrintDocumentProps } from './document-shell';
export { renderDocumentHtml, renderDocumentsHtml, type RenderHtmlOptions } from './render-html';
export { keepComposeWorker, serveComposeRequests, startComposeWorker, startComposeWorkerScript, type ComposeWorker, type KeptComposeWorker } from './compose-worker';
export { CHROMIUM_ARGS, CHROMIUM_PIPE, createPdfRenderer, type PdfChunk, type PdfRenderer, type PrintedPart, type PdfRendererOptions } from './render-pdf';
export { PRINT_LABELS, type PrintLabels } from './print-labels';
export { PrintedList, type PrintedListColumn, type PrintedListProps } from './documents/printed-list';
export { AdmitCard } from './documents/admit-card';
export { AttendanceSheet } from './documents/attendance-sheet';
export { RoomList } from './documents/room-list';
export { DoorList } from './documents/door-list';
export { ApplicationForm } from './documents/application-form';
export { Certificate } from './documents/certificate';
export { SelectionList, type SelectionListEntry, type SelectionListProps } from './documents/selection-list';
export type {
  AdmitCardData,
  AdmitCardPaper,
  ApplicationFormData,
  AttendanceSheetData,
  Bilingual,
  DoorListData,
  EmbeddedImage,
  FormField,
  PrintedCentre,
  PrintedInvigilator,
  PrintedSitting,
  RoomListData,
  SeatedCandidate,
} from './documents/exam-documents';
