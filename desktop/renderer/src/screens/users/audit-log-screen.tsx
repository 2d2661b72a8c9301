import { Alert, Button, Card, Input, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { BsDateRangePicker } from '../../components/bs-date-picker';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { query, type AuditRow, type Paged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

const PAGE_SIZE = 25;

// Every staff write leaves an audit row (who, what, before and after). Read-only [UM read].
export function AuditLogScreen() {
  const { t } = useLanguage();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<{ entity?: string; actorUserId?: string; from?: string; to?: string }>({});
  const [draft, setDraft] = useState<{ entity?: string; actorUserId?: string; range?: [Dayjs | null, Dayjs | null] | null }>({});
  const { data, error, isLoading } = useApiQuery<Paged<AuditRow>>(`/api/admin/audit-log${query({ ...filters, page, pageSize: PAGE_SIZE })}`);

  function apply() {
    setFilters({
      ...(draft.entity ? { entity: draft.entity.trim() } : {}),
      ...(draft.actorUserId && /^\d+$/.test(draft.actorUserId.trim()) ? { actorUserId: draft.actorUserId.trim() } : {}),
      ...(draft.range?.[0] ? { from: draft.range[0].startOf('day').toISOString() } : {}),
      ...(draft.range?.[1] ? { to: draft.range[1].endOf('day').toISOString() } : {}),
    });
    setPage(1);
  }

  return (
    <Card title={t('route.auditLog')} data-testid="audit-log-screen">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input placeholder={t('audit.entity')} style={{ width: 200 }} onChange={(event) => setDraft({ ...draft, entity: event.target.value })} />
        <Input placeholder={t('audit.actor')} style={{ width: 160 }} onChange={(event) => setDraft({ ...draft, actorUserId: event.target.value })} />
        <BsDateRangePicker placeholder={[t('audit.fromDate'), t('audit.toDate')]} value={draft.range ?? null} onChange={(range) => setDraft({ ...draft, range })} testId="audit-range" />
        <Button type="primary" onClick={apply}>
          {t('audit.filter')}
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      <Table
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        expandable={{
          expandedRowRender: (row) => (
            <Space align="start" size="large" wrap>
              <div>
                <Typography.Text strong>{t('audit.before')}</Typography.Text>
                <pre style={{ maxWidth: 520, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(row.before, null, 2)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('audit.after')}</Typography.Text>
                <pre style={{ maxWidth: 520, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(row.after, null, 2)}</pre>
              </div>
            </Space>
          ),
        }}
        columns={[
          { key: 'when', title: t('audit.when'), render: (_, row) => <DualDate value={row.occurredAt} /> },
          { key: 'actor', title: t('audit.actor'), render: (_, row) => row.actorUsername ?? row.actorUserId ?? '' },
          { key: 'action', title: t('audit.action'), dataIndex: 'action' },
          { key: 'entity', title: t('audit.entity'), render: (_, row) => `${row.entity}${row.entityId ? ` #${row.entityId}` : ''}` },
          { key: 'ip', title: t('audit.ip'), dataIndex: 'ipAddress' },
        ]}
      />
    </Card>
  );
}
