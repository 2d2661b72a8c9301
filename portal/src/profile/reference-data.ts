import { useEffect } from 'react';
import { apiClient } from '../api/client';
import { trackRequest, useRequestState, useRequestStore } from '../api/request-state';
import { useLanguage } from '../i18n/use-language';

// The reference lists the profile forms choose from (GET /api/psc/reference/..., public and the
// same for everyone). Each list is asked for once per session and kept in the request-state
// store under its own name, so every form and tab that needs it shares one answer.

export type ReferenceRow = { id: number; nameEn: string; nameNp: string };
export type DistrictRow = ReferenceRow & { provinceId: number };
export type LocalLevelRow = ReferenceRow & {
  districtId: number;
  wards: number;
  typeId: number;
  typeCode: string;
  typeNameEn: string;
  typeNameNp: string;
};
export type CasteRow = ReferenceRow & { casteGroupId: number | null };
export type DisabilityClassRow = ReferenceRow & { code: string; descriptionEn: string; descriptionNp: string };

export type ReferenceList =
  | 'provinces'
  | 'districts'
  | 'local-levels'
  | 'religions'
  | 'castes'
  | 'caste-groups'
  | 'mother-tongues'
  | 'disability-classes'
  | 'disability-types'
  | 'universities'
  | 'education-levels'
  | 'faculties'
  | 'service-classes'
  | 'countries';

/** Call name of a list (and its filter); 'psc.reference.provinces' is shared with the account forms. */
export function referenceCallName(list: ReferenceList, query?: string): string {
  const base = `psc.reference.${list === 'local-levels' ? 'localLevels' : list}`;
  return query ? `${base}?${query}` : base;
}

export function fetchReference<Row>(list: ReferenceList, query?: string) {
  return trackRequest(referenceCallName(list, query), () =>
    apiClient.request<Row[]>(`/psc/reference/${list}${query ? `?${query}` : ''}`, { auth: 'none' }),
  );
}

/** Asks for a list unless it is here or on its way: a page starting its tab's lists with its own call. */
export function prefetchReference(list: ReferenceList): void {
  const state = useRequestStore.getState().calls[referenceCallName(list)];
  if (state?.data || state?.isFetching) return;
  void fetchReference(list);
}

/**
 * A reference list, asked for the first time a form needs it. `query` filters it
 * ('districtId=27'); `enabled: false` waits (a district's local levels before a district is chosen).
 */
export function useReference<Row extends ReferenceRow>(list: ReferenceList, query?: string, enabled = true) {
  const name = referenceCallName(list, query);
  const state = useRequestState<Row[]>(name);
  const isMissing = enabled && state.data === null && !state.isFetching && !state.isFailed;
  useEffect(() => {
    if (isMissing) void fetchReference<Row>(list, query);
  }, [isMissing, list, query]);
  return {
    rows: enabled ? (state.data ?? []) : [],
    isLoading: state.isFetching,
    hasFailed: state.isFailed && state.data === null,
    retry: () => void fetchReference<Row>(list, query),
  };
}

/** The name of a reference row in the reading language. */
export function useReferenceName() {
  const language = useLanguage();
  return (row: ReferenceRow | undefined | null) => (row ? (language === 'ne' ? row.nameNp : row.nameEn) : '');
}
