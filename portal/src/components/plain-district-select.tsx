import { useText } from '../i18n/texts';
import { prefetchDistricts, useDistrictGroups } from './district-groups';
import type { PlainInputProps } from './plain-field';

type Props = PlainInputProps & {
  value: number | null;
  onChange: (value: number) => void;
};

/**
 * The citizenship issuing district of spec §5 on the first screens: the browser's own select,
 * every district under its province (district-groups.ts). A phone opens it as its own full-screen
 * list, which the keyboard and screen readers know, without antd's searchable select. The list
 * is not asked for as the page shows (it is further down the form): the page asks for it when it
 * idles or is first touched (prefetchDistricts), and the select when it gets the focus.
 */
export function PlainDistrictSelect({ value, onChange, ...inputProps }: Props) {
  const { t } = useText();
  const { groups, isLoading, hasFailed, retry } = useDistrictGroups({ fetchOnMount: false });
  return (
    <>
      <select
        {...inputProps}
        className="plain-input plain-select"
        value={value === null ? '' : String(value)}
        aria-busy={isLoading}
        onFocus={() => void prefetchDistricts()}
        onChange={(event) => {
          if (event.target.value !== '') onChange(Number(event.target.value));
        }}
      >
        <option value="" disabled>
          {isLoading ? t('loader.label') : t('district.placeholder')}
        </option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hasFailed ? (
        <button type="button" className="plain-link-button district-select__retry" onClick={retry}>
          {t('district.retry')}
        </button>
      ) : null}
    </>
  );
}
