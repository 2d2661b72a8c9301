import { formatDigits } from '@psc/core';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import { COUNT_KEYS, finalisationEventsPath, finalisationsPath, finaliseScrutiny, reopenScrutiny, type FinalisationEvent, type FinalisationRow } from './scrutiny-reports-api';

// spec §2 finalized-scrutiny [SM]; §4 "Scrutiny allocation: ... finalise". The advertisements in
// scrutiny with their applications by status; finalise (asked to confirm) once nothing is
// unallocated, pending or on hold, and reopen only with a remark (the API audits both).

const PAGE_SIZE = 20;

function History({ advertisementId }: { advertisementId: number }) {
  const { t } = useLanguage();
  const events = useApiQuery<FinalisationEvent[]>(finalisationEventsPath(advertisementId));
  if (!events.data?.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Timeline
      items={events.data.map((event) => ({
        color: event.action === 'finalise' ? 'green' : 'orange',
        children: (
          <span>
            {t(`scrutinyReports.event.${event.action}` as TextKey)} · {event.actor} · <DualDate value={event.at} />
            {event.remark ? `: ${event.remark}` : ''}
          </span>
        ),
      }))}
    />
  );
}

export function FinalisedScrutinyScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('SM');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const list = useApiQuery<{ items: FinalisationRow[]; total: number }>(finalisationsPath(page, PAGE_SIZE));
  const postName = (row: FinalisationRow) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '—';

  const finalise = async (row: FinalisationRow) => {
    const result = await finaliseScrutiny(row.id);
    if (!result.ok) {
      void message.error({ content: result.message, key: 'scrutiny-finalise' });
      return;
    }
    void message.success(result.message);
    void list.reload();
  };

  const askReopen = (row: FinalisationRow) =>
    setDecision({
      title: t('scrutinyReports.reopen'),
      question: t('scrutinyReports.reopenQuestion', { code: formatDigits(row.code, language) }),
      okText: t('scrutinyReports.reopen'),
      danger: true,
      onConfirm: async (remark) => {
        const result = await reopenScrutiny(row.id, remark);
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message);
        void list.reload();
        return true;
      },
    });

  return (
    <Card title={t('route.finalizedScrutiny')} data-testid="finalized-scrutiny">
      <ErrorAlert message={list.error?.message} />
      <Table<FinalisationRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        expandable={{ expandedRowRender: (row) => <History advertisementId={row.id} />, expandIcon: undefined }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('scrutinyReports.advertisement'), key: 'code', render: (_, row) => formatDigits(row.code, language) },
          { title: t('scrutinyReports.post'), key: 'post', render: (_, row) => postName(row) },
          ...COUNT_KEYS.map((key) => ({
            title: t(`scrutinyReports.status.${key}` as TextKey),
            key,
            align: 'right' as const,
            render: (_: unknown, row: FinalisationRow) => formatDigits(row[key], language),
          })),
          { title: t('scrutinyReports.total'), key: 'total', align: 'right' as const, render: (_, row) => formatDigits(row.total, language) },
          {
            title: t('scrutinyReports.state'),
            key: 'state',
            render: (_, row) =>
              row.finalised ? (
                <Space direction="vertical" size={0}>
                  <Tag color="green" data-testid={`final-state-${row.id}`}>
                    {t('scrutinyReports.final')}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('scrutinyReports.finalisedBy', { name: row.finalisedBy ?? '' })} {row.finalisedAt ? <DualDate value={row.finalisedAt} /> : null}
                  </Typography.Text>
                </Space>
              ) : (
                <Space direction="vertical" size={0}>
                  <Tag data-testid={`final-state-${row.id}`}>{t('scrutinyReports.open')}</Tag>
                  {row.reopenedAt ? <Typography.Text type="secondary">{t('scrutinyReports.reopenedBy', { name: row.reopenedBy ?? '', remark: row.reopenRemark ?? '' })}</Typography.Text> : null}
                </Space>
              ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, row) => {
              if (!actions.has('update')) return null;
              if (row.finalised) {
                return (
                  <Button size="small" danger onClick={() => askReopen(row)} data-testid={`reopen-${row.id}`}>
                    {t('scrutinyReports.reopen')}
                  </Button>
                );
              }
              const unfinished = row.unallocated + row.pending + row.hold > 0;
              return (
                <Popconfirm
                  title={t('scrutinyReports.finalise')}
                  description={<div style={{ maxWidth: 320 }}>{t('scrutinyReports.finaliseQuestion', { code: formatDigits(row.code, language) })}</div>}
                  okText={t('common.yes')}
                  cancelText={t('common.no')}
                  okButtonProps={{ 'data-testid': 'finalise-confirm' }}
                  onConfirm={() => finalise(row)}
                >
                  <Button size="small" type="primary" title={unfinished ? t('scrutinyReports.unfinished') : undefined} data-testid={`finalise-${row.id}`}>
                    {t('scrutinyReports.finalise')}
                  </Button>
                </Popconfirm>
              );
            },
          },
        ]}
      />
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
