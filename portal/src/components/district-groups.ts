import { useEffect, useMemo } from 'react';
import { CALLS, fetchDistricts, fetchProvinces, type DistrictRow, type ReferenceRow } from '../api/calls';
import { useRequestState, useRequestStore } from '../api/request-state';
import { useText } from '../i18n/texts';

export type DistrictOption = { value: number; label: string; search: string };
export type DistrictGroup = { label: string; title: string | undefined; options: DistrictOption[] };

/** Asks for a reference list once (unless told to wait); later mounts read it from the request-state store. */
function useReferenceList<T>(name: string, fetchList: () => Promise<unknown>, isWanted: boolean) {
  const state = useRequestState<T[]>(name);
  const isMissing = isWanted && state.data === null && !state.isFetching && !state.isFailed;
  useEffect(() => {
    if (isMissing) void fetchList();
  }, [isMissing, fetchList]);
  return state;
}

/** Asks for the provinces and districts unless they are here or on their way. */
export async function prefetchDistricts(): Promise<void> {
  const calls = useRequestStore.getState().calls;
  const missing = (name: string) => !calls[name]?.data && !calls[name]?.isFetching;
  await Promise.all([missing(CALLS.provinces) ? fetchProvinces() : null, missing(CALLS.districts) ? fetchDistricts() : null]);
}

/**
 * Every district of Nepal (GET /api/psc/reference/districts) grouped under its province, named
 * in the shown language and sorted in it, each searchable by its English and Nepali names: what
 * both district selects (antd's and the first screens' plain one) offer. `fetchOnMount: false`
 * leaves the asking to prefetchDistricts (a first screen, where the list is not needed at once).
 */
export function useDistrictGroups({ fetchOnMount = true }: { fetchOnMount?: boolean } = {}) {
  const { t, language } = useText();
  const provinces = useReferenceList<ReferenceRow>(CALLS.provinces, fetchProvinces, fetchOnMount);
  const districts = useReferenceList<DistrictRow>(CALLS.districts, fetchDistricts, fetchOnMount);

  const groups = useMemo<DistrictGroup[]>(() => {
    const nameOf = (row: ReferenceRow) => (language === 'ne' ? row.nameNp : row.nameEn);
    const byProvince = new Map<number, DistrictOption[]>();
    for (const district of districts.data ?? []) {
      const options = byProvince.get(district.provinceId) ?? [];
      options.push({ value: district.id, label: nameOf(district), search: `${district.nameEn} ${district.nameNp}`.toLowerCase() });
      byProvince.set(district.provinceId, options);
    }
    const provinceRows = provinces.data ?? [];
    return [...byProvince.entries()]
      .sort(([a], [b]) => a - b)
      .map(([provinceId, options]) => {
        const province = provinceRows.find((row) => row.id === provinceId);
        return {
          label: province ? nameOf(province) : t('district.province', { id: provinceId }),
          title: province ? nameOf(province) : undefined,
          options: options.sort((a, b) => a.label.localeCompare(b.label, language === 'ne' ? 'ne' : 'en')),
        };
      });
  }, [districts.data, provinces.data, language, t]);

  return {
    groups,
    isLoading: districts.isFetching || provinces.isFetching,
    hasFailed: (districts.isFailed && districts.data === null) || (provinces.isFailed && provinces.data === null),
    retry: () => {
      if (districts.data === null) void fetchDistricts();
      if (provinces.data === null) void fetchProvinces();
    },
  };
}
