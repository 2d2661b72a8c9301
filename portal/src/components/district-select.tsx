import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDistrictGroups } from './district-groups';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (value: number) => void;
  disabled?: boolean;
};

/**
 * Every district of Nepal, grouped under its province and searchable by its English or Nepali
 * name (district-groups.ts): the citizenship issuing district of spec §5, on the antd forms.
 */
export function DistrictSelect({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const { groups, isLoading, hasFailed, retry } = useDistrictGroups();

  return (
    <>
      <Select<number>
        id={id}
        value={value ?? undefined}
        onChange={(next) => onChange?.(next)}
        disabled={disabled}
        loading={isLoading}
        placeholder={t('district.placeholder')}
        showSearch={{
          // Groups are not filtered themselves: a province shows while one of its districts matches.
          filterOption: (input, option) => String(option?.search ?? '').includes(input.trim().toLowerCase()),
        }}
        options={groups}
        notFoundContent={isLoading ? t('loader.label') : t('district.none')}
        popupMatchSelectWidth
        style={{ width: '100%' }}
      />
      {hasFailed ? (
        <Button type="link" size="small" className="district-select__retry" onClick={retry}>
          {t('district.retry')}
        </Button>
      ) : null}
    </>
  );
}
