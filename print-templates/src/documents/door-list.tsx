// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { formatBsAdDate, inLanguage, localizeDigits } from './document-parts';
import type { DoorListData } from './exam-documents';
import { SITTING_HEADING_CSS, SittingHeading } from './sitting-heading';

const DOOR_LIST_LABELS = {
  ne: {
    title: 'परीक्षा भवनको कोठा विवरण',
    room: 'कोठा',
    floor: 'तला',
    rollFrom: 'रोल नं. देखि',
    rollTo: 'रोल नं. सम्म',
    candidates: 'उम्मेदवार संख्या',
    total: 'जम्मा',
    chief: 'केन्द्राध्यक्ष',
    noRooms: 'कुनै कोठा छैन',
    printedOn: 'मुद्रण मिति',
  },
  en: {
    title: 'Rooms of the exam centre',
    room: 'Room',
    floor: 'Floor',
    rollFrom: 'Roll number from',
    rollTo: 'Roll number to',
    candidates: 'Candidates',
    total: 'Total',
    chief: 'Centre chief',
    noRooms: 'No rooms',
    printedOn: 'Printed on',
  },
} satisfies Record<Language, object>;

// Posted at the centre's gate: a candidate finds their roll number's range and walks to the room.
const DOOR_LIST_CSS = `
${SITTING_HEADING_CSS}
.door-list-table { width: calc(100% - 1pt); table-layout: fixed; font-size: 15pt; line-height: 1.3; margin-top: 2mm; }
.door-list-table th, .door-list-table td { border: 0.75pt solid #000; padding: 2mm 2.4mm; text-align: start; vertical-align: middle; overflow-wrap: anywhere; }
.door-list-table thead { display: table-header-group; }
.door-list-table th { background: #e6e6e6; font-weight: 700; font-size: 12pt; }
.door-list-table tr { break-inside: avoid; }
.door-list-table .room { font-weight: 700; font-size: 18pt; }
.door-list-table .number { text-align: end; }
.door-list-table tfoot td { font-weight: 700; }
.door-list-foot { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 6mm; font-size: 11pt; break-inside: avoid; }
.door-list-foot p { margin: 0; }
`;

/** A centre's gate list: each room with its floor, the range of roll numbers seated there and how many. */
export function DoorList({ list, lang }: { list: DoorListData; lang: Language }) {
  const labels = DOOR_LIST_LABELS[lang];
  const total = list.rooms.reduce((sum, room) => sum + room.candidates, 0);
  return (
    <section className="door-list">
      <style href="psc-door-list" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {DOOR_LIST_CSS}
      </style>
      <SittingHeading sitting={list.sitting} title={labels.title} lang={lang} />
      <table className="door-list-table">
        <colgroup>
          <col style={{ width: '18%' }} />
          <col style={{ width: '20%' }} />
          <col style={{ width: '22%' }} />
          <col style={{ width: '22%' }} />
          <col style={{ width: '18%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>{labels.room}</th>
            <th>{labels.floor}</th>
            <th>{labels.rollFrom}</th>
            <th>{labels.rollTo}</th>
            <th className="number">{labels.candidates}</th>
          </tr>
        </thead>
        <tbody>
          {list.rooms.length === 0 ? (
            <tr>
              <td colSpan={5}>{labels.noRooms}</td>
            </tr>
          ) : (
            list.rooms.map((room) => (
              <tr key={room.roomNumber}>
                <td className="room">{localizeDigits(room.roomNumber, lang)}</td>
                <td>{room.floor ? localizeDigits(room.floor, lang) : null}</td>
                <td>{localizeDigits(room.rollFrom, lang)}</td>
                <td>{localizeDigits(room.rollTo, lang)}</td>
                <td className="number">{localizeDigits(room.candidates, lang)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4}>{labels.total}</td>
            <td className="number">{localizeDigits(total, lang)}</td>
          </tr>
        </tfoot>
      </table>
      <footer className="door-list-foot">
        <p>
          {labels.chief}: {list.chief ? `${inLanguage(list.chief.name, lang)} (${inLanguage(list.chief.post, lang)})` : '____________________'}
        </p>
        <p>
          {labels.printedOn}: {formatBsAdDate(list.printedOnBs, list.printedOnAd, lang)}
        </p>
      </footer>
    </section>
  );
}
