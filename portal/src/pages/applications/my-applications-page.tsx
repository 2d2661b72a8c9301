import { Alert, Button, Empty, Pagination, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchMyApplications, type ApplicationRow } from '../../api/applications-api';
import { useFormat } from '../../hooks/use-format';
import { ApplicationCard } from './application-card';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy-applied ("My Application"): my applications with filters; each card
// (application-card) shows its details and what may be done now.

const PAGE_SIZE = 10;
const STATUSES = ['pending', 'approved', 'partially-approved', 'rejected', 'expired'] as const;
const PAYMENT_STATES = ['unpaid', 'verification-pending', 'paid'] as const;

export default function MyApplicationsPage() {
  const { t } = useFormat();
  const [status, setStatus] = useState<string>('');
  const [paymentState, setPaymentState] = useState<string>('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ApplicationRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchMyApplications({ status, paymentState, page, pageSize: PAGE_SIZE });
    if (result.ok) {
      setItems(result.data.items);
      setTotal(result.data.total);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [status, paymentState, page]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="my-applications" aria-labelledby="my-applications-title">
      <h1 id="my-applications-title" className="page-title">
        {t('myApps.title')}
      </h1>
      <div className="my-applications__filters">
        <Select
          aria-label={t('myApps.status')}
          value={status}
          onChange={(value: string) => {
            setStatus(value);
            setPage(1);
          }}
          options={[{ value: '', label: `${t('myApps.status')}: ${t('myApps.all')}` }, ...STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          data-testid="filter-status"
        />
        <Select
          aria-label={t('myApps.paymentState')}
          value={paymentState}
          onChange={(value: string) => {
            setPaymentState(value);
            setPage(1);
          }}
          options={[{ value: '', label: `${t('myApps.paymentState')}: ${t('myApps.all')}` }, ...PAYMENT_STATES.map((value) => ({ value, label: t(`paymentState.${value}`) }))]}
          data-testid="filter-payment"
        />
      </div>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('myApps.empty')} />
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
