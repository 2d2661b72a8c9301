import type { Language } from '@psc/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PrintDocument } from './document-shell';

export type RenderHtmlOptions = {
  lang: Language;
  /** Title in the PDF metadata; defaults to the commission's generic one. */
  title?: string;
};

const DEFAULT_TITLE = 'Public Service Commission';

/**
 * One HTML page set holding several documents, each starting on a new sheet: the unit a batch
 * prints in one go, so the embedded font and each document type's styles appear once per chunk,
 * not once per admit card.
 */
export function renderDocumentsHtml(documents: readonly ReactElement[], { lang, title = DEFAULT_TITLE }: RenderHtmlOptions): string {
  const sheets = documents.map((document, index) =>
    createElement('div', { key: index, className: 'print-document' }, document),
  );
  const markup = renderToStaticMarkup(createElement(PrintDocument, { lang, title, children: sheets }));
  return `<!doctype html>${markup}`;
}

/** The full HTML of one printed document (which may run over several pages). */
export function renderDocumentHtml(document: ReactElement, options: RenderHtmlOptions): string {
  return renderDocumentsHtml([document], options);
}
