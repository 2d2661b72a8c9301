import { formatDigits, toLatinDigits } from '@psc/core';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { NumberInput } from '../../components/number-input';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DualDate, formatDualDate } from '../../components/dual-date';
import { ExcelButton } from '../../components/excel-button';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { useApiQuery } from '../../hooks/use-api-query';
import { candidateName } from './payment-rules';
import { applicationCountExcelPath, applicationCountPath, deleteApplication, paymentsPath, reapplicantsExcelPath, reapplicantsPath, type ApplicationCountRow, type PaymentPage, type ReapplicantRow, type StaffPayment } from './payments-api';

// spec §2 application-count-report[/{advtCode}/{fiscalYear}] [ER] and re-applicant-report, each
// with its Excel download of the same filters (the API writes the workbook), and
// delete-candidate-application (with a confirmation and a remark; the API audits it and puts it
// on the application's timeline).

const COUNT_COLUMNS = ['total', 'pending', 'approved', 'partiallyApproved', 'rejected', 'expired', 'paid', 'verificationPending', 'unpaid', 'reapplications'] as const;

/** The workbook's file name: the report and the filters it was taken with. */
const excelFileName = (report: string, filter: { advertisementCode?: string | undefined; fiscalYear?: string | undefined }) =>
  `${[report, filter.advertisementCode, filter.fiscalYear].filter(Boolean).join('-').replace(/[^\w-]+/g, '-')}.xlsx`;

function ReportFilter({ code, fiscalYear, onChange }: { code: string; fiscalYear: string; onChange: (code: string, fiscalYear: string) => void }) {
  const { t } = useLanguage();
  const [draft, setDraft] = useState({ code, fiscalYear });
  return (
    <Space wrap>
      <Input allowClear placeholder={t('payments.advertisementCode')} value={draft.code} onChange={(event) => setDraft({ ...draft, code: event.target.value })} style={{ width: 200 }} />
      <FiscalYearInput allowClear placeholder={t('recruitment.fiscalYear')} value={draft.fiscalYear} onChange={(fiscalYear) => setDraft({ ...draft, fiscalYear })} style={{ width: 140 }} />
      <Button type="primary" onClick={() => onChange(toLatinDigits(draft.code.trim()), toLatinDigits(draft.fiscalYear.trim()))}>
        {t('payments.find')}
      </Button>
    </Space>
  );
}

export function ApplicationCountReportScreen() {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const params = useParams();
  const code = params.advtCode ?? '';
  const fiscalYear = params.fiscalYear ?? '';
  const filter = { advertisementCode: code || undefined, fiscalYear: fiscalYear || undefined };
  const report = useApiQuery<ApplicationCountRow[]>(applicationCountPath(filter));
  return (
    <Card
      title={t('route.applicationCountReport')}
      data-testid="application-count-report"
      extra={
        <Space>
          <ExcelButton path={applicationCountExcelPath(filter)} fileName={excelFileName('application-count', filter)} disabled={!report.data} testId="application-count-excel" />
          <Button onClick={() => window.print()}>{t('recruitment.print')}</Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ReportFilter
          code={code}
          fiscalYear={fiscalYear}
          onChange={(nextCode, nextYear) =>
            void navigate(nextCode && nextYear ? `/admin/application-count-report/${encodeURIComponent(nextCode)}/${encodeURIComponent(nextYear)}` : '/admin/application-count-report')
          }
        />
        <ErrorAlert message={report.error?.message} />
        {report.data?.[0] ? (
          <Typography.Text type="secondary" data-testid="application-count-counted-at">
            {t('payments.countedAt', { time: formatDualDate(report.data[0].countedAt, language) })}
          </Typography.Text>
        ) : null}
        <Table<ApplicationCountRow>
          rowKey="advertisementId"
          size="small"
          loading={report.isLoading}
          dataSource={report.data ?? []}
          scroll={{ x: true }}
          pagination={false}
          columns={[
            { title: t('payments.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
            { title: t('recruitment.fiscalYear'), key: 'fiscalYear', render: (_, row) => formatDigits(row.fiscalYear, language) },
            { title: t('payments.post'), key: 'post', render: (_, row) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '—' },
            ...COUNT_COLUMNS.map((column) => ({
              title: t(`payments.count.${column}` as TextKey),
              key: column,
              align: 'right' as const,
              render: (_: unknown, row: ApplicationCountRow) => formatDigits(row[column], language),
            })),
          ]}
        />
      </Space>
    </Card>
  );
}

export function ReApplicantReportScreen() {
  const { t, language } = useLanguage();
  const [filter, setFilter] = useState({ code: '', fiscalYear: '' });
  const [page, setPage] = useState(1);
  const filterQuery = { advertisementCode: filter.code || undefined, fiscalYear: filter.fiscalYear || undefined };
  const report = useApiQuery<{ items: ReapplicantRow[]; total: number }>(reapplicantsPath({ ...filterQuery, page, pageSize: 50 }));
  return (
    <Card
      title={t('route.reApplicantReport')}
      data-testid="reapplicant-report"
      extra={<ExcelButton path={reapplicantsExcelPath(filterQuery)} fileName={excelFileName('re-applicants', filterQuery)} disabled={!report.data} testId="reapplicant-excel" />}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ReportFilter
          code={filter.code}
          fiscalYear={filter.fiscalYear}
          onChange={(code, fiscalYear) => {
            setFilter({ code, fiscalYear });
            setPage(1);
          }}
        />
        <ErrorAlert message={report.error?.message} />
        <Table<ReapplicantRow>
          rowKey="applicationId"
          size="small"
          loading={report.isLoading}
          dataSource={report.data?.items ?? []}
          scroll={{ x: true }}
          pagination={{ current: page, pageSize: 50, total: report.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('payments.candidate'), key: 'candidate', render: (_, row) => `${candidateName(row, language)} (${row.username})` },
            { title: t('payments.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
            { title: t('payments.attempt'), key: 'attempt', render: (_, row) => formatDigits(row.attempt, language) },
            { title: t('payments.status'), key: 'status', render: (_, row) => <Tag>{t(`payments.applicationStatus.${row.status}` as TextKey)}</Tag> },
            { title: t('payments.paymentState'), key: 'paymentState', render: (_, row) => <Tag>{t(`payments.paymentState.${row.paymentState}` as TextKey)}</Tag> },
            { title: t('payments.submittedAt'), key: 'submittedAt', render: (_, row) => <DualDate value={row.submittedAt} /> },
          ]}
        />
      </Space>
    </Card>
  );
}

/**
 * delete-candidate-application: the application is found through its payments (candidate, code
 * or advertisement) or named by its number, then deleted after a confirmation and a remark.
 */
export function DeleteCandidateApplicationScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [applicationId, setApplicationId] = useState<number | null>(null);
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const found = useApiQuery<PaymentPage>(search ? paymentsPath({ search, page: 1, pageSize: 50 }) : null);
  const rows = (found.data?.items ?? []).filter((row): row is StaffPayment & { applicationId: number } => row.applicationId !== null);

  const confirmDelete = (id: number) =>
    setDecision({
      title: t('route.deleteCandidateApplication'),
      question: t('payments.deleteQuestion', { id: formatDigits(id, language) }),
      okText: t('payments.delete'),
      danger: true,
      onConfirm: async (remarks) => {
        const result = await deleteApplication(id, remarks);
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message);
        void found.reload();
        return true;
      },
    });

  return (
    <Card title={t('route.deleteCandidateApplication')} data-testid="delete-application">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('payments.deleteHint')}</Typography.Paragraph>
        <Input.Search allowClear placeholder={t('payments.search')} onSearch={(value) => setSearch(value.trim())} style={{ maxWidth: 420 }} />
        {search ? (
          <Table
            rowKey="id"
            size="small"
            loading={found.isLoading}
            dataSource={rows}
            pagination={false}
            columns={[
              { title: t('payments.applicationId'), key: 'applicationId', render: (_, row) => formatDigits(row.applicationId, language) },
              { title: t('payments.candidate'), key: 'candidate', render: (_, row) => `${candidateName(row, language)} (${row.username})` },
              { title: t('payments.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode ?? '—', language) },
              {
                title: '',
                key: 'delete',
                render: (_, row) => (
                  <Button danger size="small" onClick={() => confirmDelete(row.applicationId)}>
                    {t('payments.delete')}
                  </Button>
                ),
              },
            ]}
          />
        ) : null}
        <Space>
          <NumberInput min={1} placeholder={t('payments.applicationId')} value={applicationId} onChange={(value) => setApplicationId(value)} style={{ width: 200 }} />
          <Button danger disabled={!applicationId} onClick={() => applicationId && confirmDelete(applicationId)}>
            {t('payments.delete')}
          </Button>
        </Space>
      </Space>
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
