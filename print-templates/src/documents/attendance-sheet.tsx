// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { formatBsAdDate, IMAGE_BOX_CSS, ImageBox, inLanguage, localizeDigits, SeatCells } from './document-parts';
import type { AttendanceSheetData } from './exam-documents';
import { SITTING_HEADING_CSS, SittingHeading } from './sitting-heading';

const ATTENDANCE_LABELS = {
  ne: {
    title: 'परीक्षार्थी हाजिरी पत्र',
    room: 'कोठा',
    seat: 'सिट',
    rollNumber: 'रोल नं.',
    name: 'उम्मेदवारको नाम',
    photo: 'फोटो',
    signature: 'दस्तखत',
    presence: 'उपस्थित / अनुपस्थित',
    totalCandidates: 'जम्मा उम्मेदवार',
    present: 'उपस्थित',
    absent: 'अनुपस्थित',
    invigilators: 'निरीक्षक',
    invigilatorPost: 'पद',
    invigilatorSignature: 'दस्तखत',
    chief: 'केन्द्राध्यक्षको दस्तखत',
    printedOn: 'मुद्रण मिति',
  },
  en: {
    title: 'Attendance sheet',
    room: 'Room',
    seat: 'Seat',
    rollNumber: 'Roll number',
    name: "Candidate's name",
    photo: 'Photograph',
    signature: 'Signature',
    presence: 'Present / absent',
    totalCandidates: 'Candidates',
    present: 'Present',
    absent: 'Absent',
    invigilators: 'Invigilators',
    invigilatorPost: 'Post',
    invigilatorSignature: 'Signature',
    chief: "Centre chief's signature",
    printedOn: 'Printed on',
  },
} satisfies Record<Language, object>;

// Rows of one height that never split: a room of 60 fills five pages the same way every time,
// and the header rows (room and columns) repeat on each so a loose page still names its room.
const ATTENDANCE_CSS = `
${IMAGE_BOX_CSS}
${SITTING_HEADING_CSS}
.attendance-sheet-table { width: calc(100% - 1pt); table-layout: fixed; font-size: 9.5pt; line-height: 1.3; }
.attendance-sheet-table th, .attendance-sheet-table td { border: 0.75pt solid #000; padding: 0.8mm 1.4mm; text-align: start; vertical-align: middle; overflow-wrap: anywhere; }
.attendance-sheet-table thead { display: table-header-group; }
.attendance-sheet-table th { background: #e6e6e6; font-weight: 700; }
.attendance-sheet-table .attendance-sheet-running { background: #fff; font-weight: 400; font-size: 8.5pt; }
.attendance-sheet-table tbody tr { break-inside: avoid; height: 16.5mm; }
.attendance-sheet-table .name-other { display: block; font-size: 8.5pt; }
.attendance-sheet-table .roll { font-weight: 700; }
.attendance-sheet-table .centered { text-align: center; }
.attendance-sheet .photo .image-box-frame { width: 11.5mm; height: 14mm; }
.attendance-sheet-presence { display: inline-block; width: 7mm; height: 7mm; border: 0.75pt solid #000; }
.attendance-sheet-foot { margin-top: 4mm; break-inside: avoid; font-size: 9.5pt; }
.attendance-sheet-totals { display: flex; gap: 10mm; margin: 0 0 3mm; }
.attendance-sheet-blank { display: inline-block; min-width: 18mm; border-bottom: 0.75pt solid #000; }
.attendance-sheet-invigilators { width: calc(100% - 1pt); table-layout: fixed; }
.attendance-sheet-invigilators th, .attendance-sheet-invigilators td { border: 0.75pt solid #000; padding: 1mm 1.6mm; text-align: start; height: 11mm; }
.attendance-sheet-invigilators th { background: #e6e6e6; height: auto; }
.attendance-sheet-signing { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 8mm; }
.attendance-sheet-signature-line { min-width: 60mm; border-top: 0.75pt solid #000; text-align: center; padding-top: 1mm; }
.attendance-sheet-printed { font-size: 8.5pt; margin: 0; }
`;

/**
 * One room's attendance sheet for one paper: every seated candidate in seat order with photograph,
 * a box to sign and a box to mark present or absent; totals, invigilators and the centre chief
 * sign at the foot.
 */
export function AttendanceSheet({ sheet, lang }: { sheet: AttendanceSheetData; lang: Language }) {
  const labels = ATTENDANCE_LABELS[lang];
  const roomLine = `${labels.room} ${localizeDigits(sheet.roomNumber, lang)} · ${inLanguage(sheet.sitting.paper, lang)} · ${localizeDigits(sheet.sitting.advertisementCode, lang)}`;
  return (
    <section className="attendance-sheet">
      <style href="psc-attendance-sheet" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {ATTENDANCE_CSS}
      </style>
      <SittingHeading sitting={sheet.sitting} title={labels.title} lang={lang} room={sheet} />
      <table className="attendance-sheet-table">
        <colgroup>
          <col style={{ width: '9%' }} />
          <col style={{ width: '14%' }} />
          <col />
          <col style={{ width: '14%' }} />
          <col style={{ width: '20%' }} />
          <col style={{ width: '12%' }} />
        </colgroup>
        <thead>
          <tr>
            <th className="attendance-sheet-running" colSpan={6}>
              {roomLine}
            </th>
          </tr>
          <tr>
            <th>{labels.seat}</th>
            <th>{labels.rollNumber}</th>
            <th>{labels.name}</th>
            <th className="centered">{labels.photo}</th>
            <th>{labels.signature}</th>
            <th className="centered">{labels.presence}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.candidates.map((candidate) => (
            <tr key={candidate.rollNumber}>
              <SeatCells candidate={candidate} lang={lang} />
              <td className="centered">
                <ImageBox image={candidate.photo} label={labels.photo} className="photo" hasCaption={false} />
              </td>
              <td />
              <td className="centered">
                <span className="attendance-sheet-presence" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <footer className="attendance-sheet-foot">
        <p className="attendance-sheet-totals">
          <span>
            {labels.totalCandidates}: <strong>{localizeDigits(sheet.candidates.length, lang)}</strong>
          </span>
          <span>
            {labels.present}: <span className="attendance-sheet-blank" />
          </span>
          <span>
            {labels.absent}: <span className="attendance-sheet-blank" />
          </span>
        </p>
        <table className="attendance-sheet-invigilators">
          <colgroup>
            <col style={{ width: '40%' }} />
            <col style={{ width: '30%' }} />
            <col style={{ width: '30%' }} />
          </colgroup>
          <thead>
            <tr>
              <th>{labels.invigilators}</th>
              <th>{labels.invigilatorPost}</th>
              <th>{labels.invigilatorSignature}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.invigilators.map((invigilator, index) => (
              <tr key={index}>
                <td>{inLanguage(invigilator.name, lang)}</td>
                <td>{inLanguage(invigilator.post, lang)}</td>
                <td />
              </tr>
            ))}
          </tbody>
        </table>
        <div className="attendance-sheet-signing">
          <p className="attendance-sheet-printed">
            {labels.printedOn}: {formatBsAdDate(sheet.printedOnBs, sheet.printedOnAd, lang)}
          </p>
          <div className="attendance-sheet-signature-line">{labels.chief}</div>
        </div>
      </footer>
    </section>
  );
}
