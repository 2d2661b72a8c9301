import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchMyApplications, type ApplicationRow } from '../../api/applications-api';
import { useFormat } from '../../hooks/use-format';
import { ApplicationCard } from './application-card';

// One page of my applications as cards, with their count and pages, or what stops them showing:
// the list of /vacancy-applied (with its filters) and of /vacancy-applied/approved.

const PAGE_SIZE = 10;

export type ApplicationFilter = { status?: string; paymentState?: string; outcome?: 'approved' };

/** `page` and `onPage` are the caller's, so a change of filter can go back to the first page. */
export function ApplicationList({ filter, page, onPage, emptyText }: { filter: ApplicationFilter; page: number; onPage: (page: number) => void; emptyText: string }) {
  const { t } = useFormat();
  const [items, setItems] = useState<ApplicationRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const { status, paymentState, outcome } = filter;

  const load = useCallback(async () => {
    const result = await fetchMyApplications({ status, paymentState, outcome, page, pageSize: PAGE_SIZE });
    if (result.ok) {
      setItems(result.data.items);
      setTotal(result.data.total);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [status, paymentState, outcome, page]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />;
  if (items === null) return <Skeleton active />;
  if (items.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      <p className="muted">{t('myApps.count', { count: total })}</p>
      {items.map((row) => (
        <ApplicationCard key={row.applicationId} row={row} onChanged={() => void load()} />
      ))}
      {total > PAGE_SIZE ? <Pagination simple current={page} pageSize={PAGE_SIZE} total={total} onChange={onPage} /> : null}
    </>
  );
}
