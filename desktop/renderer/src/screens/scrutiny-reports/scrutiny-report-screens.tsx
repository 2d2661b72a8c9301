import { formatDigits, toLatinDigits } from '@psc/core';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CachedSelect } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import {
  casteClassificationPath,
  COUNT_KEYS,
  downloadCasteClassification,
  downloadScrutinyReport,
  saveFile,
  scrutinyReportPath,
  type CasteClassification,
  type ClassificationRow,
  type ReportFilter,
  type ReportRow,
  type ScrutinyReport,
} from './scrutiny-reports-api';

// spec §2 scrutiny/report [SD] with §5 "Scrutiny report: office, advertisement code, fiscal year
// and exam centre required" (checked here and again by the API), and scrutiny/caste-classification
// [SC]: the approved applicants by caste, inclusive group, gender and district. Both export to Excel.

const PAGE_SIZE = 50;

type FilterForm = { officeId?: number | null; advertisementCode?: string; fiscalYear?: string; examCentreId?: number | null };

const fileName = (prefix: string, code: string) => `${prefix}-${toLatinDigits(code).replace(/[^\w-]+/g, '-')}.xlsx`;

export function ScrutinyReportScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<ReportFilter | null>(null);
  const [page, setPage] = useState(1);
  const [isDownloading, setIsDownloading] = useState(false);
  const report = useApiQuery<ScrutinyReport>(filter ? scrutinyReportPath(filter, page, PAGE_SIZE) : null);
  const name = (en: string | null | undefined, np: string | null | undefined) => (language === 'ne' ? np || en : en || np) ?? '';

  const show = (values: FilterForm) => {
    setFilter({ officeId: values.officeId!, advertisementCode: toLatinDigits(values.advertisementCode!.trim()), fiscalYear: values.fiscalYear!, examCentreId: values.examCentreId! });
    setPage(1);
  };

  const download = async () => {
    if (!filter) return;
    setIsDownloading(true);
    const result = await downloadScrutinyReport(filter);
    setIsDownloading(false);
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    saveFile(result.data, fileName('scrutiny-report', filter.advertisementCode));
  };

  // The API checks the four filters again; a field it refuses is shown under that field.
  const refused = report.error?.errors;
  useEffect(() => {
    if (refused) showFieldErrors(form, t, refused);
  }, [form, t, refused]);

  return (
    <Card title={t('route.scrutinyReport')} data-testid="scrutiny-report">
      <Form form={form} layout="vertical" onFinish={show} requiredMark>
        <Row gutter={12}>
          <Col xs={24} md={6}>
            <Form.Item name="officeId" label={t('scrutinyReports.office')} rules={[{ required: true, message: t('scrutinyReports.officeRequired') }]}>
              <CachedSelect type="organizations" testId="report-office" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="advertisementCode" label={t('scrutinyReports.advertisementCode')} rules={[{ required: true, whitespace: true, message: t('scrutinyReports.advertisementRequired') }]}>
              <Input data-testid="report-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item name="fiscalYear" label={t('scrutinyReports.fiscalYear')} rules={[{ required: true, message: t('scrutinyReports.fiscalYearRequired') }]}>
              <FiscalYearInput testId="report-fiscal-year" />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item name="examCentreId" label={t('scrutinyReports.examCentre')} rules={[{ required: true, message: t('scrutinyReports.examCentreRequired') }]}>
              <CachedSelect type="exam-centres" testId="report-exam-centre" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="report-show">
            {t('scrutinyReports.show')}
          </Button>
          <Button disabled={!report.data} loading={isDownloading} onClick={() => void download()} data-testid="report-excel">
            {t('scrutinyReports.excel')}
          </Button>
        </Space>
      </Form>
      <div style={{ marginTop: 16 }}>
        <ErrorAlert message={report.error?.message} />
        {report.data ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, md: 4 }} bordered>
              <Descriptions.Item label={t('scrutinyReports.advertisement')}>{formatDigits(report.data.advertisement.code, language)}</Descriptions.Item>
              <Descriptions.Item label={t('scrutinyReports.fiscalYear')}>{formatDigits(report.data.advertisement.fiscalYear, language)}</Descriptions.Item>
              <Descriptions.Item label={t('scrutinyReports.office')}>{name(report.data.advertisement.officeNameEn, report.data.advertisement.officeNameNp)}</Descriptions.Item>
              <Descriptions.Item label={t('scrutinyReports.examCentre')}>{name(report.data.advertisement.examCentreNameEn, report.data.advertisement.examCentreNameNp)}</Descriptions.Item>
            </Descriptions>
            <Space wrap data-testid="report-counts">
              {COUNT_KEYS.map((key) => (
                <Tag key={key}>
                  {t(`scrutinyReports.status.${key}` as TextKey)}: {formatDigits(report.data!.counts[key], language)}
                </Tag>
              ))}
              <Tag color="blue">
                {t('scrutinyReports.total')}: {formatDigits(report.data.counts.total, language)}
              </Tag>
            </Space>
            <Table<ReportRow>
              rowKey="applicationId"
              size="small"
              loading={report.isLoading}
              dataSource={report.data.items}
              scroll={{ x: true }}
              data-testid="report-table"
              pagination={{ current: page, pageSize: PAGE_SIZE, total: report.data.total, onChange: setPage, showSizeChanger: false }}
              columns={[
                { title: '#', key: 'serial', render: (_, __, index) => formatDigits((page - 1) * PAGE_SIZE + index + 1, language) },
                { title: t('scrutinyReports.receipt'), key: 'receipt', render: (_, row) => row.receiptCode },
                { title: t('scrutinyReports.masterId'), key: 'masterId', render: (_, row) => (row.masterId === null ? '—' : formatDigits(String(row.masterId), language)) },
                { title: t('scrutinyReports.candidate'), key: 'candidate', render: (_, row) => name(row.fullNameEn, row.fullNameNp) },
                { title: t('scrutinyReports.state'), key: 'status', render: (_, row) => <Tag>{t(`scrutinyReports.status.${row.scrutinyStatus}` as TextKey)}</Tag> },
                { title: t('scrutinyReports.officer'), key: 'officer', render: (_, row) => row.officerNameEn ?? row.officer ?? '—' },
                {
                  title: t('scrutinyReports.quotas'),
                  key: 'quotas',
                  render: (_, row) =>
                    row.quotas.map((quota) => (
                      <Tag key={quota.code} color={quota.status === 'approved' ? 'green' : quota.status === 'rejected' ? 'red' : undefined}>
                        {name(quota.nameEn, quota.nameNp)}: {t(`scrutinyReports.quota.${quota.status}` as TextKey)}
                      </Tag>
                    )),
                },
                { title: t('scrutinyReports.applicationStatus'), key: 'application', render: (_, row) => t(`scrutinyReports.application.${row.applicationStatus}` as TextKey) },
              ]}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('scrutinyReports.fourRequired')}</Typography.Text>
        )}
      </div>
    </Card>
  );
}

const DIMENSIONS = ['byCaste', 'byQuota', 'byGender', 'byDistrict'] as const;

export function CasteClassificationScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [draft, setDraft] = useState('');
  const [isDownloading, setIsDownloading] = useState(false);
  const report = useApiQuery<CasteClassification>(code ? casteClassificationPath(code) : null);

  const label = (dimension: (typeof DIMENSIONS)[number], row: ClassificationRow) => {
    if (row.key === '') return t('scrutinyReports.notGiven');
    if (dimension === 'byGender') return t(`scrutinyReports.gender.${row.key}` as TextKey);
    return (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn || row.nameNp) || row.key;
  };

  const download = async () => {
    setIsDownloading(true);
    const result = await downloadCasteClassification(code);
    setIsDownloading(false);
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    saveFile(result.data, fileName('caste-classification', code));
  };

  return (
    <Card title={t('route.casteClassification')} data-testid="caste-classification">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          placeholder={t('scrutinyReports.advertisementCode')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => setCode(toLatinDigits(draft.trim()))}
          style={{ width: 220 }}
          data-testid="caste-code"
        />
        <Button type="primary" onClick={() => setCode(toLatinDigits(draft.trim()))} data-testid="caste-show">
          {t('scrutinyReports.show')}
        </Button>
        <Button disabled={!report.data} loading={isDownloading} onClick={() => void download()} data-testid="caste-excel">
          {t('scrutinyReports.excel')}
        </Button>
      </Space>
      <ErrorAlert message={report.error ? (report.error.errors?.advertisementCode?.[0] ?? report.error.message) : null} />
      {report.data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text strong data-testid="caste-total">
            {formatDigits(report.data.advertisement.code, language)} · {t('scrutinyReports.approvedApplicants', { total: formatDigits(report.data.total, language) })}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            {DIMENSIONS.map((dimension) => (
              <Col xs={24} lg={12} key={dimension}>
                <Table<ClassificationRow>
                  title={() => <Typography.Text strong>{t(`scrutinyReports.${dimension}` as TextKey)}</Typography.Text>}
                  rowKey="key"
                  size="small"
                  bordered
                  pagination={false}
                  dataSource={report.data![dimension]}
                  data-testid={`caste-${dimension}`}
                  columns={[
                    { title: t(`scrutinyReports.${dimension}` as TextKey), key: 'label', render: (_, row) => label(dimension, row) },
                    { title: t('scrutinyReports.count'), key: 'count', align: 'right', width: 140, render: (_, row) => formatDigits(row.count, language) },
                  ]}
                />
              </Col>
            ))}
          </Row>
        </Space>
      ) : null}
    </Card>
  );
}
