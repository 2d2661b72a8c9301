import { Button, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS, fetchDistricts, fetchProvinces, type DistrictRow, type ReferenceRow } from '../api/calls';
import { useRequestState } from '../api/request-state';
import { useLanguage } from '../i18n/use-language';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (value: number) => void;
  disabled?: boolean;
};

type DistrictOption = { value: number; label: string; search: string };

/** Asks for a reference list once; later mounts read it from the request-state store. */
function useReferenceList<T>(name: string, fetchList: () => Promise<unknown>) {
  const state = useRequestState<T[]>(name);
  const isMissing = state.data === null && !state.isFetching && !state.isFailed;
  useEffect(() => {
    if (isMissing) void fetchList();
  }, [isMissing, fetchList]);
  return state;
}

/**
 * Every district of Nepal (GET /api/psc/reference/districts), grouped under its province and
 * searchable by its English or Nepali name: the citizenship issuing district of spec §5.
 */
export function DistrictSelect({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const provinces = useReferenceList<ReferenceRow>(CALLS.provinces, fetchProvinces);
  const districts = useReferenceList<DistrictRow>(CALLS.districts, fetchDistricts);

  const groups = useMemo(() => {
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

  const hasFailed = (districts.isFailed && districts.data === null) || (provinces.isFailed && provinces.data === null);

  return (
    <>
      <Select<number>
        id={id}
        value={value ?? undefined}
        onChange={(next) => onChange?.(next)}
        disabled={disabled}
        loading={districts.isFetching || provinces.isFetching}
        placeholder={t('district.placeholder')}
        showSearch={{
          // Groups are not filtered themselves: a province shows while one of its districts matches.
          filterOption: (input, option) => String(option?.search ?? '').includes(input.trim().toLowerCase()),
        }}
        options={groups}
        notFoundContent={districts.isFetching ? t('loader.label') : t('district.none')}
        popupMatchSelectWidth
        style={{ width: '100%' }}
      />
      {hasFailed ? (
        <Button
          type="link"
          size="small"
          className="district-select__retry"
          onClick={() => {
            if (districts.data === null) void fetchDistricts();
            if (provinces.data === null) void fetchProvinces();
          }}
        >
          {t('district.retry')}
        </Button>
      ) : null}
    </>
  );
}
