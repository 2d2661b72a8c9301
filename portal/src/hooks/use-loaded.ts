import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../api/request';

/**
 * One GET a page reads on opening: its data (null until it arrives), the failure's message (null
 * when none), and `load` to read it again (a retry, or after a write). A failed reload keeps the
 * data already shown.
 */
export function useLoaded<T>(fetchData: () => Promise<ApiResult<T>>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchData();
    if (result.ok) {
      setData(result.data);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [fetchData]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, error, setError, load };
}
