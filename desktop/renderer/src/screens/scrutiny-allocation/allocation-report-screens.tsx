import { formatDigits, formatNumber, type Language } from '@psc/core';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  RECORD_COUNTS,
  closedAdvertisementsPath,
  historyPath,
  individualReportPath,
  reportPath,
  type AllocationEvent,
  type AllocationReport,
  type IndividualReport,
  type OfficerAdvertisementRow,
  type OfficerReportRow,
  type Paged,
  type RecordCounts,
  type ScrutinyAdvertisement,
} from './scrutiny-allocation-api';
import { countColumn, nameIn, officerLabel, pageNumbersIn, postOf, textColumn } from './scrutiny-allocation-parts';

// spec §2 scrutiny-allocation-history and allocation/report [SA], allocation/reportIndividual/
// {userDetails} [SD]; spec §3 "Scrutiny record": allocated, completed, remaining, on hold,
// pending, approved, rejected, number of forms.

const HISTORY_PAGE_SIZE = 50;
const ACTION_COLOURS = { allocate: 'blue', reallocate: 'orange', switch: 'purple' } as const;

/** The advertisement filter: the advertisements whose applications have closed (latest 200). */
function AdvertisementFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t, language } = useLanguage();
  const list = useApiQuery<Paged<ScrutinyAdvertisement>>(closedAdvertisementsPath(1, 200));
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      data-testid="advertisement-filter"
      aria-label={t('scrutinyAllocation.advertisement')}
      placeholder={t('scrutinyAllocation.allAdvertisements')}
      style={{ width: 420 }}
      loading={list.isLoading}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={(list.data?.items ?? []).map((row) => ({ value: row.id, label: `${formatDigits(row.code, language)}: ${postOf(row, language)}` }))}
    />
  );
}

/** ?advertisementId= of a report's address: the filter survives a reload and can be linked to. */
function useAdvertisementParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('advertisementId'));
  const value = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return [value, (id) => setParams(id === undefined ? {} : { advertisementId: String(id) })];
}

/** scrutiny-allocation-history: who allocated what to whom and when, latest first. */
export function AllocationHistoryScreen() {
  const { t, language } = useLanguage();
  const [advertisementId, setAdvertisementId] = useAdvertisementParam();
  const [page, setPage] = useState(1);
  const history = useApiQuery<Paged<AllocationEvent>>(historyPath({ advertisementId, page, pageSize: HISTORY_PAGE_SIZE }));
  const nameOrPool = (id: number | null, nameEn: string | null, nameNp: string | null) =>
    id === null ? t('scrutinyAllocation.waitingPool') : nameIn({ fullNameEn: nameEn, fullNameNp: nameNp }, language);
  return (
    <Card title={t('route.scrutinyAllocationHistory')} data-testid="allocation-history" extra={<Link to="/admin/scrutiny-allocation">{t('route.scrutinyAllocation')}</Link>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <AdvertisementFilter
          value={advertisementId}
          onChange={(id) => {
            setAdvertisementId(id);
            setPage(1);
          }}
        />
        <ErrorAlert message={history.error?.message} />
        <Table<AllocationEvent>
          rowKey="id"
          size="small"
          loading={history.isLoading}
          dataSource={history.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: HISTORY_PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false, itemRender: pageNumbersIn(language) }}
          columns={[
            { key: 'at', title: t('scrutinyAllocation.when'), sorter: (a, b) => a.at.localeCompare(b.at), render: (_, row) => <DualDate value={row.at} /> },
            textColumn<AllocationEvent>('advertisement', t('scrutinyAllocation.advertisement'), (row) => formatDigits(row.advertisementCode, language), language),
            {
              key: 'action',
              title: t('scrutinyAllocation.action'),
              sorter: (a, b) => a.action.localeCompare(b.action),
              render: (_, row) => (
                <Tag color={ACTION_COLOURS[row.action]} data-action={row.action}>
                  {t(`scrutinyAllocation.action.${row.action}` as TextKey)}
                </Tag>
              ),
            },
            textColumn<AllocationEvent>('from', t('scrutinyAllocation.from'), (row) => nameOrPool(row.fromOfficerId, row.fromOfficerNameEn, row.fromOfficerNameNp), language),
            textColumn<AllocationEvent>('to', t('scrutinyAllocation.to'), (row) => nameIn({ fullNameEn: row.toOfficerNameEn, fullNameNp: row.toOfficerNameNp }, language), language),
            countColumn<AllocationEvent>('applicationCount', t('scrutinyAllocation.applications'), (row) => row.applicationCount, language),
            textColumn<AllocationEvent>('by', t('scrutinyAllocation.by'), (row) => nameIn({ fullNameEn: row.actorNameEn, fullNameNp: row.actorNameNp }, language), language),
          ]}
        />
      </Space>
    </Card>
  );
}

/** The spec §3 count columns, right-aligned and sortable. */
function recordColumns<Row extends RecordCounts>(t: (key: TextKey) => string, language: Language): ColumnType<Row>[] {
  return RECORD_COUNTS.map((key) => countColumn<Row>(key, t(`scrutinyAllocation.count.${key}` as TextKey), (row) => row[key], language));
}

/** The totals row under a report's table, in the columns' places. */
function TotalsRow({ totals, leading }: { totals: RecordCounts | undefined; leading: number }) {
  const { t, language } = useLanguage();
  if (!totals) return null;
  return (
    <Table.Summary.Row data-testid="report-totals">
      <Table.Summary.Cell index={0} colSpan={leading}>
        <strong>{t('scrutinyAllocation.total')}</strong>
      </Table.Summary.Cell>
      {RECORD_COUNTS.map((key, index) => (
        <Table.Summary.Cell key={key} index={leading + index} align="right">
          <strong data-total={key}>{formatNumber(totals[key], language)}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** allocation/report: per officer, the spec §3 counts of one advertisement or of all. */
export function AllocationReportScreen() {
  const { t, language } = useLanguage();
  const [advertisementId, setAdvertisementId] = useAdvertisementParam();
  const report = useApiQuery<AllocationReport>(reportPath(advertisementId));
  // The individual report needs the scrutiny report privilege (SD).
  const canOpenIndividual = useActions('SD').size > 0;
  return (
    <Card
      title={t('route.allocationReport')}
      data-testid="allocation-report"
      extra={
        <Space>
          <Link to="/admin/scrutiny-allocation">{t('route.scrutinyAllocation')}</Link>
          <Button onClick={() => window.print()}>{t('scrutinyAllocation.print')}</Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <AdvertisementFilter value={advertisementId} onChange={setAdvertisementId} />
        <ErrorAlert message={report.error?.message} />
        <Table<OfficerReportRow>
          rowKey="officerId"
          size="small"
          loading={report.isLoading}
          dataSource={report.data?.officers ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: t('scrutinyAllocation.noAllocations') }}
          summary={() => (report.data && report.data.officers.length > 0 ? <TotalsRow totals={report.data.totals} leading={1} /> : null)}
          columns={[
            {
              ...textColumn<OfficerReportRow>('officer', t('scrutinyAllocation.officer'), (row) => officerLabel(row, language), language),
              render: (_, row) =>
                canOpenIndividual ? (
                  <Link to={`/admin/allocation/reportIndividual/${row.officerId}`} data-testid={`individual-${row.username}`}>
                    {officerLabel(row, language)}
                  </Link>
                ) : (
                  officerLabel(row, language)
                ),
            },
            ...recordColumns<OfficerReportRow>(t, language),
          ]}
        />
        <Typography.Text type="secondary">{t('scrutinyAllocation.formsHint')}</Typography.Text>
      </Space>
    </Card>
  );
}

/** allocation/reportIndividual/{userDetails}: one officer's counts per advertisement, and the totals. */
export function IndividualAllocationReportScreen() {
  const { t, language } = useLanguage();
  const officerId = useParams().userDetails ?? '';
  const report = useApiQuery<IndividualReport>(individualReportPath(officerId));
  const officer = report.data?.officer;
  return (
    <Card
      title={officer ? `${t('route.individualAllocationReport')}: ${officerLabel(officer, language)}` : t('route.individualAllocationReport')}
      data-testid="individual-allocation-report"
      extra={<Button onClick={() => window.print()}>{t('scrutinyAllocation.print')}</Button>}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ErrorAlert message={report.error?.message} />
        <Table<OfficerAdvertisementRow>
          rowKey="advertisementId"
          size="small"
          loading={report.isLoading}
          dataSource={report.data?.advertisements ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: t('scrutinyAllocation.noAllocations') }}
          summary={() => (report.data && report.data.advertisements.length > 0 ? <TotalsRow totals={report.data.totals} leading={1} /> : null)}
          columns={[
            {
              ...textColumn<OfficerAdvertisementRow>('advertisement', t('scrutinyAllocation.advertisement'), (row) => formatDigits(row.code, language), language),
              render: (_, row) => (
                <>
                  <div style={{ whiteSpace: 'nowrap' }}>{formatDigits(row.code, language)}</div>
                  <Typography.Text type="secondary">{postOf(row, language)}</Typography.Text>
                </>
              ),
            },
            ...recordColumns<OfficerAdvertisementRow>(t, language),
          ]}
        />
        <Typography.Text type="secondary">{t('scrutinyAllocation.formsHint')}</Typography.Text>
      </Space>
    </Card>
  );
}
