// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { fillCertificateBody, type CertificateData, type Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { formatBsAdDate, inLanguage, inOtherLanguage, localizeDigits } from './document-parts';

const CERTIFICATE_LABELS = {
  ne: {
    title: 'सिफारिस पत्र',
    advertisementCode: 'विज्ञापन नं.',
    fiscalYear: 'आर्थिक वर्ष',
    post: 'पद',
    candidateName: 'उम्मेदवारको नाम',
    rollNumber: 'रोल नं.',
    seal: 'आयोगको छाप',
    date: 'मिति',
  },
  en: {
    title: 'Recommendation certificate',
    advertisementCode: 'Advertisement no.',
    fiscalYear: 'Fiscal year',
    post: 'Post',
    candidateName: "Candidate's name",
    rollNumber: 'Roll number',
    seal: "Commission's seal",
    date: 'Date',
  },
} satisfies Record<Language, object>;

// One A4 sheet (the shell's body is 186 x 267 mm); a size-contained box as the admit card's, so
// a body text that outgrew the page is cut off rather than run onto a second sheet: the
// configuration limits the body's length and the tests print the longest.
const CERTIFICATE_CSS = `
.certificate { font-size: 11.5pt; line-height: 1.6; width: 186mm; height: 266mm; contain: strict; display: flex; flex-direction: column; }
.certificate-heading { text-align: center; }
.certificate-commission { font-size: 17pt; font-weight: 700; margin: 0; line-height: 1.35; }
.certificate-commission-other { font-size: 11pt; margin: 0; }
.certificate-office { font-size: 11pt; margin: 1mm 0 0; }
.certificate-title { display: inline-block; font-size: 16pt; font-weight: 700; margin: 5mm 0 0; padding: 1mm 8mm; border: 1.2pt solid #000; }
.certificate-details { width: calc(100% - 1pt); margin-top: 7mm; table-layout: fixed; border-collapse: collapse; }
.certificate-details th, .certificate-details td { border: 0.75pt solid #000; padding: 1.2mm 2mm; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
.certificate-details th { width: 42mm; background: #eee; font-weight: 700; }
.certificate-name-other { display: block; font-size: 10pt; }
.certificate-roll { font-weight: 700; font-size: 14pt; }
.certificate-body { margin: 9mm 0 0; text-align: justify; white-space: pre-line; overflow-wrap: anywhere; }
.certificate-footer { margin-top: auto; display: grid; grid-template-columns: 1fr auto; gap: 8mm; align-items: end; break-inside: avoid; }
.certificate-seal-figure { margin: 0 0 3mm; }
.certificate-date { margin: 0; }
.certificate-seal { width: 34mm; height: 34mm; margin: 0 auto; border-radius: 50%; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.certificate-seal img { width: 100%; height: 100%; object-fit: contain; }
.certificate-seal-missing { border: 0.75pt dashed #555; font-size: 8pt; color: #555; text-align: center; padding: 2mm; }
.certificate-signatory { text-align: center; min-width: 60mm; }
.certificate-signature-line { border-top: 0.75pt solid #000; margin: 16mm 0 1mm; }
.certificate-signatory p { margin: 0; line-height: 1.4; }
.certificate-signatory-name { font-weight: 700; }
`;

/**
 * A selected candidate's recommendation certificate on one A4 sheet: who, which post, the body the
 * commission configured with the candidate's values filled in, the signatory and the seal (spec §1,
 * §2 download/certificate and certificate-configuration).
 */
export function Certificate({ certificate, lang }: { certificate: CertificateData; lang: Language }) {
  const labels = CERTIFICATE_LABELS[lang];
  const body = fillCertificateBody(inLanguage(certificate.body, lang), certificate.values, lang);

  return (
    <article className="certificate">
      <style href="psc-certificate" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {CERTIFICATE_CSS}
      </style>
      <header className="certificate-heading">
        <p className="certificate-commission">{inLanguage(certificate.commission, lang)}</p>
        <p className="certificate-commission-other">{inOtherLanguage(certificate.commission, lang)}</p>
        <p className="certificate-office">{inLanguage(certificate.office, lang)}</p>
        <h1 className="certificate-title">{labels.title}</h1>
      </header>

      <table className="certificate-details">
        <tbody>
          <tr>
            <th scope="row">{labels.candidateName}</th>
            <td>
              {inLanguage(certificate.candidate.name, lang)}
              <span className="certificate-name-other">{inOtherLanguage(certificate.candidate.name, lang)}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{labels.rollNumber}</th>
            <td className="certificate-roll">{localizeDigits(certificate.rollNumber, lang)}</td>
          </tr>
          <tr>
            <th scope="row">{labels.advertisementCode}</th>
            <td>
              {localizeDigits(certificate.advertisementCode, lang)} ({labels.fiscalYear} {localizeDigits(certificate.fiscalYear, lang)})
            </td>
          </tr>
          <tr>
            <th scope="row">{labels.post}</th>
            <td>{inLanguage(certificate.post, lang)}</td>
          </tr>
        </tbody>
      </table>

      <p className="certificate-body">{body}</p>

      <footer className="certificate-footer">
        <div>
          <figure className="certificate-seal-figure">
            {certificate.seal ? (
              <div className="certificate-seal">
                <img src={certificate.seal} alt={labels.seal} />
              </div>
            ) : (
              <div className="certificate-seal certificate-seal-missing">{labels.seal}</div>
            )}
          </figure>
          <p className="certificate-date">
            {labels.date}: {formatBsAdDate(certificate.issuedOnBs, certificate.issuedOnAd, lang)}
          </p>
        </div>
        <div className="certificate-signatory">
          <div className="certificate-signature-line" />
          <p className="certificate-signatory-name">{inLanguage(certificate.signatory.name, lang)}</p>
          <p>{inLanguage(certificate.signatory.title, lang)}</p>
        </div>
      </footer>
    </article>
  );
}
