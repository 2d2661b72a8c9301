// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { formatAdDate, formatBsDate, type Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { PRINT_LABELS } from '../print-labels';
import { formatBsAdDate, formatDuration, IMAGE_BOX_CSS, ImageBox, inLanguage, inOtherLanguage, localizeDigits } from './document-parts';
import type { AdmitCardData, AdmitCardPaper, PrintedCentre } from './exam-documents';
import { QrCode } from './qr-code';

const ADMIT_CARD_LABELS = {
  ne: {
    title: 'प्रवेशपत्र',
    advertisementCode: 'विज्ञापन नं.',
    fiscalYear: 'आर्थिक वर्ष',
    post: 'पद',
    postDetail: 'सेवा, समूह, तह',
    candidateName: 'उम्मेदवारको नाम',
    rollNumber: 'रोल नं.',
    photo: 'फोटो',
    signature: 'उम्मेदवारको दस्तखत',
    centre: 'परीक्षा केन्द्र',
    paper: 'पत्र',
    date: 'मिति',
    startTime: 'समय',
    duration: 'अवधि',
    room: 'कोठा',
    seat: 'सिट',
    rulesTitle: 'उम्मेदवारले पालना गर्नुपर्ने नियम',
    rules: [
      'परीक्षा सुरु हुनुभन्दा ३० मिनेट अगावै परीक्षा केन्द्रमा उपस्थित हुनुपर्नेछ।',
      'नागरिकताको प्रमाणपत्र वा सरकारी निकायबाट जारी फोटो सहितको परिचय पत्र साथमा लिएर आउनुपर्नेछ।',
      'उत्तरपुस्तिकामा कालो मसीको कलम मात्र प्रयोग गर्नुपर्नेछ।',
      'परीक्षा भवनभित्र मोबाइल फोन वा कुनै पनि विद्युतीय उपकरण लैजान पाइने छैन।',
      'परीक्षाको समयमा माग भएमा यो प्रवेशपत्र देखाउनुपर्नेछ।',
    ],
    scanToVerify: 'प्रमाणित गर्न स्क्यान गर्नुहोस्',
    qrLabel: 'प्रवेशपत्र प्रमाणित गर्ने QR कोड',
    issuedOn: 'जारी मिति',
  },
  en: {
    title: 'Admit card',
    advertisementCode: 'Advertisement no.',
    fiscalYear: 'Fiscal year',
    post: 'Post',
    postDetail: 'Service, group, level',
    candidateName: "Candidate's name",
    rollNumber: 'Roll number',
    photo: 'Photograph',
    signature: "Candidate's signature",
    centre: 'Exam centre',
    paper: 'Paper',
    date: 'Date',
    startTime: 'Time',
    duration: 'Duration',
    room: 'Room',
    seat: 'Seat',
    rulesTitle: 'Rules for the candidate',
    rules: [
      'Arrive at the exam centre 30 minutes before the exam starts.',
      'Bring your citizenship certificate or a photo identity card issued by a government body.',
      'Write with a black pen only.',
      'No mobile phone or other electronic device may be taken into the exam hall.',
      'Show this admit card whenever an invigilator asks for it.',
    ],
    scanToVerify: 'Scan to verify',
    qrLabel: 'QR code verifying this admit card',
    issuedOn: 'Issued on',
  },
} satisfies Record<Language, object>;

// Sized so that four papers, long names and the rules fit on one A4 page (spec §7: one card, one
// sheet): the body of the page is 186 x 267 mm inside the shell's margins.
const ADMIT_CARD_CSS = `
${IMAGE_BOX_CSS}
/* A card is exactly one sheet's body and lays out alone: as a size-contained box of fixed size, the
   print layout reuses the layout done on load instead of laying every card out again split into
   pages, which was a third of a batch's layout time. Content that outgrew the box would be cut
   off, not run onto a second sheet; the tests measure the longest card against it. */
.admit-card { font-size: 10pt; line-height: 1.4; width: 186mm; height: 266mm; contain: strict; }
.admit-card-header { display: grid; grid-template-columns: 1fr auto; gap: 4mm; align-items: start; }
.admit-card-heading { text-align: center; }
.admit-card-commission { font-size: 15pt; font-weight: 700; margin: 0; line-height: 1.35; }
.admit-card-commission-other { font-size: 10pt; margin: 0; }
.admit-card-office { font-size: 11pt; margin: 1mm 0 0; }
.admit-card-title { display: inline-block; font-size: 14pt; font-weight: 700; margin: 2.5mm 0 0; padding: 0.6mm 6mm; border: 1pt solid #000; }
.admit-card .photo .image-box-frame { width: 32mm; height: 40mm; }
.admit-card .signature .image-box-frame { width: 50mm; height: 16mm; }
.admit-card-details { width: calc(100% - 1pt); margin-top: 3mm; table-layout: fixed; }
.admit-card-details th, .admit-card-details td { border: 0.75pt solid #000; padding: 1mm 1.8mm; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
.admit-card-details th { width: 38mm; background: #eee; font-weight: 700; }
.admit-card-name-other { display: block; }
.admit-card-roll { font-size: 20pt; font-weight: 700; letter-spacing: 0.5pt; line-height: 1.2; }
.admit-card-centre { margin: 3mm 0 0; }
.admit-card-centre strong { font-weight: 700; }
.admit-card-papers { width: calc(100% - 1pt); margin-top: 2mm; table-layout: fixed; font-size: 9pt; line-height: 1.3; }
.admit-card-papers th, .admit-card-papers td { border: 0.75pt solid #000; padding: 0.8mm 1.2mm; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
.admit-card-papers th { background: #eee; font-weight: 700; }
.admit-card-papers .paper-other, .admit-card-papers .centre-other, .admit-card-papers .date-ad { display: block; font-size: 8pt; }
.admit-card-papers .seat { font-weight: 700; }
.admit-card-rules { margin: 0; font-size: 9pt; line-height: 1.35; }
.admit-card-rules h2 { font-size: 10pt; font-weight: 700; margin: 0 0 0.8mm; }
.admit-card-rules ol { margin: 0; padding-inline-start: 6mm; }
/* The rules beside the QR rather than above it: four papers at two centres still leave the page
   room for both. */
.admit-card-footer { display: grid; grid-template-columns: 1fr auto; gap: 5mm; align-items: start; margin-top: 3mm; break-inside: avoid; }
.admit-card-signing { display: flex; gap: 6mm; align-items: flex-end; margin-top: 3mm; }
.admit-card-issued { font-size: 9pt; margin: 0 0 5mm; }
.admit-card-qr { margin: 0; text-align: center; }
.admit-card-qr figcaption { font-size: 8.5pt; }
`;

function Centre({ centre, lang }: { centre: PrintedCentre; lang: Language }) {
  return (
    <>
      {inLanguage(centre.name, lang)}, {inLanguage(centre.address, lang)}
      <span className="centre-other">
        {inOtherLanguage(centre.name, lang)}, {inOtherLanguage(centre.address, lang)}
      </span>
    </>
  );
}

// B.S. first and A.D. on a line below it (spec §1 keeps dates in both calendars), so the narrow column
// never breaks a date in the middle.
function PaperDate({ paper, lang }: { paper: AdmitCardPaper; lang: Language }) {
  const labels = PRINT_LABELS[lang];
  const bs = formatBsDate(paper.dateBs, lang, 'long');
  const ad = formatAdDate(paper.dateAd, lang, 'long');
  return lang === 'ne' ? (
    <>
      {labels.bsEra} {bs}
      <span className="date-ad">
        {labels.adEra} {ad}
      </span>
    </>
  ) : (
    <>
      {bs} {labels.bsEra}
      <span className="date-ad">
        {ad} {labels.adEra}
      </span>
    </>
  );
}

function isSameCentre(a: PrintedCentre, b: PrintedCentre): boolean {
  return a.name.en === b.name.en && a.name.np === b.name.np && a.address.en === b.address.en && a.address.np === b.address.np;
}

function PaperRow({ paper, lang, hasCentreColumn }: { paper: AdmitCardPaper; lang: Language; hasCentreColumn: boolean }) {
  return (
    <tr>
      <td>
        {inLanguage(paper.name, lang)}
        <span className="paper-other">{inOtherLanguage(paper.name, lang)}</span>
      </td>
      <td>
        <PaperDate paper={paper} lang={lang} />
      </td>
      <td>{localizeDigits(paper.startTime, lang)}</td>
      <td>{formatDuration(paper.durationMinutes, lang)}</td>
      {hasCentreColumn ? (
        <td>
          <Centre centre={paper.centre} lang={lang} />
        </td>
      ) : null}
      <td>{localizeDigits(paper.roomNumber, lang)}</td>
      <td className="seat">{localizeDigits(paper.seatNumber, lang)}</td>
    </tr>
  );
}

/**
 * A candidate's admit card on one A4 sheet (spec §7 "Admit card"): who, which post, where and when
 * each paper is sat, the rules, and a QR of the signed verification address.
 */
export function AdmitCard({ card, lang }: { card: AdmitCardData; lang: Language }) {
  const labels = ADMIT_CARD_LABELS[lang];
  const firstCentre = card.papers[0]?.centre;
  // One centre for every paper prints once above the table, which leaves the rows room to breathe.
  const sharedCentre = firstCentre && card.papers.every((paper) => isSameCentre(paper.centre, firstCentre)) ? firstCentre : null;
  const hasCentreColumn = sharedCentre === null && card.papers.length > 0;

  return (
    <article className="admit-card">
      <style href="psc-admit-card" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {ADMIT_CARD_CSS}
      </style>
      <header className="admit-card-header">
        <div className="admit-card-heading">
          <p className="admit-card-commission">{inLanguage(card.commission, lang)}</p>
          <p className="admit-card-commission-other">{inOtherLanguage(card.commission, lang)}</p>
          <p className="admit-card-office">{inLanguage(card.office, lang)}</p>
          <h1 className="admit-card-title">{labels.title}</h1>
        </div>
        <ImageBox image={card.candidate.photo} label={labels.photo} className="photo" />
      </header>

      <table className="admit-card-details">
        <tbody>
          <tr>
            <th scope="row">{labels.rollNumber}</th>
            <td className="admit-card-roll">{localizeDigits(card.rollNumber, lang)}</td>
          </tr>
          <tr>
            <th scope="row">{labels.candidateName}</th>
            <td>
              {inLanguage(card.candidate.name, lang)}
              <span className="admit-card-name-other">{inOtherLanguage(card.candidate.name, lang)}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{labels.advertisementCode}</th>
            <td>
              {localizeDigits(card.advertisementCode, lang)} ({labels.fiscalYear} {localizeDigits(card.fiscalYear, lang)})
            </td>
          </tr>
          <tr>
            <th scope="row">{labels.post}</th>
            <td>{inLanguage(card.post, lang)}</td>
          </tr>
          <tr>
            <th scope="row">{labels.postDetail}</th>
            <td>{inLanguage(card.postDetail, lang)}</td>
          </tr>
        </tbody>
      </table>

      {sharedCentre ? (
        <p className="admit-card-centre">
          <strong>{labels.centre}:</strong> {inLanguage(sharedCentre.name, lang)} ({inOtherLanguage(sharedCentre.name, lang)}),{' '}
          {inLanguage(sharedCentre.address, lang)} ({inOtherLanguage(sharedCentre.address, lang)})
        </p>
      ) : null}

      <table className="admit-card-papers">
        <colgroup>
          <col style={{ width: hasCentreColumn ? '24%' : '36%' }} />
          <col style={{ width: hasCentreColumn ? '15%' : '20%' }} />
          <col style={{ width: hasCentreColumn ? '7%' : '9%' }} />
          <col style={{ width: hasCentreColumn ? '10%' : '13%' }} />
          {hasCentreColumn ? <col style={{ width: '30%' }} /> : null}
          <col style={{ width: hasCentreColumn ? '7%' : '11%' }} />
          <col style={{ width: hasCentreColumn ? '7%' : '11%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>{labels.paper}</th>
            <th>{labels.date}</th>
            <th>{labels.startTime}</th>
            <th>{labels.duration}</th>
            {hasCentreColumn ? <th>{labels.centre}</th> : null}
            <th>{labels.room}</th>
            <th>{labels.seat}</th>
          </tr>
        </thead>
        <tbody>
          {card.papers.map((paper, index) => (
            <PaperRow key={index} paper={paper} lang={lang} hasCentreColumn={hasCentreColumn} />
          ))}
        </tbody>
      </table>

      <footer className="admit-card-footer">
        <div className="admit-card-footer-text">
          <section className="admit-card-rules">
            <h2>{labels.rulesTitle}</h2>
            <ol>
              {labels.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
          </section>
          <div className="admit-card-signing">
            <ImageBox image={card.candidate.signature} label={labels.signature} className="signature" />
            <p className="admit-card-issued">
              {labels.issuedOn}: {formatBsAdDate(card.issuedOnBs, card.issuedOnAd, lang)}
            </p>
          </div>
        </div>
        <figure className="admit-card-qr">
          <QrCode text={card.verificationUrl} size="32mm" label={labels.qrLabel} />
          <figcaption>{labels.scanToVerify}</figcaption>
        </figure>
      </footer>
    </article>
  );
}
