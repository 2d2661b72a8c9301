import { formatDigits, formatMoney, VERIFICATION_GROUPS, type VerificationGroup } from '@psc/core';
import { Button, Card, Drawer, Input, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { PaymentDetail } from './payment-detail';
import { candidateName, groupLabel } from './payment-rules';
import { fetchPayment, paymentsPath, type PaymentPage, type StaffPayment } from './payments-api';

// spec §2 payment-verification [CPM] with submitted, approved, rejected, noVerification,
// implemented, government, governmentImplemented, governmentRejected: the payments of one group,
// searchable; a payment opens with its voucher picture and the verification decisions.

const PAGE_SIZE = 20;

export function PaymentVerificationScreen({ group }: { group: VerificationGroup }) {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<StaffPayment | null>(null);
  const list = useApiQuery<PaymentPage>(paymentsPath({ group, search: search || undefined, page, pageSize: PAGE_SIZE }));

  const reopen = async (id: number) => {
    const result = await fetchPayment(id);
    setOpen(result.ok ? result.data : null);
  };

  return (
    <Card title={t('route.paymentVerification')} data-testid="payment-verification" data-group={group}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented
          value={group}
          onChange={(value) => {
            setPage(1);
            void navigate(`/admin/payment-verification/${value}`);
          }}
          options={VERIFICATION_GROUPS.map((value) => ({ value, label: t(groupLabel(value)) }))}
          data-testid="payment-groups"
        />
        <Input.Search
          allowClear
          placeholder={t('payments.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 420 }}
          data-testid="payment-search"
        />
        <ErrorAlert message={list.error?.message} />
        <Table<StaffPayment>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          scroll={{ x: true }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('payments.candidate'), key: 'candidate', render: (_, row) => `${candidateName(row, language)} (${row.username})` },
            { title: t('payments.advertisement'), key: 'advertisement', render: (_, row) => formatDigits(row.advertisementCode ?? '—', language) },
            { title: t('payments.method'), key: 'method', render: (_, row) => t(`payments.method.${row.method}` as TextKey) },
            { title: t('payments.amount'), key: 'amount', align: 'right', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, language)}</span> },
            { title: t('payments.bank'), key: 'bank', render: (_, row) => (language === 'ne' ? row.bankNameNp : row.bankNameEn) ?? '—' },
            { title: t('payments.code'), key: 'code', render: (_, row) => row.voucherNumber ?? row.ebpCode ?? row.transactionUuid ?? '—' },
            { title: t('payments.submittedAt'), key: 'createdAt', render: (_, row) => <DualDate value={row.createdAt} /> },
            { title: t('payments.status'), key: 'status', render: (_, row) => <Tag>{t(`payments.status.${row.status}` as TextKey)}</Tag> },
            {
              title: '',
              key: 'open',
              render: (_, row) => (
                <Button size="small" onClick={() => setOpen(row)} data-testid="payment-open">
                  {t('payments.open')}
                </Button>
              ),
            },
          ]}
        />
      </Space>
      <Drawer open={open !== null} width={720} title={t('payments.payment')} onClose={() => setOpen(null)} destroyOnHidden>
        {open ? (
          <PaymentDetail
            payment={open}
            onChanged={() => {
              void list.reload();
              void reopen(open.id);
            }}
          />
        ) : null}
      </Drawer>
    </Card>
  );
}
