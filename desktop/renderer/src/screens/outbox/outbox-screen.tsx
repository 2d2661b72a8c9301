import { formatNumber } from '@psc/core';
import { Alert, Button, Card, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { query, type Paged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

// Mail and SMS leave through outboxes drained by the API's sender job. Without a mail
// server or SMS gateway they stay there, and an administrator with UM reads them here
// (GET /api/admin/outbox/mail and /sms, newest first, with the bodies).

const PAGE_SIZE = 20;

type OutboxStatus = 'pending' | 'sent' | 'failed';

type Delivery = {
  id: number;
  to: string;
  kind: string;
  userId: number | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
};

type MailRow = Delivery & { subject: string; bodyText: string };
type SmsRow = Delivery & { body: string };

const STATUS_COLOURS: Record<OutboxStatus, string> = { pending: 'gold', sent: 'green', failed: 'red' };

const KNOWN_KINDS = new Set(['temporary-password', 'password-reset', 'password-notice', 'password-changed', 'email-changed', 'account-recovery']);

function OutboxTable<Row extends Delivery>({ channel }: { channel: 'mail' | 'sms' }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus | undefined>();
  const [draftSearch, setDraftSearch] = useState('');
  const [search, setSearch] = useState('');
  const { data, error, isLoading, reload } = useApiQuery<Paged<Row>>(`/api/admin/outbox/${channel}${query({ page, pageSize: PAGE_SIZE, status, search })}`);

  const kindLabel = (kind: string) => (KNOWN_KINDS.has(kind) ? t(`outboxKind.${kind}` as TextKey) : kind);
  const bodyOf = (row: Row) => ('bodyText' in row ? String(row.bodyText) : 'body' in row ? String(row.body) : '');

  const columns: ColumnsType<Row> = [
    { key: 'created', title: t('outbox.created'), render: (_, row) => <DualDate value={row.createdAt} /> },
    { key: 'to', title: t('outbox.to'), render: (_, row) => <Typography.Text copyable>{row.to}</Typography.Text> },
    { key: 'kind', title: t('outbox.kind'), render: (_, row) => kindLabel(row.kind) },
    ...(channel === 'mail' ? [{ key: 'subject', title: t('outbox.subject'), render: (_: unknown, row: Row) => ('subject' in row ? String(row.subject) : '') }] : []),
    {
      key: 'status',
      title: t('outbox.status'),
      render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`outbox.status.${row.status}`)}</Tag>,
    },
    { key: 'attempts', title: t('outbox.attempts'), align: 'right', render: (_, row) => formatNumber(row.attempts, language) },
    { key: 'sent', title: t('outbox.sentAt'), render: (_, row) => (row.sentAt ? <DualDate value={row.sentAt} /> : '') },
  ];

  function applyFilter() {
    setSearch(draftSearch.trim());
    setPage(1);
  }

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<OutboxStatus | 'all'>
          style={{ width: 180 }}
          value={status ?? 'all'}
          aria-label={t('outbox.status')}
          data-testid={`outbox-${channel}-status`}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('outbox.allStatuses') },
            { value: 'pending', label: t('outbox.status.pending') },
            { value: 'sent', label: t('outbox.status.sent') },
            { value: 'failed', label: t('outbox.status.failed') },
          ]}
        />
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t(channel === 'mail' ? 'outbox.searchMail' : 'outbox.searchSms')}
          value={draftSearch}
          maxLength={100}
          onChange={(event) => setDraftSearch(event.target.value)}
          onSearch={applyFilter}
          enterButton={t('outbox.filter')}
        />
        <Button onClick={() => void reload()} loading={isLoading}>
          {t('outbox.refresh')}
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<Row>
        size="small"
        rowKey="id"
        data-testid={`outbox-${channel}-table`}
        loading={isLoading}
        dataSource={data?.items ?? []}
        columns={columns}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('outbox.total', { count: total }),
          onChange: setPage,
        }}
        expandable={{
          expandedRowRender: (row) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{t('outbox.body')}</Typography.Text>
              <pre data-testid="outbox-body" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', fontSize: 13, margin: 0, maxWidth: 900 }}>
                {bodyOf(row)}
              </pre>
              {row.lastError ? <Alert type="warning" showIcon title={`${t('outbox.lastError')}: ${row.lastError}`} /> : null}
            </Space>
          ),
        }}
      />
    </>
  );
}

export function OutboxScreen() {
  const { t } = useLanguage();
  return (
    <Card title={t('route.outbox')} data-testid="outbox-screen">
      <Typography.Paragraph type="secondary">{t('outbox.notice')}</Typography.Paragraph>
      <Tabs
        items={[
          { key: 'mail', label: t('outbox.mail'), children: <OutboxTable<MailRow> channel="mail" /> },
          { key: 'sms', label: t('outbox.sms'), children: <OutboxTable<SmsRow> channel="sms" /> },
        ]}
      />
    </Card>
  );
}
