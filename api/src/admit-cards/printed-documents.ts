import { translate, type Language } from '@psc/core';
import { PrintedList, renderDocumentsHtml, type AdmitCardData } from '@psc/print-templates';
import { createElement, type ReactElement } from 'react';

// The exam documents as print-templates' components (DESIGN "Documents": one component per
// document, fed plain data). One place maps each document's data to its element, so the routes,
// the batches and the cached PDFs all print the same thing.

const nameIn = (lang: Language, text: { en: string; np: string }) => (lang === 'ne' ? text.np || text.en : text.en);

export function admitCardElement(card: AdmitCardData, lang: Language): ReactElement {
  return createElement(PrintedList, {
    lang,
    title: `${nameIn(lang, card.commission)} · ${card.advertisementCode} · ${card.rollNumber}`,
    subtitle: `${nameIn(lang, card.candidate.name)} · ${nameIn(lang, card.post)}`,
    columns: [{ header: translate(lang, 'centreReport.centre') }, { header: translate(lang, 'centreReport.room') }, { header: translate(lang, 'centreReport.seats') }],
    rows: card.papers.map((paper) => [`${nameIn(lang, paper.name)} ${paper.dateAd} ${paper.startTime} ${nameIn(lang, paper.centre.name)}`, paper.roomNumber, String(paper.seatNumber)]),
    printedOnAd: card.issuedOnAd,
  });
}

/** One HTML page set of these admit cards. */
export function admitCardsHtml(cards: readonly AdmitCardData[], lang: Language): string {
  return renderDocumentsHtml(
    cards.map((card) => admitCardElement(card, lang)),
    { lang },
  );
}
