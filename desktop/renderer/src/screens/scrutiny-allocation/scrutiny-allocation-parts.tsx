import { formatDigits, formatNumber, type Language } from '@psc/core';
import { Alert, Descriptions, Space, Tag, type PaginationProps } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ApiFailure } from '../../api/api-client';
import { DualDate } from '../../components/dual-date';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import type { OfficerWorkload, ScrutinyAdvertisement } from './scrutiny-allocation-api';

// Parts only the scrutiny allocation screens use. Parts another domain needs move to components/.

/** A person's name in the reader's language (spec §1); the English one when no Nepali one was given. */
export function nameIn(names: { fullNameEn: string | null; fullNameNp: string | null }, language: Language): string {
  return (language === 'ne' ? names.fullNameNp || names.fullNameEn : names.fullNameEn || names.fullNameNp) ?? '';
}

/** An officer as staff tell them apart: the name, and the user name, which is unique. */
export function officerLabel(officer: { username: string; fullNameEn: string | null; fullNameNp: string | null }, language: Language): string {
  return `${nameIn(officer, language)} (${officer.username})`;
}

export function postOf(row: { postNameEn: string | null; postNameNp: string | null }, language: Language): string {
  return (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '—';
}

/**
 * A count column: right-aligned so the digits line up, sortable, in the reader's digits with
 * South Asian grouping (spec §1; section officers compare columns of counts at a glance).
 */
export function countColumn<Row>(key: string, title: string, valueOf: (row: Row) => number, language: Language): ColumnType<Row> {
  return {
    key,
    title,
    align: 'right',
    sorter: (a, b) => valueOf(a) - valueOf(b),
    render: (_: unknown, row: Row) => <span data-count={key}>{formatNumber(valueOf(row), language)}</span>,
  };
}

/** An officer's load: allocated and unfinished of this advertisement, unfinished of all (a column group each). */
export function officerLoadColumns(t: (key: TextKey) => string, language: Language): ColumnsType<OfficerWorkload> {
  return [
    {
      key: 'here',
      title: t('scrutinyAllocation.thisAdvertisement'),
      children: [
        countColumn<OfficerWorkload>('allocated', t('scrutinyAllocation.allocated'), (row) => row.allocated, language),
        countColumn<OfficerWorkload>('unfinished', t('scrutinyAllocation.unfinished'), (row) => row.unfinished, language),
      ],
    },
    { key: 'all', title: t('scrutinyAllocation.allAdvertisements'), children: [countColumn<OfficerWorkload>('unfinishedAll', t('scrutinyAllocation.unfinished'), (row) => row.unfinishedAll, language)] },
  ];
}

/** A text column sorted in the reader's alphabet. */
export function textColumn<Row>(key: string, title: string, textOf: (row: Row) => string, language: Language): ColumnType<Row> {
  const collator = new Intl.Collator(language === 'ne' ? 'ne' : 'en', { numeric: true });
  return { key, title, sorter: (a, b) => collator.compare(textOf(a), textOf(b)), render: (_: unknown, row: Row) => textOf(row) };
}

/** A table's page numbers in the reader's digits (spec §1), for `pagination.itemRender`. */
export function pageNumbersIn(language: Language): PaginationProps['itemRender'] {
  return (page, type, element): ReactNode => (type === 'page' ? <a>{formatDigits(page, language)}</a> : element);
}

/** A table row that opens with Enter as well as with a click: section officers work from the keyboard. */
export function openableRow(open: () => void) {
  return {
    tabIndex: 0,
    style: { cursor: 'pointer' },
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') open();
    },
  };
}

/** The API's refusal in the user's language, with the field messages under it. */
export function FailureAlert({ failure, testId }: { failure: ApiFailure | null; testId?: string }) {
  if (!failure) return null;
  const details = Object.values(failure.errors ?? {}).flat();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={failure.message}
      description={details.length > 0 && !(details.length === 1 && details[0] === failure.message) ? details.join(' ') : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}

/** What waits and what is allocated, as a tag. */
export function AllocationStateTag({ row }: { row: Pick<ScrutinyAdvertisement, 'paid' | 'unallocated'> }) {
  const { t } = useLanguage();
  const state = row.paid === 0 ? 'none' : row.unallocated > 0 ? 'waiting' : 'done';
  const colour = { none: 'default', waiting: 'gold', done: 'green' }[state];
  return (
    <Tag color={colour} data-state={state}>
      {t(`scrutinyAllocation.state.${state}` as TextKey)}
    </Tag>
  );
}

/** The advertisement an allocation screen works on: code, post, closing date and counts. */
export function AdvertisementHeading({ advertisement }: { advertisement: ScrutinyAdvertisement }) {
  const { t, language } = useLanguage();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="allocation-advertisement" style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('scrutinyAllocation.advertisement')}>
        <Space>
          <strong style={{ whiteSpace: 'nowrap' }}>{formatDigits(advertisement.code, language)}</strong>
          <AllocationStateTag row={advertisement} />
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrutinyAllocation.post')}>{postOf(advertisement, language)}</Descriptions.Item>
      <Descriptions.Item label={t('scrutinyAllocation.doubleFeeLastDate')}>
        <DualDate value={advertisement.doubleFeeLastDate} withTime={false} />
      </Descriptions.Item>
      <Descriptions.Item label={t('scrutinyAllocation.paid')}>
        <span data-testid="count-paid">{formatNumber(advertisement.paid, language)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrutinyAllocation.allocated')}>
        <span data-testid="count-allocated">{formatNumber(advertisement.allocated, language)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrutinyAllocation.unallocated')}>
        <span data-testid="count-unallocated">{formatNumber(advertisement.unallocated, language)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Links from an advertisement's allocation to its other screens. */
export function AllocationLinks({ id }: { id: string }) {
  const { t } = useLanguage();
  return (
    <Space wrap>
      <Link to={`/admin/scrutiny-allocation/${id}`}>{t('route.scrutinyAllocationDetail')}</Link>
      <Link to={`/admin/re-allocation/${id}`} data-testid="to-reallocation">
        {t('scrutinyAllocation.toReallocate')}
      </Link>
      <Link to={`/admin/scrutiny-reallocation/${id}`} data-testid="to-switch">
        {t('scrutinyAllocation.toSwitch')}
      </Link>
      <Link to={`/admin/scrutiny-allocation-history?advertisementId=${id}`} data-testid="to-history">
        {t('scrutinyAllocation.toHistory')}
      </Link>
      <Link to={`/admin/allocation/report?advertisementId=${id}`} data-testid="to-report">
        {t('scrutinyAllocation.toReport')}
      </Link>
    </Space>
  );
}
