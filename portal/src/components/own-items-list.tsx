import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ApiResult } from '../api/request';

// The candidate's own lists that a page reads once (old admit cards, results, certificates): the
// list is fetched on opening, a failure says why with a retry that keeps the page, a wait shows
// a skeleton, and an empty list says what will come. Each page gives the call and how an item reads.

type Props<T> = {
  fetchItems: () => Promise<ApiResult<{ items: T[] }>>;
  renderItem: (item: T) => ReactNode;
  retryLabel: string;
  emptyLabel: string;
  /** data-testid of the empty list's text, read by the end-to-end tests. */
  emptyTestId: string;
};

export function OwnItemsList<T>({ fetchItems, renderItem, retryLabel, emptyLabel, emptyTestId }: Props<T>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchItems();
    if (result.ok) {
      setItems(result.data.items);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [fetchItems]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{retryLabel}</Button>} />;
  if (items === null) return <Skeleton active />;
  if (items.length === 0) return <Empty description={<span data-testid={emptyTestId}>{emptyLabel}</span>} />;
  return <>{items.map(renderItem)}</>;
}
