import { formatDigits, formatMoney } from '@psc/core';
import { App, Button, Card, Descriptions, Input, Select, Space, Table } from 'antd';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, type Paged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { joined, openRequisitionDocument, type RequisitionKind, type RequisitionRow, type RequisitionStatus } from './recruitment-api';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { StatusTag, enteredByOf } from './recruitment-parts';
import { useActions } from '../../stores/session-store';

const PAGE_SIZE = 20;

/** The quota columns of spec §3 (open, female, internal, madhesi, total), shared by the lists. */
function quotaColumns(t: ReturnType<typeof useLanguage>['t'], language: 'ne' | 'en') {
  return [
    { key: 'open', title: t('recruitment.quotaOpen'), render: (_: unknown, row: RequisitionRow) => formatDigits(row.proposedOpen, language) },
    { key: 'female', title: t('recruitment.quotaFemale'), render: (_: unknown, row: RequisitionRow) => formatDigits(row.proposedFemale, language) },
    { key: 'internal', title: t('recruitment.quotaInternal'), render: (_: unknown, row: RequisitionRow) => formatDigits(row.proposedInternal, language) },
    { key: 'madhesi', title: t('recruitment.quotaMadhesi'), render: (_: unknown, row: RequisitionRow) => formatDigits(row.proposedMadhesi, language) },
    { key: 'total', title: t('recruitment.totalVacancy'), render: (_: unknown, row: RequisitionRow) => formatDigits(row.totalVacancy, language) },
  ];
}

/** Every spec §3 field of one requisition, shown under its row. */
export function RequisitionDetails({ row }: { row: RequisitionRow }) {
  const { t, language } = useLanguage();
  const fileId = row.documentFileId ?? row.document?.fileId;
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label={t('recruitment.service')}>{joined(row, 'service', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.group')}>{joined(row, 'group', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.subgroup')}>{joined(row, 'subgroup', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.class')}>{joined(row, 'class', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.post')}>{joined(row, 'post', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.cluster')}>{joined(row, 'cluster', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.demandOffice')}>{joined(row, 'demandOrganization', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.requestOffice')}>{joined(row, 'requestOrganization', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.requestedDate')}>
        <DualDate value={row.requestedDate} withTime={false} />
      </Descriptions.Item>
      <Descriptions.Item label={t('recruitment.applicationFee')}>{formatMoney(row.applicationFee, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.internalCompetitionFee')}>{formatMoney(row.internalCompetitionFee, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.extraQuotaFee')}>{formatMoney(row.extraQuotaFee, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.extraServiceFee')}>{formatMoney(row.extraServiceFee, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.extraClusterFee')}>{formatMoney(row.extraClusterFee, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.document')}>
        {fileId ? (
          <Button size="small" type="link" onClick={() => void openRequisitionDocument(fileId)}>
            {t('recruitment.viewDocument')}
          </Button>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('recruitment.workSummary')} span={3}>
        {row.workSummary}
      </Descriptions.Item>
      <Descriptions.Item label={t('recruitment.requisitionRemarks')}>{row.requisitionRemarks}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.remarks')}>{row.remarks}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.approvalRemarks')}>{row.approvalRemarks}</Descriptions.Item>
    </Descriptions>
  );
}

type ListProps = {
  /** approval/requisition: the decisions (approve, reject, delete) instead of editing. */
  mode: 'entry' | 'approval';
  /** service-requisition/design shows only requisitions by service. */
  fixedKind?: RequisitionKind;
  title: string;
};

export function RequisitionListScreen({ mode, fixedKind, title }: ListProps) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('RQ');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RequisitionStatus | undefined>(mode === 'approval' ? 'submitted' : undefined);
  const [kind, setKind] = useState<RequisitionKind | undefined>(fixedKind);
  const [fiscalYear, setFiscalYear] = useState('');
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const list = useApiQuery<Paged<RequisitionRow>>(`/api/admin/requisitions${query({ page, pageSize: PAGE_SIZE, search, status, kind, fiscalYear })}`);

  function decide(row: RequisitionRow, action: 'approve' | 'reject' | 'delete') {
    const label = t(`recruitment.${action}`);
    setDecision({
      title: `${label}: ${row.requisitionNo}`,
      question: t(`recruitment.confirm.${action}`, { no: row.requisitionNo }),
      okText: label,
      danger: action !== 'approve',
      onConfirm: async (remarks) => {
        const result =
          action === 'delete'
            ? await callApi(`/api/admin/requisitions/${row.id}${query({ remarks })}`, { method: 'DELETE' })
            : await callApi(`/api/admin/requisitions/${row.id}/${action}`, { method: 'POST', body: { remarks } });
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message || t('recruitment.saved'));
        await list.reload();
        return true;
      },
    });
  }

  return (
    <Card
      title={title}
      data-testid={mode === 'approval' ? 'requisition-approval' : 'requisition-list'}
      extra={
        mode === 'entry' && actions.has('create') ? (
          <Space>
            {fixedKind !== 'service' ? (
              <Link to="/admin/requisition/post-requisition/add/new">
                <Button type="primary" data-testid="add-post-requisition">
                  {t('route.addPostRequisition')}
                </Button>
              </Link>
            ) : null}
            <Link to="/admin/requisition/service-requisition/add/new">
              <Button data-testid="add-service-requisition">{t('route.addServiceRequisition')}</Button>
            </Link>
          </Space>
        ) : null
      }
    >
      <ErrorAlert message={list.error?.message} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('recruitment.search')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder={t('recruitment.status')}
          aria-label={t('recruitment.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={(['submitted', 'approved', 'rejected'] as const).map((value) => ({ value, label: t(`recruitment.status.${value}`) }))}
        />
        {fixedKind ? null : (
          <Select
            allowClear
            placeholder={t('recruitment.kind')}
            aria-label={t('recruitment.kind')}
            style={{ width: 160 }}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
            options={(['post', 'service'] as const).map((value) => ({ value, label: t(`recruitment.kind.${value}`) }))}
          />
        )}
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
        dataSource={list.data?.items ?? []}
        expandable={{ expandedRowRender: (row) => <RequisitionDetails row={row} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'no', title: t('recruitment.requisitionNo'), render: (_, row) => row.requisitionNo },
          { key: 'fy', title: t('recruitment.fiscalYear'), render: (_, row) => formatDigits(row.fiscalYear, language) },
          { key: 'kind', title: t('recruitment.kind'), render: (_, row) => t(`recruitment.kind.${row.kind}`) },
          { key: 'post', title: t('recruitment.postOrService'), render: (_, row) => joined(row, 'post', language) || joined(row, 'service', language) },
          { key: 'class', title: t('recruitment.class'), render: (_, row) => joined(row, 'class', language) },
          { key: 'office', title: t('recruitment.demandOffice'), render: (_, row) => joined(row, 'demandOrganization', language) },
          ...quotaColumns(t, language),
          { key: 'status', title: t('recruitment.status'), render: (_, row) => <StatusTag status={row.status} /> },
          { key: 'by', title: t('recruitment.enteredBy'), render: (_, row) => enteredByOf(row, language) },
          { key: 'at', title: t('recruitment.enteredAt'), render: (_, row) => <DualDate value={row.createdAt} withTime={false} /> },
          {
            key: 'actions',
            title: t('master.actions'),
            render: (_, row) => (
              <Space wrap>
                {mode === 'entry' && actions.has('update') && row.status !== 'approved' ? (
                  <Link to={`/admin/requisition/post-requisition/edit/${row.id}`} data-testid={`edit-requisition-${row.id}`}>
                    {t('master.edit')}
                  </Link>
                ) : null}
                {mode === 'approval' && row.status === 'submitted' && actions.has('approve') ? (
                  <Button size="small" type="primary" data-testid={`approve-requisition-${row.id}`} onClick={() => decide(row, 'approve')}>
                    {t('recruitment.approve')}
                  </Button>
                ) : null}
                {mode === 'approval' && row.status === 'submitted' && actions.has('reject') ? (
                  <Button size="small" danger data-testid={`reject-requisition-${row.id}`} onClick={() => decide(row, 'reject')}>
                    {t('recruitment.reject')}
                  </Button>
                ) : null}
                {mode === 'approval' && row.status !== 'approved' && actions.has('delete') ? (
                  <Button size="small" danger type="text" data-testid={`delete-requisition-${row.id}`} onClick={() => decide(row, 'delete')}>
                    {t('recruitment.delete')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
