// The compose worker the tests start: seat slips as printed lists, and a slip without a roll
// number refused, as a composer's error.
import { createElement } from 'react';
import { serveComposeRequests } from './compose-worker';
import { PrintedList } from './documents/printed-list';
import { renderDocumentsHtml } from './render-html';

export type SeatSlip = { rollNumber: string; name: string };

export function composeSeatSlips(slips: SeatSlip[]): string {
  return renderDocumentsHtml(
    slips.map(({ rollNumber, name }) => {
      if (rollNumber === '') throw new Error(`No roll number for ${name}`);
      return createElement(PrintedList, { lang: 'en', title: `Seat slip ${rollNumber}`, columns: [{ header: 'Roll number' }, { header: 'Name' }], rows: [[rollNumber, name]], printedOnAd: '2024-07-31' });
    }),
    { lang: 'en' },
  );
}

if (process.env.PSC_COMPOSE_WORKER === 'seat-slips') serveComposeRequests(composeSeatSlips);
