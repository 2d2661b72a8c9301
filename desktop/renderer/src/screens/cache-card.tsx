import { formatNumber } from '@psc/core';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { CacheStatus } from '../../../main/services/contract';
import { formatDualDate } from '../components/dual-date';
import { useLanguage } from '../i18n/use-language';
import { useSyncStore } from '../stores/sync-store';
import { invokeWorkstation } from '../workstation/workstation-client';

/** The local master-data copy kept by the main process (DESIGN "The desktop workstation": cache). */
export function CacheCard() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  // The same status the sync store keeps, so a sync finishing elsewhere shows here at once.
  const status = useSyncStore((state) => state.status);
  const [hasFailed, setHasFailed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const run = useCallback(async (call: () => Promise<CacheStatus>) => {
    setIsBusy(true);
    try {
      useSyncStore.setState({ status: await call() });
      setHasFailed(false);
      return true;
    } catch {
      setHasFailed(true);
      return false;
    } finally {
      setIsBusy(false);
    }
  }, []);

  useEffect(() => {
    void run(() => invokeWorkstation('cache.status', {}));
  }, [run]);

  async function clear() {
    if (await run(() => invokeWorkstation('cache.clear', {}))) void message.success(t('cache.cleared'));
  }


  return (
    <Card
      title={t('cache.title')}
      data-testid="cache-card"
      extra={
        <Space>
          <Button onClick={() => void run(() => invokeWorkstation('cache.status', {}))} loading={isBusy}>
            {t('cache.refresh')}
          </Button>
          <Popconfirm
            title={t('cache.clearConfirm')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => clear()}
            disabled={!status}
          >
            <Button danger disabled={!status}>
              {t('cache.clear')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('cache.description')}</Typography.Paragraph>
      {hasFailed ? <Alert type="warning" showIcon title={t('cache.unavailable')} style={{ marginBottom: 16 }} /> : null}
      {status ? (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('cache.lastSynced')}>
              <span data-testid="cache-last-synced">
                {status.lastSyncedAt ? formatDualDate(status.lastSyncedAt, language) : t('cache.neverSynced')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cache.totalRows')}>
              <span data-testid="cache-total-rows">{formatNumber(status.totalRows, language)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cache.file')}>
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {status.filePath}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            pagination={false}
            rowKey="type"
            dataSource={status.types}
            columns={[
              { key: 'type', title: t('cache.table'), render: (_, entry) => <Typography.Text code>{entry.type}</Typography.Text> },
              {
                key: 'rows',
                title: t('cache.rows'),
                align: 'right',
                render: (_, entry) => <span data-testid={`cache-rows-${entry.type}`}>{formatNumber(entry.rows, language)}</span>,
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
