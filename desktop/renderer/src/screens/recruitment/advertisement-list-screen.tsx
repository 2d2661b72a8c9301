import { ADVERTISEMENT_STATUSES, type AdvertisementStatus, formatDigits } from '@psc/core';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { query, toPaged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { joined, nameOf, numberLabelsOf, type AdvertisementRow } from './recruitment-api';
import { ErrorAlert } from '../../components/error-alert';
import { StatusTag } from './recruitment-parts';

const PAGE_SIZE = 20;

/** Quotas of an advertisement with their advertisement numbers, one tag each. */
export function QuotaTags({ row }: { row: AdvertisementRow }) {
  const { language } = useLanguage();
  return (
    <Space wrap size={4}>
      {(row.quotas ?? []).map((quota) => (
        <Tag key={quota.quotaId}>
          {nameOf(quota, language)} {formatDigits(quota.vacancies, language)} · {formatDigits(numberLabelsOf(quota).current, language)}
        </Tag>
      ))}
    </Space>
  );
}

type Props = {
  title: string;
  testId: string;
  /** The screens that work on some statuses only (publish-advertisement) start filtered to them. */
  statuses?: readonly AdvertisementStatus[];
  /** Where a row leads: the details by default. */
  linkOf?: (row: AdvertisementRow) => string;
  linkText?: string;
};

/** spec §2 advertisementlist: every advertisement, searchable by code, post or number. */
export function AdvertisementListScreen({ title, testId, statuses, linkOf, linkText }: Props) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdvertisementStatus | undefined>();
  const [fiscalYear, setFiscalYear] = useState('');
  const list = useApiQuery<unknown>(
    `/api/admin/advertisements${query({ page, pageSize: PAGE_SIZE, search, fiscalYear, status })}`,
  );
  const paged = toPaged<AdvertisementRow>(list.data);
  const rows = statuses && !status ? paged.items.filter((row) => statuses.includes(row.status)) : paged.items;
  return (
    <Card title={title} data-testid={testId}>
      <ErrorAlert message={list.error?.message} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('recruitment.searchAdvertisement')}
          style={{ width: 280 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder={t('recruitment.status')}
          aria-label={t('recruitment.status')}
          style={{ width: 180 }}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={(statuses ?? ADVERTISEMENT_STATUSES).map((value) => ({ value, label: t(`recruitment.status.${value}`) }))}
        />
        <FiscalYearInput
          allowClear
          placeholder={t('recruitment.fiscalYear')}
          style={{ width: 140 }}
          value={fiscalYear}
          onChange={(value) => {
            setFiscalYear(value);
            setPage(1);
          }}
        />
      </Space>
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: paged.total, showSizeChanger: false, onChange: setPage }}
        columns={[
          {
            key: 'code',
            title: t('recruitment.advertisementCode'),
            render: (_, row) => (
              <Link to={linkOf ? linkOf(row) : `/admin/advertisementlistDetails?id=${row.id}`} data-testid={`advertisement-${row.code}`}>
                {formatDigits(row.code, language)}
              </Link>
            ),
          },
          { key: 'post', title: t('recruitment.postOrService'), render: (_, row) => joined(row, 'post', language) || joined(row, 'service', language) },
          { key: 'class', title: t('recruitment.class'), render: (_, row) => joined(row, 'class', language) },
          { key: 'total', title: t('recruitment.totalVacancy'), render: (_, row) => formatDigits(row.totalVacancy, language) },
          {
            key: 'quotas',
            title: t('recruitment.quotas'),
            render: (_, row) => (
              <div style={{ maxWidth: 360 }}>
                <QuotaTags row={row} />
              </div>
            ),
          },
          { key: 'status', title: t('recruitment.status'), render: (_, row) => <StatusTag status={row.status} /> },
          { key: 'publish', title: t('recruitment.publishDate'), render: (_, row) => <DualDate value={row.publishDate ?? null} withTime={false} /> },
          { key: 'last', title: t('recruitment.lastDateForSubmission'), render: (_, row) => <DualDate value={row.lastDateForSubmission ?? null} withTime={false} /> },
          ...(linkText
            ? [{ key: 'open', title: t('master.actions'), render: (_: unknown, row: AdvertisementRow) => <Link to={linkOf ? linkOf(row) : '#'}>{linkText}</Link> }]
            : []),
        ]}
      />
    </Card>
  );
}
