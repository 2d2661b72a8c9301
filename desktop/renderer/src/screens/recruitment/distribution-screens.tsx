import { checkDistribution, formatDigits } from '@psc/core';
import { Alert, App, Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { NumberInput } from '../../components/number-input';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, toPaged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { joined, nameOf, type AdvertisementNumber, type DistributionRequest, type DistributionRow, type RequisitionRow } from './recruitment-api';
import { QuotaSharesScreen } from './quota-shares-screen';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { StatusTag, enteredByOf } from './recruitment-parts';
import { useActions } from '../../stores/session-store';

// spec §2 percentage-distribution [PD] (the requests list and the manual form) and
// approval/percentage-distribution [PD]; spec §5 "Manual percentage distribution": the
// advertisement number generated first, a valid vacancy number, a quota type chosen, and the sum
// equal to the total. The same rule (checkDistribution of @psc/core) runs here live and on the API.

type QuotaShareRow = { quotaId: number; code: string; nameEn: string; nameNp: string; basisPoints: number };
type Line = { key: number; quotaId: number | null; vacancies: number | null; number: AdvertisementNumber | null };

let nextLineKey = 1;
const newLine = (quotaId: number | null = null, vacancies: number | null = null): Line => ({ key: nextLineKey++, quotaId, vacancies, number: null });

export function PercentageDistributionScreen() {
  const [params] = useSearchParams();
  const requisitionId = params.get('requisitionId');
  // The quota shares are part of this screen (?view=shares): spec §2 has no route of their own.
  if (params.get('view') === 'shares') return <QuotaSharesScreen />;
  return requisitionId ? <DistributionForm requisitionId={requisitionId} /> : <DistributionRequests />;
}

/** The requests list: approved requisitions and where their distribution stands. */
function DistributionRequests() {
  const { t, language } = useLanguage();
  const [search, setSearch] = useState('');
  const list = useApiQuery<unknown>(`/api/admin/distributions/requests${query({ search, pageSize: 100 })}`);
  const rows = toPaged<DistributionRequest>(list.data).items;
  return (
    <Card
      title={t('route.percentageDistribution')}
      data-testid="distribution-requests"
      extra={
        <Link to="/admin/percentage-distribution?view=shares" data-testid="open-quota-shares">
          {t('route.quotaShares')}
        </Link>
      }
    >
      <ErrorAlert message={list.error?.message} />
      <Input.Search allowClear placeholder={t('recruitment.search')} style={{ width: 260, marginBottom: 16 }} onSearch={(value) => setSearch(value.trim())} />
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'no', title: t('recruitment.requisitionNo'), render: (_, row) => row.requisitionNo },
          { key: 'fy', title: t('recruitment.fiscalYear'), render: (_, row) => formatDigits(row.fiscalYear, language) },
          { key: 'post', title: t('recruitment.postOrService'), render: (_, row) => joined(row, 'post', language) || joined(row, 'service', language) },
          { key: 'class', title: t('recruitment.class'), render: (_, row) => joined(row, 'class', language) },
          { key: 'total', title: t('recruitment.totalVacancy'), render: (_, row) => formatDigits(row.totalVacancy, language) },
          { key: 'state', title: t('recruitment.distributionStatus'), render: (_, row) => <StatusTag status={row.distributionStatus ?? 'none'} /> },
          {
            key: 'actions',
            title: t('master.actions'),
            render: (_, row) =>
              (row.distributionStatus ?? 'none') === 'none' || row.distributionStatus === 'rejected' ? (
                <Link to={`/admin/percentage-distribution?requisitionId=${row.id}`} data-testid={`distribute-${row.id}`}>
                  {t('recruitment.distribute')}
                </Link>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

function DistributionForm({ requisitionId }: { requisitionId: string }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const requisition = useApiQuery<RequisitionRow>(`/api/admin/requisitions/${requisitionId}`);
  const shares = useApiQuery<QuotaShareRow[]>('/api/admin/quota-shares');
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [method, setMethod] = useState<'manual' | 'automatic'>('manual');
  const [remarks, setRemarks] = useState('');
  const [generating, setGenerating] = useState<number | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [triedToSave, setTriedToSave] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => setServerError(null), [lines]);

  const total = requisition.data?.totalVacancy ?? 0;
  const sum = lines.reduce((acc, line) => acc + (line.vacancies ?? 0), 0);
  const issues = checkDistribution(
    total,
    lines.map((line) => ({ quotaId: line.quotaId, vacancies: line.vacancies, advertisementNumberId: line.number?.id ?? null })),
  );
  const quotaOptions = (shares.data ?? []).map((share) => ({ value: share.quotaId, label: language === 'ne' ? share.nameNp : share.nameEn }));

  function update(key: number, change: Partial<Line>) {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setMethod('manual');
  }

  async function propose() {
    const result = await callApi<{ total: number; lines: { quotaId: number; vacancies: number }[] }>(`/api/admin/distributions/proposal/${requisitionId}`);
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    // Numbers already generated are kept for the lines of the same quota: a number is never wasted.
    setLines((current) =>
      result.data.lines.map((proposed) => {
        const kept = current.find((line) => line.quotaId === proposed.quotaId)?.number ?? null;
        return { ...newLine(proposed.quotaId, proposed.vacancies), number: kept };
      }),
    );
    setMethod('automatic');
  }

  async function generate(line: Line) {
    setGenerating(line.key);
    const result = await callApi<AdvertisementNumber>('/api/admin/advertisement-numbers', { method: 'POST', body: { requisitionId: Number(requisitionId) } });
    setGenerating(null);
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    setLines((current) => current.map((row) => (row.key === line.key ? { ...row, number: result.data } : row)));
  }

  async function save() {
    setTriedToSave(true);
    if (issues.length > 0) return;
    setIsSaving(true);
    const result = await callApi<{ id: number }>('/api/admin/distributions', {
      method: 'POST',
      body: {
        requisitionId: Number(requisitionId),
        method,
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
        lines: lines.map((line) => ({ quotaId: line.quotaId, vacancies: line.vacancies, advertisementNumberId: line.number?.id })),
      },
    });
    setIsSaving(false);
    if (!result.ok) {
      const fieldMessages = Object.values(result.errors ?? {}).flat();
      setServerError([result.message, ...fieldMessages].join(' '));
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    navigate('/admin/percentage-distribution');
  }

  const row = requisition.data;
  return (
    <Card
      title={t('recruitment.distributionForm')}
      data-testid="distribution-form"
      extra={
        <Link to="/admin/percentage-distribution">
          <Button>{t('recruitment.backToList')}</Button>
        </Link>
      }
    >
      <ErrorAlert message={requisition.error?.message ?? shares.error?.message} />
      {row ? (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('recruitment.requisitionNo')}>{row.requisitionNo}</Descriptions.Item>
          <Descriptions.Item label={t('recruitment.postOrService')}>{joined(row, 'post', language) || joined(row, 'service', language)}</Descriptions.Item>
          <Descriptions.Item label={t('recruitment.totalVacancy')}>
            <Typography.Text strong data-testid="distribution-total">
              {formatDigits(total, language)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={() => void propose()} data-testid="distribution-propose">
          {t('recruitment.automaticProposal')}
        </Button>
        <Button onClick={() => setLines((current) => [...current, newLine()])} data-testid="distribution-add-line">
          {t('recruitment.addLine')}
        </Button>
        <Tag data-testid="distribution-method">
          {t('recruitment.method')}: {t(`recruitment.method.${method}`)}
        </Tag>
      </Space>
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="key"
        dataSource={lines}
        pagination={false}
        columns={[
          {
            key: 'quota',
            title: t('recruitment.quota'),
            render: (_, line, index) => (
              <Select
                data-testid={`line-quota-${index}`}
                placeholder={t('recruitment.choose')}
                aria-label={`${t('recruitment.quota')} ${formatDigits(index + 1, language)}`}
                style={{ width: 240 }}
                value={line.quotaId ?? undefined}
                options={quotaOptions}
                onChange={(value: number) => update(line.key, { quotaId: value })}
              />
            ),
          },
          {
            key: 'vacancies',
            title: t('recruitment.vacancies'),
            render: (_, line, index) => (
              <NumberInput
                aria-label={`${t('recruitment.vacancies')} ${formatDigits(index + 1, language)}`}
                data-testid={`line-vacancies-${index}`}
                min={1} precision={0} value={line.vacancies} onChange={(value) => update(line.key, { vacancies: value ?? null })} />
            ),
          },
          {
            key: 'number',
            title: t('recruitment.advertisementNumber'),
            render: (_, line, index) =>
              line.number ? (
                <Tag color="blue" data-testid={`line-number-${index}`}>
                  {formatDigits(line.number.label, language)}
                </Tag>
              ) : (
                <Button size="small" loading={generating === line.key} onClick={() => void generate(line)} data-testid={`line-generate-${index}`}>
                  {t('recruitment.generateNumber')}
                </Button>
              ),
          },
          {
            key: 'remove',
            title: '',
            render: (_, line) => (
              <Button size="small" type="text" danger disabled={lines.length === 1} onClick={() => setLines((current) => current.filter((row) => row.key !== line.key))}>
                {t('recruitment.removeLine')}
              </Button>
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('recruitment.sum')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <Typography.Text type={sum === total ? 'success' : 'danger'} data-testid="distribution-sum">
                {t('recruitment.sumOfTotal', { sum: formatDigits(sum, language), total: formatDigits(total, language) })}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
      {triedToSave && issues.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="distribution-issues"
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {issues.map((issue) => (
                <li key={issue}>{t(issue)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {serverError ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={serverError} /> : null}
      <Input.TextArea rows={2} placeholder={t('recruitment.remarks')} style={{ marginTop: 12 }} value={remarks} onChange={(event) => setRemarks(event.target.value)} />
      <Button type="primary" style={{ marginTop: 12 }} loading={isSaving} onClick={() => void save()} data-testid="distribution-save">
        {t('recruitment.save')}
      </Button>
    </Card>
  );
}

/** The lines of one distribution (quota, vacancies, number as printed), read from its details. */
function DistributionLines({ id }: { id: number }) {
  const { language } = useLanguage();
  const detail = useApiQuery<DistributionRow>(`/api/admin/distributions/${id}`);
  return (
    <Space wrap size={4} data-testid={`distribution-lines-${id}`}>
      {(detail.data?.lines ?? []).map((line) => (
        <Tag key={line.quotaId}>
          {joined(line, 'quota', language) || nameOf(line.quota ?? { nameEn: line.nameEn ?? null, nameNp: line.nameNp ?? null }, language)}: {formatDigits(line.vacancies, language)} ({formatDigits(line.label ?? line.numberLabel ?? '', language)})
        </Tag>
      ))}
    </Space>
  );
}

/** approval/percentage-distribution [PD]: pending distributions, approved or rejected with a remark. */
export function DistributionApprovalScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('PD');
  const [status, setStatus] = useState<string | undefined>('pending');
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const list = useApiQuery<unknown>(`/api/admin/distributions${query({ status, pageSize: 100 })}`);
  const rows = toPaged<DistributionRow>(list.data).items;

  function decide(row: DistributionRow, action: 'approve' | 'reject') {
    const label = t(`recruitment.${action}`);
    setDecision({
      title: label,
      question: t(`recruitment.confirm.distribution.${action}`),
      okText: label,
      danger: action === 'reject',
      onConfirm: async (remarks) => {
        const result = await callApi<{ advertisementId?: number; code?: string }>(`/api/admin/distributions/${row.id}/${action}`, { method: 'POST', body: { remarks } });
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.data?.code ? t('recruitment.advertisementCreated', { code: formatDigits(result.data.code, language) }) : result.message || t('recruitment.saved'));
        await list.reload();
        return true;
      },
    });
  }

  return (
    <Card title={t('route.approvePercentageDistribution')} data-testid="distribution-approval">
      <ErrorAlert message={list.error?.message} />
      <Select
        allowClear
        placeholder={t('recruitment.status')}
        aria-label={t('recruitment.status')}
        style={{ width: 180, marginBottom: 16 }}
        value={status}
        onChange={setStatus}
        options={(['pending', 'approved', 'rejected'] as const).map((value) => ({ value, label: t(`recruitment.status.${value}`) }))}
      />
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'no', title: t('recruitment.requisitionNo'), render: (_, row) => row.requisitionNo ?? row.requisition?.requisitionNo },
          { key: 'post', title: t('recruitment.postOrService'), render: (_, row) => joined(row.requisition, 'post', language) || joined(row.requisition, 'service', language) },
          { key: 'total', title: t('recruitment.totalVacancy'), render: (_, row) => formatDigits(row.totalVacancy ?? row.requisition?.totalVacancy, language) },
          {
            key: 'lines',
            title: t('recruitment.quotas'),
            render: (_, row) => <DistributionLines id={row.id} />,
          },
          { key: 'method', title: t('recruitment.method'), render: (_, row) => t(`recruitment.method.${row.method}`) },
          { key: 'status', title: t('recruitment.status'), render: (_, row) => <StatusTag status={row.status} /> },
          { key: 'by', title: t('recruitment.enteredBy'), render: (_, row) => enteredByOf(row, language) },
          { key: 'at', title: t('recruitment.enteredAt'), render: (_, row) => <DualDate value={row.createdAt} withTime={false} /> },
          {
            key: 'actions',
            title: t('master.actions'),
            render: (_, row) =>
              row.status === 'pending' ? (
                <Space>
                  {actions.has('approve') ? (
                    <Button size="small" type="primary" onClick={() => decide(row, 'approve')} data-testid={`approve-distribution-${row.id}`}>
                      {t('recruitment.approve')}
                    </Button>
                  ) : null}
                  {actions.has('reject') ? (
                    <Button size="small" danger onClick={() => decide(row, 'reject')} data-testid={`reject-distribution-${row.id}`}>
                      {t('recruitment.reject')}
                    </Button>
                  ) : null}
                </Space>
              ) : null,
          },
        ]}
      />
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
