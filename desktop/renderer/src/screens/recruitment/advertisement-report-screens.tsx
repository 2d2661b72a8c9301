import { ADVERTISEMENT_STATUSES, type AdvertisementStatus, formatDigits } from '@psc/core';
import { Button, Card, Col, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { ScrollRegion } from '../../components/scroll-region';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { query, toPaged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { AdvertisementListScreen } from './advertisement-list-screen';
import { joined, nameOf, type AdvertisementQuota, type Named } from './recruitment-api';
import { ErrorAlert } from '../../components/error-alert';
import { ExcelButton } from '../../components/excel-button';
import { StatusTag } from './recruitment-parts';

// spec §2 bigyapan/status (how many advertisements stand in each status, then the list of one)
// and advertisement-report (one row per advertisement: numbers, post, office, vacancies by quota,
// status and dates), printable from the window and downloaded as Excel with the same filters.

type StatusCount = { status: AdvertisementStatus; count: number };

function countsOf(data: unknown): Map<string, number> {
  // The summary may come as [{ status, count }] or as { counts: {...} } / { draft: n, ... }.
  if (Array.isArray(data)) return new Map((data as StatusCount[]).map((row) => [row.status, row.count]));
  const counts = (data as { counts?: StatusCount[] | Record<string, number> } | null)?.counts;
  if (Array.isArray(counts)) return new Map(counts.map((row) => [row.status, row.count]));
  const record = counts ?? (data as Record<string, number> | null) ?? {};
  return new Map(Object.entries(record).filter(([, value]) => typeof value === 'number'));
}

export function AdvertisementStatusScreen() {
  const { t, language } = useLanguage();
  const [fiscalYear, setFiscalYear] = useState('');
  const summary = useApiQuery<unknown>(`/api/admin/advertisements/status-summary${query({ fiscalYear })}`);
  const counts = countsOf(summary.data);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('route.advertisementStatus')} data-testid="advertisement-status" extra={<FiscalYearInput allowClear placeholder={t('recruitment.fiscalYear')} style={{ width: 140 }} value={fiscalYear} onChange={setFiscalYear} />}>
        <ErrorAlert message={summary.error?.message} />
        <Row gutter={16}>
          {ADVERTISEMENT_STATUSES.map((status) => (
            <Col key={status} xs={12} md={4}>
              <Statistic title={<StatusTag status={status} />} value={formatDigits(counts.get(status) ?? 0, language)} data-testid={`status-count-${status}`} />
            </Col>
          ))}
        </Row>
      </Card>
      <AdvertisementListScreen title={t('route.advertisementList')} testId="advertisement-status-list" />
    </Space>
  );
}

type ReportRow = Named & {
  id?: number;
  code: string;
  fiscalYear?: string;
  status: string;
  post?: Named | null;
  class?: Named | null;
  service?: Named | null;
  organization?: Named | null;
  office?: Named | null;
  totalVacancy: number;
  quotas?: AdvertisementQuota[];
  numbers?: string[];
  publishDate?: string | null;
  lastDateForSubmission?: string | null;
  doubleFeeLastDate?: string | null;
};

export function AdvertisementReportScreen() {
  const { t, language } = useLanguage();
  const [fiscalYear, setFiscalYear] = useState('');
  const [status, setStatus] = useState<AdvertisementStatus | undefined>();
  const report = useApiQuery<unknown>(`/api/admin/reports/advertisements${query({ fiscalYear, status })}`);
  const rows = toPaged<ReportRow>(report.data).items;
  return (
    <Card
      title={t('route.advertisementReport')}
      data-testid="advertisement-report"
      extra={
        <Space>
          <FiscalYearInput allowClear placeholder={t('recruitment.fiscalYear')} style={{ width: 140 }} value={fiscalYear} onChange={setFiscalYear} />
          <Select
            allowClear
            placeholder={t('recruitment.status')}
            aria-label={t('recruitment.status')}
            style={{ width: 160 }}
            value={status}
            onChange={setStatus}
            options={ADVERTISEMENT_STATUSES.map((value) => ({ value, label: t(`recruitment.status.${value}`) }))}
          />
          <ExcelButton
            path={`/api/admin/reports/advertisements/excel${query({ fiscalYear, status })}`}
            fileName={`${['advertisement-report', fiscalYear, status].filter(Boolean).join('-').replace(/[^\w-]+/g, '-')}.xlsx`}
            disabled={!report.data}
            testId="advertisement-report-excel"
          />
          <Button onClick={() => window.print()}>{t('recruitment.print')}</Button>
        </Space>
      }
    >
      <ErrorAlert message={report.error?.message} />
      <ScrollRegion label={t('route.advertisementReport')}>
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          rowKey="code"
          loading={report.isLoading}
          dataSource={rows}
          pagination={false}
          columns={[
            { key: 'code', title: t('recruitment.advertisementCode'), render: (_, row) => formatDigits(row.code, language) },
            {
              key: 'post',
              title: t('recruitment.postOrService'),
              render: (_, row) => (
                <>
                  <div>{joined(row, 'post', language) || joined(row, 'service', language)}</div>
                  <Typography.Text type="secondary">
                    {[joined(row, 'class', language), joined(row, 'service', language)].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </>
              ),
            },
            { key: 'office', title: t('recruitment.requestOffice'), render: (_, row) => joined(row, 'organization', language) },
            {
              key: 'quotas',
              title: `${t('recruitment.quotas')} · ${t('recruitment.advertisementNumber')}`,
              // One line per quota: its vacancies and its advertisement number.
              render: (_, row) =>
                (row.quotas ?? []).map((quota) => (
                  <div key={quota.quotaId} style={{ whiteSpace: 'nowrap' }}>
                    {nameOf(quota, language)} {formatDigits(quota.vacancies, language)} · {formatDigits(quota.numberLabel ?? quota.label ?? '', language)}
                  </div>
                )),
            },
            { key: 'total', title: t('recruitment.totalVacancy'), render: (_, row) => formatDigits(row.totalVacancy, language) },
            { key: 'status', title: t('recruitment.status'), render: (_, row) => <StatusTag status={row.status} /> },
            { key: 'publish', title: t('recruitment.publishDate'), render: (_, row) => <DualDate value={row.publishDate ?? null} withTime={false} /> },
            { key: 'last', title: t('recruitment.lastDateForSubmission'), render: (_, row) => <DualDate value={row.lastDateForSubmission ?? null} withTime={false} /> },
          ]}
        />
      </ScrollRegion>
    </Card>
  );
}
