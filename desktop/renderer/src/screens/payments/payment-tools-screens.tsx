import { formatDigits, formatMoney, PAYMENT_STATUSES, SETTLING_GROUPS } from '@psc/core';
import { App, Button, Card, Drawer, Form, Input, Select, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { AdDateInput } from '../../components/ad-date-input';
import { CachedSelect } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { PaymentDetail, PaymentFacts } from './payment-detail';
import { candidateName } from './payment-rules';
import {
  compareRmis,
  fetchPayment,
  fetchPaymentByEbpCode,
  moveAdvertisementPayments,
  paymentsPath,
  refundsPath,
  renameEbpCode,
  updatePayment,
  type PaymentPage,
  type RmisComparison,
  type StaffPayment,
} from './payments-api';

// spec §2 payment [CPM] with update, ebpCode, renameEbpCode, checkSynchronisedPayment,
// checkPaymentByEbpCode, and compare-rmis-data; the refund-due list (a payment that
// arrives for an application already paid is recorded for refund and shown to staff).

const PAGE_SIZE = 20;

function PaymentTable({ pathOf, onOpen, testId }: { pathOf: (page: number) => string; onOpen: (payment: StaffPayment) => void; testId: string }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const list = useApiQuery<PaymentPage>(pathOf(page));
  return (
    <>
      <ErrorAlert message={list.error?.message} />
      <Table<StaffPayment>
        rowKey="id"
        size="small"
        data-testid={testId}
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('payments.candidate'), key: 'candidate', render: (_, row) => `${candidateName(row, language)} (${row.username})` },
          { title: t('payments.advertisement'), key: 'advertisement', render: (_, row) => formatDigits(row.advertisementCode ?? '—', language) },
          { title: t('payments.method'), key: 'method', render: (_, row) => t(`payments.method.${row.method}` as TextKey) },
          { title: t('payments.amount'), key: 'amount', align: 'right', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, language)}</span> },
          { title: t('payments.code'), key: 'code', render: (_, row) => row.ebpCode ?? row.voucherNumber ?? row.gatewayReference ?? row.transactionUuid ?? '—' },
          { title: t('payments.submittedAt'), key: 'createdAt', render: (_, row) => <DualDate value={row.createdAt} /> },
          { title: t('payments.status'), key: 'status', render: (_, row) => <Tag>{t(`payments.status.${row.status}` as TextKey)}</Tag> },
          {
            title: '',
            key: 'open',
            render: (_, row) => (
              <Button size="small" onClick={() => onOpen(row)}>
                {t('payments.open')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

function PaymentDrawer({ payment, onClose }: { payment: StaffPayment | null; onClose: () => void }) {
  const { t } = useLanguage();
  const [current, setCurrent] = useState<StaffPayment | null>(null);
  const shown = current?.id === payment?.id ? current : payment;
  return (
    <Drawer open={payment !== null} width={720} title={t('payments.payment')} onClose={onClose} destroyOnHidden>
      {shown ? <PaymentDetail payment={shown} onChanged={() => void fetchPayment(shown.id).then((result) => result.ok && setCurrent(result.data))} /> : null}
    </Drawer>
  );
}

/** spec payment: every payment by status and search, and the refund-due list. */
export function PaymentListScreen() {
  const { t } = useLanguage();
  const [status, setStatus] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<StaffPayment | null>(null);
  return (
    <Card title={t('route.payment')} data-testid="payment-list">
      <Tabs
        items={[
          {
            key: 'all',
            label: t('payments.all'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Input.Search allowClear placeholder={t('payments.search')} aria-label={t('payments.search')} onSearch={(value) => setSearch(value.trim())} style={{ width: 360 }} />
                  <Select
                    allowClear
                    style={{ width: 220 }}
                    placeholder={t('payments.status')}
                    aria-label={t('payments.status')}
                    value={status}
                    onChange={setStatus}
                    options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.status.${value}` as TextKey) }))}
                  />
                </Space>
                <PaymentTable pathOf={(page) => paymentsPath({ status, search: search || undefined, page, pageSize: PAGE_SIZE })} onOpen={setOpen} testId="payment-table" />
              </Space>
            ),
          },
          {
            key: 'refunds',
            label: t('payments.refunds'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Paragraph type="secondary">{t('payments.refundsHint')}</Typography.Paragraph>
                <PaymentTable pathOf={(page) => refundsPath({ page, pageSize: PAGE_SIZE })} onOpen={setOpen} testId="refund-table" />
              </Space>
            ),
          },
        ]}
      />
      <PaymentDrawer payment={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** Finds one payment by its EBP code (checkPaymentByEbpCode, ebpCode, renameEbpCode). */
function useEbpLookup() {
  const [payment, setPayment] = useState<StaffPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lookUp = async (code: string) => {
    if (!code.trim()) return;
    const result = await fetchPaymentByEbpCode(code.trim());
    setPayment(result.ok ? result.data : null);
    setError(result.ok ? null : result.message);
  };
  const refresh = async () => {
    if (!payment) return;
    const result = await fetchPayment(payment.id);
    if (result.ok) setPayment(result.data);
  };
  return { payment, error, lookUp, refresh };
}

function EbpSearch({ onSearch }: { onSearch: (code: string) => void }) {
  const { t } = useLanguage();
  return <Input.Search allowClear enterButton={t('payments.find')} placeholder={t('payments.ebpCode')} onSearch={onSearch} style={{ maxWidth: 420 }} data-testid="ebp-search" />;
}

/** spec payment/checkPaymentByEbpCode: what is recorded under a code, read only. */
export function CheckPaymentByEbpCodeScreen() {
  const { t } = useLanguage();
  const lookup = useEbpLookup();
  return (
    <Card title={t('route.checkPaymentByEbpCode')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <EbpSearch onSearch={(code) => void lookup.lookUp(code)} />
        <ErrorAlert message={lookup.error} />
        {lookup.payment ? <PaymentFacts payment={lookup.payment} /> : null}
      </Space>
    </Card>
  );
}

/** spec payment/ebpCode: a payment named by its EBP code, verified like a voucher. */
export function EbpCodeScreen() {
  const { t } = useLanguage();
  const lookup = useEbpLookup();
  return (
    <Card title={t('route.ebpCode')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('payments.ebpHint')}</Typography.Paragraph>
        <EbpSearch onSearch={(code) => void lookup.lookUp(code)} />
        <ErrorAlert message={lookup.error} />
        {lookup.payment ? <PaymentDetail payment={lookup.payment} onChanged={() => void lookup.refresh()} /> : null}
      </Space>
    </Card>
  );
}

/** spec payment/renameEbpCode ("ebp code replace"), with a remark. */
export function RenameEbpCodeScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const lookup = useEbpLookup();
  const [form] = Form.useForm<{ ebpCode: string; remarks: string }>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  return (
    <Card title={t('route.renameEbpCode')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <EbpSearch onSearch={(code) => void lookup.lookUp(code)} />
        <ErrorAlert message={lookup.error} />
        {lookup.payment ? (
          <>
            <PaymentFacts payment={lookup.payment} />
            <Form
              form={form}
              layout="vertical"
              style={{ maxWidth: 480 }}
              onFinish={async (values) => {
                const result = await renameEbpCode(lookup.payment!.id, values.ebpCode, values.remarks);
                if (result.ok) {
                  void message.success(result.message);
                  form.resetFields();
                  setErrors({});
                  void lookup.lookUp(result.data.ebpCode);
                } else {
                  setErrors(result.errors ?? {});
                  void message.error(result.message);
                }
              }}
            >
              <Form.Item name="ebpCode" label={t('payments.newEbpCode')} rules={[{ required: true, message: t('recruitment.required') }]} validateStatus={errors.ebpCode ? 'error' : undefined} help={errors.ebpCode?.join(' ')}>
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="remarks" label={t('recruitment.remarks')} rules={[{ required: true, message: t('recruitment.remarksRequired') }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('recruitment.save')}
              </Button>
            </Form>
          </>
        ) : null}
      </Space>
    </Card>
  );
}

type Correction = { bankId?: number | null; voucherNumber?: string; payerName?: string; paidOn?: string | null; remarks: string };

/** spec payment/update: correct a payment record (bank, voucher number, payer, date), with a remark. */
export function PaymentUpdateScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [payment, setPayment] = useState<StaffPayment | null>(null);
  const [form] = Form.useForm<Correction>();
  const choose = (row: StaffPayment) => {
    setPayment(row);
    form.setFieldsValue({ bankId: row.bankId, voucherNumber: row.voucherNumber ?? '', payerName: row.payerName ?? '', paidOn: row.paidOn, remarks: '' });
  };
  return (
    <Card title={t('route.paymentUpdate')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={t('payments.search')} onSearch={(value) => setSearch(value.trim())} style={{ maxWidth: 420 }} />
        {search ? <PaymentTable pathOf={(page) => paymentsPath({ search, page, pageSize: PAGE_SIZE })} onOpen={choose} testId="payment-update-table" /> : null}
        {payment ? (
          <>
            <PaymentFacts payment={payment} />
            <Form
              form={form}
              layout="vertical"
              style={{ maxWidth: 480 }}
              onFinish={async (values) => {
                const result = await updatePayment(payment.id, {
                  bankId: values.bankId ?? null,
                  voucherNumber: values.voucherNumber?.trim() || null,
                  payerName: values.payerName?.trim() || null,
                  paidOn: values.paidOn ?? null,
                  remarks: values.remarks,
                });
                if (!result.ok) {
                  void message.error(result.message);
                  return;
                }
                void message.success(result.message);
                const fresh = await fetchPayment(payment.id);
                if (fresh.ok) choose(fresh.data);
              }}
            >
              <Form.Item name="bankId" label={t('payments.bank')}>
                <CachedSelect type="banks" />
              </Form.Item>
              <Form.Item name="voucherNumber" label={t('payments.voucherNumber')}>
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="payerName" label={t('payments.payerName')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="paidOn" label={t('payments.paidOn')}>
                <AdDateInput />
              </Form.Item>
              <Form.Item name="remarks" label={t('recruitment.remarks')} rules={[{ required: true, message: t('recruitment.remarksRequired') }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('recruitment.save')}
              </Button>
            </Form>
          </>
        ) : null}
      </Space>
    </Card>
  );
}

/** spec payment/checkSynchronisedPayment: online payments as the gateway settled them. */
export function CheckSynchronisedPaymentScreen() {
  const { t } = useLanguage();
  const [status, setStatus] = useState<string>('completed');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<StaffPayment | null>(null);
  return (
    <Card title={t('route.checkSynchronisedPayment')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('payments.syncHint')}</Typography.Paragraph>
        <Space wrap>
          <Select
            aria-label={t('payments.status')}
            style={{ width: 220 }}
            value={status}
            onChange={setStatus}
            options={(['initiated', 'completed', 'failed', 'refund-due'] as const).map((value) => ({ value, label: t(`payments.status.${value}` as TextKey) }))}
          />
          <Input.Search allowClear placeholder={t('payments.search')} onSearch={(value) => setSearch(value.trim())} style={{ width: 360 }} />
        </Space>
        <PaymentTable pathOf={(page) => paymentsPath({ status, search: search || undefined, page, pageSize: PAGE_SIZE })} onOpen={setOpen} testId="sync-table" />
      </Space>
      <PaymentDrawer payment={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

const RESULT_GROUPS = ['matched', 'missingHere', 'missingThere', 'amountDiffers'] as const;

/** compare-rmis-data: the revenue system's Excel export against the payments recorded here. */
export function CompareRmisScreen() {
  const { t, language } = useLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [advertisementId, setAdvertisementId] = useState('');
  const [result, setResult] = useState<RmisComparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const run = async () => {
    if (!file) return;
    setIsSending(true);
    const answer = await compareRmis(file, advertisementId ? Number(advertisementId) : undefined);
    setIsSending(false);
    if (answer.ok) {
      setResult(answer.data);
      setError(null);
    } else setError([answer.message, ...Object.values(answer.errors ?? {}).flat()].filter(Boolean).join(' '));
  };
  const amount = (value: number) => formatMoney(value, language);
  return (
    <Card title={t('route.compareRmisData')} data-testid="compare-rmis">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('payments.rmisHint')}</Typography.Paragraph>
        <Space wrap>
          <input type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(event) => setFile(event.target.files?.[0] ?? null)} aria-label={t('payments.rmisFile')} data-testid="rmis-file" />
          <Input style={{ width: 200 }} placeholder={t('payments.advertisementId')} aria-label={t('payments.advertisementId')} value={advertisementId} onChange={(event) => setAdvertisementId(event.target.value.replace(/\D/g, ''))} />
          <Button type="primary" disabled={!file} loading={isSending} onClick={() => void run()} data-testid="rmis-compare">
            {t('payments.compare')}
          </Button>
        </Space>
        <ErrorAlert message={error} />
        {result ? (
          <Tabs
            items={RESULT_GROUPS.map((group) => ({
              key: group,
              label: (
                <Statistic title={t(`payments.rmis.${group}` as TextKey)} value={formatDigits(result[group].length, language)} valueStyle={{ fontSize: 18 }} />
              ),
              children: (
                <Table
                  rowKey={(row) => `${row.code}-${'row' in row ? row.row : ''}-${'paymentId' in row ? row.paymentId : ''}`}
                  size="small"
                  dataSource={result[group] as Record<string, unknown>[]}
                  pagination={{ pageSize: 20 }}
                  columns={[
                    { title: t('payments.code'), dataIndex: 'code' },
                    ...(group === 'amountDiffers'
                      ? [
                          { title: t('payments.amountHere'), dataIndex: 'amountHere', render: (value: number) => amount(value) },
                          { title: t('payments.amountThere'), dataIndex: 'amountThere', render: (value: number) => amount(value) },
                        ]
                      : [{ title: t('payments.amount'), dataIndex: 'amount', render: (value: number) => amount(value) }]),
                    { title: t('payments.excelRow'), dataIndex: 'row', render: (value?: number) => (value === undefined ? '—' : formatDigits(value, language)) },
                    { title: t('payments.paymentId'), dataIndex: 'paymentId', render: (value?: number) => (value === undefined ? '—' : formatDigits(value, language)) },
                  ]}
                />
              ),
            }))}
            data-testid="rmis-result"
          />
        ) : null}
      </Space>
    </Card>
  );
}

type PublicAdvertisement = { code: string; postNameEn?: string | null; postNameNp?: string | null };

/**
 * spec §2 advertisement/payment/update [CPM]: every verified payment of one advertisement moves
 * from one paid group to another (for example when a decision says the government employees'
 * payments of an advertisement are implemented), with a remark; each payment is audited.
 */
export function AdvertisementPaymentUpdateScreen() {
  const { t, language } = useLanguage();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ advertisementCode: string; fromGroup: string; toGroup: string; remarks: string }>();
  const [search, setSearch] = useState('');
  const list = useApiQuery<{ items: PublicAdvertisement[] }>(`/api/public/advertisements?pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [moved, setMoved] = useState<number | null>(null);
  const groupOptions = SETTLING_GROUPS.map((value) => ({ value, label: t(`payments.group.${value}` as TextKey) }));
  const advertisementOptions = (list.data?.items ?? []).map((row) => ({
    value: row.code,
    label: `${row.code} — ${(language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? ''}`,
  }));
  const submit = (values: { advertisementCode: string; fromGroup: string; toGroup: string; remarks: string }) =>
    modal.confirm({
      title: t('route.advertisementPaymentUpdate'),
      content: t('payments.moveQuestion', { from: t(`payments.group.${values.fromGroup}` as TextKey), to: t(`payments.group.${values.toGroup}` as TextKey) }),
      okText: t('recruitment.save'),
      onOk: async () => {
        const result = await moveAdvertisementPayments(values);
        if (result.ok) {
          setErrors({});
          setMoved(result.data.moved);
          void message.success(result.message);
        } else {
          setErrors(result.errors ?? {});
          void message.error(result.message);
        }
      },
    });
  return (
    <Card title={t('route.advertisementPaymentUpdate')} data-testid="advertisement-payment-update">
      <Typography.Paragraph type="secondary">{t('payments.moveExplain')}</Typography.Paragraph>
      <ErrorAlert message={list.error?.message} />
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(values) => submit(values)}>
        <Form.Item name="advertisementCode" label={t('payments.advertisement')} rules={[{ required: true, message: t('recruitment.required') }]} validateStatus={errors.advertisementCode ? 'error' : undefined} help={errors.advertisementCode?.join(' ')}>
          <Select showSearch filterOption={false} onSearch={(value) => setSearch(value.trim())} options={advertisementOptions} loading={list.isLoading} data-testid="move-advertisement" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="fromGroup" label={t('payments.fromGroup')} rules={[{ required: true, message: t('recruitment.required') }]} validateStatus={errors.fromGroup ? 'error' : undefined} help={errors.fromGroup?.join(' ')}>
            <Select style={{ width: 240 }} options={groupOptions} data-testid="move-from" />
          </Form.Item>
          <Form.Item
            name="toGroup"
            label={t('payments.toGroup')}
            dependencies={['fromGroup']}
            rules={[
              { required: true, message: t('recruitment.required') },
              ({ getFieldValue }) => ({ validator: (_rule, value) => (value && value === getFieldValue('fromGroup') ? Promise.reject(new Error(t('payments.sameGroup'))) : Promise.resolve()) }),
            ]}
            validateStatus={errors.toGroup ? 'error' : undefined}
            help={errors.toGroup?.join(' ')}
          >
            <Select style={{ width: 240 }} options={groupOptions} data-testid="move-to" />
          </Form.Item>
        </Space>
        <Form.Item name="remarks" label={t('recruitment.remarks')} rules={[{ required: true, message: t('recruitment.remarksRequired') }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="move-save">
          {t('recruitment.save')}
        </Button>
      </Form>
      {moved !== null ? (
        <Statistic style={{ marginTop: 16 }} title={t('payments.moved')} value={formatDigits(moved, language)} data-testid="move-result" />
      ) : null}
    </Card>
  );
}
