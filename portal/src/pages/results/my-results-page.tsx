import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { fetchMyResults, type CandidateResult } from '../../api/results-api';
import { OwnItemsList } from '../../components/own-items-list';
import { useFormat } from '../../hooks/use-format';
import { CERTIFICATES_PATH } from './certificates-page';
import { ResultCard } from './result-card';
import './results.css';

// spec §2 /vacancy-applied/results; spec §7 "View selection results": the signed-in candidate's
// own result per advertisement once a selection of it is published.

export default function MyResultsPage() {
  const { t } = useFormat();
  const navigate = useNavigate();
  return (
    <section className="results-page" aria-labelledby="my-results-title" data-testid="my-results">
      <h1 id="my-results-title" className="page-title">
        {t('nav.results')}
      </h1>
      <p className="muted">{t('myResults.intro')}</p>
      <OwnItemsList
        fetchItems={fetchMyResults}
        retryLabel={t('myResults.retry')}
        emptyLabel={t('myResults.empty')}
        emptyTestId="my-results-empty"
        renderItem={(item: CandidateResult) => (
          <ResultCard
            key={`${item.advertisementCode}-${item.rollNumber}`}
            result={item}
            footer={
              item.status === 'selected' && item.stage === 'final' ? (
                <div className="result-card__actions">
                  <Button
                    type="primary"
                    block
                    href={CERTIFICATES_PATH}
                    onClick={(event) => {
                      event.preventDefault();
                      void navigate(CERTIFICATES_PATH);
                    }}
                    data-testid="result-certificate-link"
                  >
                    {t('myResults.goToCertificate')}
                  </Button>
                </div>
              ) : null
            }
          />
        )}
      />
    </section>
  );
}
