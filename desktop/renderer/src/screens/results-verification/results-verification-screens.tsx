import { formatDigits } from '@psc/core';
import { App, Button, Card, Popconfirm, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import {
  bilingualText,
  changeRowStatus,
  downloadWorkbook,
  RowStatusTag,
  SittingSelect,
  useResultSittings,
  YesNo,
  type ResultRow,
  type RowStatus,
  type VerifiedPart,
} from '../../components/results';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';

// spec §2 attendance-verification and result-verification (pending, verified, status/{advtCode})
// and report-by-quota [POEC]; spec §4 "Attendance and result: pending or verified lists; verify,
// revert, verify all, revert all". The API refuses the uploader verifying their own rows and
// says so; its message is shown as it came.

const BASE: Record<VerifiedPart, string> = { attendance: '/admin/attendance-verification', marks: '/admin/result-verification' };

/** The pending or verified rows of a paper, with verify and revert of the rows chosen or of all. */
export function ResultVerificationScreen({ part, status }: { part: VerifiedPart; status: RowStatus }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const sittings = useResultSittings();
  const [key, setKey] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const sitting = sittings.find(key);
  const rows = useApiQuery<{ total: number; items: ResultRow[] }>(
    sitting ? `/api/admin/results/${part}/rows?advertisementId=${sitting.advertisementId}&examPaperId=${sitting.examPaperId}&status=${status}&pageSize=500` : null,
  );
  const act = async (action: 'verify' | 'revert', applicationIds?: number[]) => {
    if (!sitting) return;
    setIsBusy(true);
    const answer = await changeRowStatus(part, action, { advertisementId: sitting.advertisementId, examPaperId: sitting.examPaperId, ...(applicationIds ? { applicationIds } : {}) });
    setIsBusy(false);
    if (answer.ok) {
      void message.success(answer.message);
      setError(null);
      setSelected([]);
      void rows.reload();
    } else setError(answer.message);
  };
  const title = t(part === 'attendance' ? 'route.attendanceVerification' : 'route.resultVerification');
  return (
    <Card
      title={title}
      data-testid={`${part}-verification`}
      extra={sitting ? <Link to={`${BASE[part]}/status/${encodeURIComponent(sitting.advertisementCode)}`}>{t('resultsScreen.statusOf', { code: formatDigits(sitting.advertisementCode, language) })}</Link> : null}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SittingSelect items={sittings.items} value={key} onChange={(next) => (setKey(next), setSelected([]))} />
        <Tabs
          activeKey={status}
          onChange={(next) => navigate(`${BASE[part]}/${next}`)}
          items={(['pending', 'verified'] as const).map((value) => ({ key: value, label: t(`resultsScreen.status.${value}`) }))}
        />
        <Space wrap>
          {status === 'pending' ? (
            <>
              <Button type="primary" disabled={!sitting || selected.length === 0} loading={isBusy} onClick={() => void act('verify', selected)} data-testid="verify-selected">
                {t('resultsScreen.verifySelected')}
              </Button>
              <Popconfirm title={t('resultsScreen.verifyAllQuestion')} onConfirm={() => void act('verify')} okButtonProps={{ id: 'verify-all-confirm' }}>
                <Button disabled={!sitting || (rows.data?.total ?? 0) === 0} loading={isBusy} data-testid="verify-all">
                  {t('resultsScreen.verifyAll')}
                </Button>
              </Popconfirm>
            </>
          ) : (
            <>
              <Button disabled={!sitting || selected.length === 0} loading={isBusy} onClick={() => void act('revert', selected)} data-testid="revert-selected">
                {t('resultsScreen.revertSelected')}
              </Button>
              <Popconfirm title={t('resultsScreen.revertAllQuestion')} onConfirm={() => void act('revert')} okButtonProps={{ id: 'revert-all-confirm' }}>
                <Button danger disabled={!sitting || (rows.data?.total ?? 0) === 0} loading={isBusy} data-testid="revert-all">
                  {t('resultsScreen.revertAll')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
        <ErrorAlert message={error ?? rows.error?.message ?? sittings.error?.message} />
        <Table<ResultRow>
          rowKey="applicationId"
          size="small"
          loading={rows.isLoading}
          dataSource={rows.data?.items ?? []}
          locale={{ emptyText: t('resultsScreen.noRows') }}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          data-testid="verification-rows"
          columns={[
            { title: t('resultsScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
            { title: t('resultsScreen.masterId'), dataIndex: 'masterId', render: (value: number) => formatDigits(value, language) },
            { title: t('resultsScreen.name'), key: 'name', render: (_, row) => bilingualText(language, row.nameEn, row.nameNp) },
            { title: t('resultsScreen.present'), dataIndex: 'isPresent', render: (value: boolean | null) => <YesNo value={value} /> },
            ...(part === 'marks'
              ? [
                  { title: t('resultsScreen.marks'), dataIndex: 'marks', align: 'right' as const, render: (value: number | null) => (value === null ? '—' : formatDigits(value, language)) },
                  { title: t('resultsScreen.passed'), dataIndex: 'isPass', render: (value: boolean | null) => <YesNo value={value} /> },
                ]
              : []),
            { title: t('resultsScreen.status'), dataIndex: 'status', render: (value: RowStatus) => <RowStatusTag status={value} /> },
            { title: t('resultsScreen.uploadedBy'), dataIndex: 'uploadedBy' },
            { title: t('resultsScreen.verifiedBy'), dataIndex: 'verifiedBy' },
          ]}
        />
      </Space>
    </Card>
  );
}

type PaperStatus = { examPaperId: number; paperEn: string; paperNp: string; seated: number; attendancePending: number; attendanceVerified: number; marksPending: number; marksVerified: number; present: number; absent: number };

/** status/{advtCode}: per paper of the advertisement, attendance and marks pending and verified. */
export function ResultStatusScreen({ part }: { part: VerifiedPart }) {
  const { t, language } = useLanguage();
  const { advtCode } = useParams();
  const status = useApiQuery<{ advertisementCode: string; papers: PaperStatus[] }>(advtCode ? `/api/admin/results/status/${encodeURIComponent(advtCode)}` : null);
  const count = (value: number) => formatDigits(value, language);
  return (
    <Card title={t('resultsScreen.statusOf', { code: formatDigits(advtCode ?? '', language) })} data-testid={`${part}-status`}>
      <ErrorAlert message={status.error?.message} />
      <Table<PaperStatus>
        rowKey="examPaperId"
        size="small"
        loading={status.isLoading}
        dataSource={status.data?.papers ?? []}
        pagination={false}
        columns={[
          { title: t('resultsScreen.paper'), key: 'paper', render: (_, row) => bilingualText(language, row.paperEn, row.paperNp) },
          { title: t('resultsScreen.seated'), dataIndex: 'seated', align: 'right', render: count },
          { title: t('resultsScreen.present'), dataIndex: 'present', align: 'right', render: count },
          { title: t('resultsScreen.absent'), dataIndex: 'absent', align: 'right', render: count },
          { title: t('resultsScreen.attendancePending'), dataIndex: 'attendancePending', align: 'right', render: count },
          { title: t('resultsScreen.attendanceVerified'), dataIndex: 'attendanceVerified', align: 'right', render: count },
          { title: t('resultsScreen.marksPending'), dataIndex: 'marksPending', align: 'right', render: count },
          { title: t('resultsScreen.marksVerified'), dataIndex: 'marksVerified', align: 'right', render: count },
        ]}
      />
    </Card>
  );
}

type QuotaReportRow = { quotaCode: string | null; quotaEn: string | null; quotaNp: string | null; centreEn: string; centreNp: string; gender: 'male' | 'female' | 'other' | null; present: number; absent: number; passed: number };

/** report-by-quota: present, absent and passed per quota, exam centre and gender of a paper, and its Excel export. */
export function ReportByQuotaScreen() {
  const { t, language } = useLanguage();
  const sittings = useResultSittings();
  const [key, setKey] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const sitting = sittings.find(key);
  const query = sitting ? `advertisementId=${sitting.advertisementId}&examPaperId=${sitting.examPaperId}` : null;
  const report = useApiQuery<{ items: QuotaReportRow[] }>(query ? `/api/admin/results/report-by-quota?${query}` : null);
  const count = (value: number) => formatDigits(value, language);
  return (
    <Card title={t('route.reportByQuota')} data-testid="report-by-quota">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <SittingSelect items={sittings.items} value={key} onChange={setKey} />
          <Button disabled={!query} onClick={() => void downloadWorkbook(`/api/admin/results/report-by-quota?${query}&format=xlsx`, `report-by-quota-${sitting?.examPaperId ?? ''}.xlsx`).then(setError)} data-testid="report-by-quota-excel">
            {t('resultsScreen.exportExcel')}
          </Button>
        </Space>
        <ErrorAlert message={error ?? report.error?.message} />
        <Table<QuotaReportRow>
          rowKey={(row) => `${row.quotaCode}-${row.centreEn}-${row.gender}`}
          size="small"
          loading={report.isLoading}
          dataSource={report.data?.items ?? []}
          locale={{ emptyText: t('resultsScreen.noRows') }}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          data-testid="report-by-quota-rows"
          columns={[
            { title: t('resultsScreen.quota'), key: 'quota', render: (_, row) => bilingualText(language, row.quotaEn, row.quotaNp) || '—' },
            { title: t('resultsScreen.centre'), key: 'centre', render: (_, row) => bilingualText(language, row.centreEn, row.centreNp) },
            { title: t('resultsScreen.gender'), dataIndex: 'gender', render: (value: QuotaReportRow['gender']) => (value ? t(`results.gender.${value}`) : '—') },
            { title: t('resultsScreen.present'), dataIndex: 'present', align: 'right', render: count },
            { title: t('resultsScreen.absent'), dataIndex: 'absent', align: 'right', render: count },
            { title: t('resultsScreen.passed'), dataIndex: 'passed', align: 'right', render: count },
          ]}
        />
      </Space>
    </Card>
  );
}
