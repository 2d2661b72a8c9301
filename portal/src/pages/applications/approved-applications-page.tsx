import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchMyApplications, type ApplicationRow } from '../../api/applications-api';
import { useFormat } from '../../hooks/use-format';
import { ApplicationCard } from './application-card';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy-applied/approved ("approved application"): my applications scrutiny approved,
// wholly or in some quotas (partially approved), each with its quotas' outcome and its details.

const PAGE_SIZE = 10;

export default function ApprovedApplicationsPage() {
  const { t } = useFormat();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ApplicationRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchMyApplications({ outcome: 'approved', page, pageSize: PAGE_SIZE });
    if (result.ok) {
      setItems(result.data.items);
      setTotal(result.data.total);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [page]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="my-applications" aria-labelledby="approved-applications-title" data-testid="approved-applications">
      <h1 id="approved-applications-title" className="page-title">
        {t('approved.title')}
      </h1>
      <p className="muted">{t('approved.intro')}</p>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('approved.empty')} />
      ) : (
        <>
          <p className="muted">{t('myApps.count', { count: total })}</p>
          {items.map((row) => (
            <ApplicationCard key={row.applicationId} row={row} onChanged={() => void load()} />
          ))}
          {total > PAGE_SIZE ? <Pagination simple current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} /> : null}
        </>
      )}
    </section>
  );
}
