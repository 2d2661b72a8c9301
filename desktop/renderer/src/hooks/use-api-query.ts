import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../api/api-client';
import { callApi } from '../staff/staff-api';

/** Loads one GET of the API for a screen; `reload` runs it again (after a write). */
export function useApiQuery<T>(path: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [isLoading, setIsLoading] = useState(false);

  const reload = useCallback(async () => {
    if (!path) return;
    setIsLoading(true);
    const result = await callApi<T>(path);
    setIsLoading(false);
    if (result.ok) {
      setData(result.data);
      setError(null);
    } else {
      setError(result);
    }
  }, [path]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, isLoading, reload };
}
