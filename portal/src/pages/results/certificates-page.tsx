import { fetchCertificatePdf, fetchMyCertificates, type CertificateSummary } from '../../api/results-api';
import { fileNamePart, PdfDownloadButton } from '../../components/files/pdf-download-button';
import { OwnItemsList } from '../../components/own-items-list';
import { nameIn, useFormat } from '../../hooks/use-format';
import { ResultFacts } from './result-facts';
import './results.css';

// spec §2 /vacancy-applied/download/certificate; spec §7 "Certificate generate, list, download":
// the recommendation certificates of the final selections that selected the candidate. The API
// prints the PDF in the reader's language; it is fetched with the bearer token (a plain link could
// not send it) and saved from an object URL, as admit cards are.

export const CERTIFICATES_PATH = '/vacancy-applied/download/certificate';

function DownloadCertificateButton({ certificate }: { certificate: CertificateSummary }) {
  const { t, language } = useFormat();
  return (
    <PdfDownloadButton
      fetchPdf={() => fetchCertificatePdf(certificate.id, language)}
      fileName={`certificate-${fileNamePart(certificate.advertisementCode)}-${fileNamePart(certificate.rollNumber)}-${language}.pdf`}
      texts={{ download: t('certificates.download'), preparing: t('certificates.preparing'), downloaded: t('certificates.downloaded'), failed: t('certificates.downloadFailed') }}
      testId="certificate-download"
    />
  );
}

export default function CertificatesPage() {
  const { t, language, digits, date } = useFormat();
  return (
    <section className="results-page" aria-labelledby="certificates-title" data-testid="certificates">
      <h1 id="certificates-title" className="page-title">
        {t('nav.certificate')}
      </h1>
      <p className="muted">{t('certificates.intro')}</p>
      <OwnItemsList
        fetchItems={fetchMyCertificates}
        retryLabel={t('myResults.retry')}
        emptyLabel={t('certificates.empty')}
        emptyTestId="certificates-empty"
        renderItem={(item: CertificateSummary) => (
          <article key={item.id} className="result-card" data-testid="certificate-item">
            <h2 className="result-card__post">{nameIn(item, 'post', language)}</h2>
            <ResultFacts
              facts={[
                { label: t('myResults.advertisement'), value: digits(item.advertisementCode) },
                { label: t('myResults.rollNumber'), value: digits(item.rollNumber), testId: 'certificate-roll' },
                { label: t('myResults.published'), value: date(item.publishedOnAd) },
              ]}
            />
            <div className="certificate-item__actions">
              <DownloadCertificateButton certificate={item} />
            </div>
          </article>
        )}
      />
    </section>
  );
}
