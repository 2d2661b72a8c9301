// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { formatBsAdDate, localizeDigits, SeatCells } from './document-parts';
import type { RoomListData } from './exam-documents';
import { SITTING_HEADING_CSS, SittingHeading } from './sitting-heading';

const ROOM_LIST_LABELS = {
  ne: { title: 'कोठाको सिट सूची', room: 'कोठा', seat: 'सिट', rollNumber: 'रोल नं.', name: 'उम्मेदवारको नाम', total: 'जम्मा उम्मेदवार', printedOn: 'मुद्रण मिति' },
  en: { title: 'Room seat list', room: 'Room', seat: 'Seat', rollNumber: 'Roll number', name: "Candidate's name", total: 'Candidates', printedOn: 'Printed on' },
} satisfies Record<Language, object>;

// Posted on the room's door and read from a step away: large type, no photographs, the room
// number as big as the roll numbers it lists.
const ROOM_LIST_CSS = `
${SITTING_HEADING_CSS}
.room-list-room { text-align: center; font-size: 26pt; font-weight: 700; margin: 0 0 3mm; line-height: 1.2; }
.room-list-table { width: calc(100% - 1pt); table-layout: fixed; font-size: 14pt; line-height: 1.3; }
.room-list-table th, .room-list-table td { border: 0.75pt solid #000; padding: 1.4mm 2mm; text-align: start; vertical-align: middle; overflow-wrap: anywhere; }
.room-list-table thead { display: table-header-group; }
.room-list-table th { background: #e6e6e6; font-weight: 700; font-size: 12pt; }
.room-list-table tbody tr { break-inside: avoid; }
.room-list-table .roll { font-weight: 700; }
.room-list-table .name-other { display: block; font-size: 11pt; }
.room-list-foot { display: flex; justify-content: space-between; margin-top: 3mm; font-size: 11pt; break-inside: avoid; }
.room-list-foot p { margin: 0; }
`;

/** One room's seat list for its door: seat, roll number and name of each candidate, in seat order. */
export function RoomList({ list, lang }: { list: RoomListData; lang: Language }) {
  const labels = ROOM_LIST_LABELS[lang];
  return (
    <section className="room-list">
      <style href="psc-room-list" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {ROOM_LIST_CSS}
      </style>
      <SittingHeading sitting={list.sitting} title={labels.title} lang={lang} room={list} />
      <p className="room-list-room">
        {labels.room} {localizeDigits(list.roomNumber, lang)}
      </p>
      <table className="room-list-table">
        <colgroup>
          <col style={{ width: '14%' }} />
          <col style={{ width: '26%' }} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th>{labels.seat}</th>
            <th>{labels.rollNumber}</th>
            <th>{labels.name}</th>
          </tr>
        </thead>
        <tbody>
          {list.candidates.map((candidate) => (
            <tr key={candidate.rollNumber}>
              <SeatCells candidate={candidate} lang={lang} />
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="room-list-foot">
        <p>
          {labels.total}: <strong>{localizeDigits(list.candidates.length, lang)}</strong>
        </p>
        <p>
          {labels.printedOn}: {formatBsAdDate(list.printedOnBs, list.printedOnAd, lang)}
        </p>
      </footer>
    </section>
  );
}
