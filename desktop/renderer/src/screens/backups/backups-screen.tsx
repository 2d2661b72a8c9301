import { formatNumber, type BackupDrillMismatch, type BackupDrillStatus, type BackupKind, type BackupStatus } from '@psc/core';
import { Alert, App, Button, Card, Descriptions, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';

// The backup screen (spec §4 "backups", §6 BUK): every backup with its time in both calendars,
// kind, outcome, duration and size; the last restore drill's result; "back up now" and "run
// restore drill" for BUK create. Both run in the background on the server, so while one runs
// the list is read again every few seconds.

const POLL_MS = 2000;

type BackupRow = {
  id: number;
  kind: BackupKind;
  status: BackupStatus;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  sizeBytes: number | null;
  tableCount: number | null;
  rowCount: number | null;
  fileCount: number | null;
  error: string | null;
  missingFiles: number;
  prunedAt: string | null;
  requestedByEn: string | null;
  requestedByNp: string | null;
};

type Drill = {
  id: number;
  backupId: number;
  status: BackupDrillStatus;
  startedAt: string;
  durationMs: number | null;
  tablesCompared: number | null;
  filesCompared: number | null;
  mismatches: BackupDrillMismatch[];
  error: string | null;
  requestedByEn: string | null;
  requestedByNp: string | null;
};

type Listing = { backups: BackupRow[]; lastDrill: Drill | null; running: boolean };

const COLOURS: Record<BackupStatus | BackupDrillStatus, string> = { running: 'processing', succeeded: 'success', passed: 'success', failed: 'error' };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function BackupsScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('BUK');
  const { data, error, isLoading, reload } = useApiQuery<Listing>('/api/admin/backups');
  const number = (value: number) => formatNumber(value, language);
  const seconds = (ms: number | null) => (ms === null ? '' : t('backupScreen.seconds', { value: number(oneDecimal(ms / 1000)) }));
  const megabytes = (bytes: number | null) => (bytes === null ? '' : t('backupScreen.megabytes', { value: number(oneDecimal(bytes / 1_048_576)) }));
  const nameOf = (row: { requestedByEn: string | null; requestedByNp: string | null }) => (language === 'ne' ? row.requestedByNp || row.requestedByEn : row.requestedByEn) ?? '';

  const running = data?.running ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);

  const start = async (path: string) => {
    const result = await callApi<{ started: true }>(path, { method: 'POST' });
    if (result.ok) void message.success({ content: result.message, key: 'backup' });
    else void message.error({ content: result.message, key: 'backup' });
    await reload();
  };

  const columns: ColumnsType<BackupRow> = [
    { key: 'started', title: t('backupScreen.started'), render: (_, row) => <DualDate value={row.startedAt} /> },
    { key: 'kind', title: t('backupScreen.kind'), render: (_, row) => t(`backupScreen.kind.${row.kind}`) },
    {
      key: 'status',
      title: t('backupScreen.status'),
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={COLOURS[row.status]}>{t(`backupScreen.status.${row.status}`)}</Tag>
          {row.prunedAt ? <Tag>{t('backupScreen.pruned')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'duration', title: t('backupScreen.duration'), align: 'right', render: (_, row) => seconds(row.durationMs) },
    { key: 'size', title: t('backupScreen.size'), align: 'right', render: (_, row) => megabytes(row.sizeBytes) },
    {
      key: 'rows',
      title: t('backupScreen.rows'),
      render: (_, row) => (row.tableCount === null ? '' : t('backupScreen.tablesRows', { tables: number(row.tableCount), rows: number(row.rowCount ?? 0) })),
    },
    { key: 'files', title: t('backupScreen.files'), align: 'right', render: (_, row) => (row.fileCount === null ? '' : number(row.fileCount)) },
    { key: 'by', title: t('backupScreen.by'), render: (_, row) => nameOf(row) },
    {
      key: 'note',
      title: t('backupScreen.note'),
      // The server's own words (a program's error, the files' hashes) follow the screen's.
      render: (_, row) =>
        row.status === 'failed' ? (
          <Typography.Text type="danger">{t('backupScreen.failedBecause', { error: row.error ?? '' })}</Typography.Text>
        ) : row.missingFiles > 0 ? (
          <Typography.Text type="warning" title={row.error ?? ''}>
            {t('backupScreen.missingFiles', { files: number(row.missingFiles) })}
          </Typography.Text>
        ) : null,
    },
  ];

  const newest = data?.backups[0];
  const drill = data?.lastDrill ?? null;
  const canRun = actions.has('create');

  return (
    <Card title={t('route.backups')} data-testid="backups-screen">
      <Typography.Paragraph type="secondary">{t('backupScreen.notice')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        {canRun ? (
          <>
            <Button type="primary" disabled={running} onClick={() => void start('/api/admin/backups')} data-testid="backup-now">
              {t('backupScreen.backUpNow')}
            </Button>
            <Button disabled={running || !newest} onClick={() => void start('/api/admin/backups/drills')} data-testid="backup-drill">
              {t('backupScreen.runDrill')}
            </Button>
          </>
        ) : null}
        <Button onClick={() => void reload()} loading={isLoading}>
          {t('backupScreen.refresh')}
        </Button>
      </Space>
      <ErrorAlert message={error?.message} />
      {running ? <Alert type="info" showIcon title={t('backupScreen.running')} style={{ marginBottom: 16 }} /> : null}
      {newest?.status === 'failed' ? (
        <Alert type="error" showIcon title={t('backupScreen.lastFailed', { error: newest.error ?? '' })} style={{ marginBottom: 16 }} data-testid="backup-failed" />
      ) : null}
      <Card type="inner" size="small" title={t('backupScreen.lastDrill')} style={{ marginBottom: 16 }} data-testid="backup-last-drill">
        {drill ? (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('backupScreen.status')}>
                <Tag color={COLOURS[drill.status]}>{t(`backupScreen.status.${drill.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('backupScreen.started')}>
                <DualDate value={drill.startedAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('backupScreen.duration')}>{seconds(drill.durationMs)}</Descriptions.Item>
              <Descriptions.Item label={t('backupScreen.kind')}>{t('backupScreen.drillOf', { id: number(drill.backupId) })}</Descriptions.Item>
              <Descriptions.Item label={t('backupScreen.rows')}>
                {drill.tablesCompared === null ? '' : t('backupScreen.compared', { tables: number(drill.tablesCompared), files: number(drill.filesCompared ?? 0) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('backupScreen.by')}>{nameOf(drill)}</Descriptions.Item>
            </Descriptions>
            {drill.error ? <Alert type="error" showIcon title={t('backupScreen.drillFailed', { error: drill.error })} style={{ marginTop: 8 }} /> : null}
            {drill.mismatches.length > 0 ? (
              <List
                size="small"
                header={t('backupScreen.mismatches')}
                dataSource={drill.mismatches}
                renderItem={(m) => (
                  <List.Item>
                    {m.item}: {m.expected} → {m.found}
                  </List.Item>
                )}
              />
            ) : null}
          </>
        ) : (
          <Typography.Text type="secondary">{t('backupScreen.noDrill')}</Typography.Text>
        )}
      </Card>
      <Table<BackupRow>
        size="small"
        rowKey="id"
        data-testid="backups-table"
        loading={isLoading && !data}
        dataSource={data?.backups ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('backupScreen.empty') }}
        scroll={{ x: true }}
      />
    </Card>
  );
}
