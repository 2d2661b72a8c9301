import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchMyResults, type CandidateResult } from '../../api/results-api';
import { useFormat } from '../../hooks/use-format';
import { CERTIFICATES_PATH } from './certificates-page';
import { ResultCard } from './result-card';
import './results.css';

// spec §2 /vacancy-applied/results; spec §7 "View selection results": the signed-in candidate's
// own result per advertisement once a selection of it is published.

export default function MyResultsPage() {
  const { t } = useFormat();
  const navigate = useNavigate();
  const [items, setItems] = useState<CandidateResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchMyResults();
    if (result.ok) {
      setItems(result.data.items);
      setError(null);
    } else {
      setError(result.message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="results-page" aria-labelledby="my-results-title" data-testid="my-results">
      <h1 id="my-results-title" className="page-title">
        {t('nav.results')}
      </h1>
      <p className="muted">{t('myResults.intro')}</p>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('myResults.retry')}</Button>} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={<span data-testid="my-results-empty">{t('myResults.empty')}</span>} />
      ) : (
        items.map((item) => (
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
        ))
      )}
    </section>
  );
}
