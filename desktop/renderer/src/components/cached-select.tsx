import { Select } from 'antd';
import { useEffect, useState } from 'react';
import type { MasterRow } from '../../../main/services/contract';
import { useLanguage } from '../i18n/use-language';
import type { FieldAriaProps } from './field-aria';
import { useSyncStore } from '../stores/sync-store';
import { invokeWorkstation } from '../workstation/workstation-client';

// Master-data pickers read from the workstation's local cache (DESIGN "The desktop
// workstation"), so they work offline; every screen that picks a master row uses these.

/** The cache answers at most 500 rows a page; pickers want the whole type. */
async function readAllCachedRows(type: string): Promise<MasterRow[]> {
  const rows: MasterRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await invokeWorkstation('master.list', { type, page, pageSize: CACHE_PAGE_SIZE });
    rows.push(...result.items);
    if (result.items.length < CACHE_PAGE_SIZE || rows.length >= result.total) return rows;
  }
}

const CACHE_PAGE_SIZE = 500;

/** Every cached row of a master type; re-read after each sync that changed the cache. */
export function useCachedRows(type: string): MasterRow[] {
  const revision = useSyncStore((state) => state.revision);
  const [rows, setRows] = useState<MasterRow[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void readAllCachedRows(type)
      .then((all) => {
        if (isCurrent) setRows(all);
      })
      .catch(() => {
        if (isCurrent) setRows([]);
      });
    return () => {
      isCurrent = false;
    };
  }, [type, revision]);
  return rows;
}

export function rowName(row: MasterRow | undefined, language: 'ne' | 'en'): string {
  if (!row) return '';
  const en = (row.nameEn ?? row.descriptionEn ?? row.code) as string | undefined;
  const np = (row.nameNp ?? row.descriptionNp) as string | undefined;
  return String((language === 'ne' ? np || en : en || np) ?? row.id);
}

/** id -> name of a cached master type, for tables that hold ids. */
export function useCachedNames(type: string): (id: unknown) => string {
  const { language } = useLanguage();
  const rows = useCachedRows(type);
  return (id) => {
    if (id === null || id === undefined) return '';
    return rowName(
      rows.find((row) => String(row.id) === String(id)),
      language,
    );
  };
}

type CachedSelectProps = {
  type: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Keeps only the rows that fit the choices made so far (group of the chosen service, ...). */
  filter?: (row: MasterRow) => boolean;
  multiple?: false;
  testId?: string;
  disabled?: boolean;
} & FieldAriaProps;

/** A master-data picker over the local cache (works offline; spec §2 pickers). */
export function CachedSelect({ type, value, onChange, filter, testId, disabled, ...aria }: CachedSelectProps) {
  const { t, language } = useLanguage();
  const rows = useCachedRows(type);
  const shown = rows.filter((row) => row.isActive !== false && (!filter || filter(row)));
  return (
    <Select
      {...aria}
      allowClear
      disabled={disabled}
      data-testid={testId}
      placeholder={t('recruitment.choose')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(next) => onChange?.((next as number | undefined) ?? null)}
      options={shown.map((row) => ({ value: Number(row.id), label: rowName(row, language) }))}
      notFoundContent={rows.length === 0 ? t('recruitment.cacheEmpty') : undefined}
    />
  );
}

/** Several rows of a cached master type (exam centres, optional subjects). */
export function CachedMultiSelect({
  type,
  value,
  onChange,
  testId,
  ...aria
}: { type: string; value?: number[]; onChange?: (value: number[]) => void; testId?: string } & FieldAriaProps) {
  const { t, language } = useLanguage();
  const rows = useCachedRows(type);
  return (
    <Select
      {...aria}
      mode="multiple"
      allowClear
      data-testid={testId}
      placeholder={t('recruitment.choose')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? []}
      onChange={(next) => onChange?.(next as number[])}
      options={rows.filter((row) => row.isActive !== false).map((row) => ({ value: Number(row.id), label: rowName(row, language) }))}
      notFoundContent={rows.length === 0 ? t('recruitment.cacheEmpty') : undefined}
      style={{ minWidth: 280 }}
    />
  );
}
