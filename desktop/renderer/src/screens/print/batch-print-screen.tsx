import { formatDigits } from '@psc/core';
import { Alert, Button, Card, Form, List, Progress, Radio, Select, Space, Table, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import type { PrintKind, PrintLanguage } from '../../../../main/services/contract';
import { ErrorAlert } from '../../components/error-alert';
import { bilingual, sittingTime } from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { batchesPath, PRINT_KINDS, sittingsPath, type PrintBatchRow, type PrintSitting } from './print-api';
import { useBatchPrinter, useIsElectronPrinting, type PrintFailureRow } from './use-batch-printer';

// spec §2 download/admitCard [DA] and download/old/admitCard: the night before an exam a centre's
// chief prints its rooms' attendance sheets, room and door lists, and staff print admit cards for
// candidates without a phone. A sitting, what to print and for whom; the files with their counts;
// printing with progress, cancel and a retry of the failed files alone.

type Scope = 'sitting' | 'centre' | 'room';

function FailureList({ failures }: { failures: PrintFailureRow[] }) {
  const { t } = useLanguage();
  return (
    <List
      size="small"
      bordered
      header={<Typography.Text strong>{t('printScreen.failedTitle')}</Typography.Text>}
      dataSource={failures}
      data-testid="print-failures"
      renderItem={(failure) => (
        <List.Item data-testid={`print-failure-${failure.key}`}>
          <Space direction="vertical" size={0}>
            <Typography.Text code>{failure.fileName}</Typography.Text>
            <Typography.Text type="danger">{t(`printScreen.failure.${failure.code}` as TextKey, { message: failure.message })}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

export function BatchPrintScreen({ old }: { old: boolean }) {
  const { t, language } = useLanguage();
  const sittings = useApiQuery<{ items: PrintSitting[] }>(sittingsPath(old));
  const [allocationId, setAllocationId] = useState<number | null>(null);
  const [kind, setKind] = useState<PrintKind>('attendance');
  const [scope, setScope] = useState<Scope>('sitting');
  const [venueId, setVenueId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [lang, setLang] = useState<PrintLanguage>(language);
  const progressTextId = useId();
  const isElectron = useIsElectronPrinting();
  const printer = useBatchPrinter(isElectron === true);
  const { progress } = printer;

  const sitting = sittings.data?.items.find((item) => item.allocationId === allocationId) ?? null;
  const centre = sitting?.centres.find((item) => item.venueId === venueId) ?? null;
  // The door list is a centre's, so it has no room scope.
  const effectiveScope: Scope = kind === 'door-list' && scope === 'room' ? 'centre' : scope;
  const isScopeComplete = allocationId !== null && (effectiveScope === 'sitting' || (venueId !== null && (effectiveScope === 'centre' || roomId !== null)));
  const batches = useApiQuery<{ items: PrintBatchRow[] }>(
    isScopeComplete
      ? batchesPath({ allocationId, kind, venueId: effectiveScope === 'sitting' ? undefined : venueId ?? undefined, roomId: effectiveScope === 'room' ? roomId ?? undefined : undefined })
      : null,
  );
  const rows = useMemo(() => (isScopeComplete ? batches.data?.items ?? [] : []), [batches.data, isScopeComplete]);
  const documents = rows.reduce((sum, row) => sum + row.documents, 0);
  const hasStarted = progress.total > 0;
  const choose = (next: () => void) => {
    if (progress.isRunning) return;
    next();
    printer.reset();
  };

  return (
    <Card title={t(old ? 'route.downloadOldAdmitCard' : 'route.downloadAdmitCard')} data-testid="batch-print">
      <ErrorAlert message={sittings.error?.message ?? batches.error?.message} />
      <Form layout="vertical" disabled={progress.isRunning}>
        <Form.Item label={t('printScreen.sitting')}>
          <Select<number>
            data-testid="print-sitting"
            showSearch
            optionFilterProp="label"
            placeholder={t('printScreen.chooseSitting')}
            aria-label={t('printScreen.chooseSitting')}
            loading={sittings.isLoading}
            value={allocationId ?? undefined}
            notFoundContent={t(old ? 'printScreen.noOldSittings' : 'printScreen.noSittings')}
            onChange={(value) => choose(() => (setAllocationId(value), setVenueId(null), setRoomId(null)))}
            options={(sittings.data?.items ?? []).map((item) => ({
              value: item.allocationId,
              label: `${formatDigits(item.advertisementCode, language)} · ${bilingual(language, item.postNameEn, item.postNameNp)} · ${bilingual(language, item.paperNameEn, item.paperNameNp)} · ${sittingTime({ examDate: item.dateAd, startTime: item.startTime }, language)}`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('printScreen.what')}>
          <Radio.Group value={kind} onChange={(event) => choose(() => setKind(event.target.value as PrintKind))} data-testid="print-kind">
            {PRINT_KINDS.map((value) => (
              <Radio.Button key={value} value={value} data-testid={`print-kind-${value}`}>
                {t(`printScreen.kind.${value}` as TextKey)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label={t('printScreen.scope')}>
            <Radio.Group value={effectiveScope} onChange={(event) => choose(() => setScope(event.target.value as Scope))} data-testid="print-scope">
              <Radio value="sitting">{t('printScreen.scope.sitting')}</Radio>
              <Radio value="centre" data-testid="print-scope-centre">{t('printScreen.scope.centre')}</Radio>
              <Radio value="room" disabled={kind === 'door-list'} data-testid="print-scope-room">{t('printScreen.scope.room')}</Radio>
            </Radio.Group>
          </Form.Item>
          {effectiveScope !== 'sitting' ? (
            <Form.Item label={t('printScreen.centre')}>
              <Select<number>
                data-testid="print-centre"
                aria-label={t('printScreen.centre')}
                style={{ minWidth: 280 }}
                showSearch
                optionFilterProp="label"
                value={venueId ?? undefined}
                onChange={(value) => choose(() => (setVenueId(value), setRoomId(null)))}
                options={(sitting?.centres ?? []).map((item) => ({ value: item.venueId, label: bilingual(language, item.nameEn, item.nameNp) }))}
              />
            </Form.Item>
          ) : null}
          {effectiveScope === 'room' ? (
            <Form.Item label={t('printScreen.room')}>
              <Select<number>
                data-testid="print-room"
                aria-label={t('printScreen.room')}
                style={{ minWidth: 200 }}
                value={roomId ?? undefined}
                onChange={(value) => choose(() => setRoomId(value))}
                options={(centre?.rooms ?? []).map((room) => ({
                  value: room.roomId,
                  label: t('printScreen.roomOption', { room: formatDigits(room.roomNumber, language), candidates: formatDigits(room.candidates, language) }),
                }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('printScreen.language')}>
            <Radio.Group value={lang} onChange={(event) => choose(() => setLang(event.target.value as PrintLanguage))} data-testid="print-language">
              <Radio value="ne">नेपाली</Radio>
              <Radio value="en">English</Radio>
            </Radio.Group>
          </Form.Item>
        </Space>
      </Form>

      {isScopeComplete ? (
        <Table<PrintBatchRow>
          rowKey="key"
          size="small"
          data-testid="print-batches"
          loading={batches.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('printScreen.noBatches') }}
          title={() => (
            <Typography.Text strong data-testid="print-totals">
              {t('printScreen.totals', { count: rows.length, documents: formatDigits(documents, language) })}
            </Typography.Text>
          )}
          columns={[
            { title: t('printScreen.fileName'), dataIndex: 'fileName', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
            { title: t('printScreen.part'), key: 'part', align: 'right', render: (_, row) => formatDigits(row.part, language) },
            { title: t('printScreen.documents'), key: 'documents', align: 'right', render: (_, row) => formatDigits(row.documents, language) },
          ]}
        />
      ) : null}

      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Space wrap>
          <Button type="primary" data-testid="print-start" disabled={rows.length === 0 || progress.isRunning || isElectron === null} loading={progress.isRunning} onClick={() => void printer.start(rows, lang)}>
            {t(isElectron ? 'printScreen.chooseFolder' : 'printScreen.print')}
          </Button>
          <Button danger data-testid="print-cancel" disabled={!progress.isRunning} onClick={() => void printer.cancel()}>
            {t('printScreen.cancel')}
          </Button>
          <Button data-testid="print-retry" disabled={progress.isRunning || progress.failed.length === 0} onClick={() => void printer.retryFailed()}>
            {t('printScreen.retry')}
          </Button>
        </Space>
        {hasStarted ? (
          <div data-testid="print-progress">
            {/* The bar is named by the count under it (WCAG 2.1 4.1.2, axe aria-progressbar-name). */}
            <Progress
              aria-labelledby={progressTextId}
              percent={Math.round((progress.done / progress.total) * 100)}
              status={progress.failed.length > 0 ? 'exception' : progress.isRunning ? 'active' : 'success'}
            />
            <Typography.Text id={progressTextId} data-testid="print-progress-text">
              {t('printScreen.progress', { done: formatDigits(progress.done, language), total: formatDigits(progress.total, language), documents: formatDigits(progress.documents, language) })}
            </Typography.Text>
            {progress.folder ? <Typography.Paragraph type="secondary">{t('printScreen.folder', { folder: progress.folder })}</Typography.Paragraph> : null}
            {progress.current ? <Typography.Paragraph type="secondary">{t('printScreen.current', { file: progress.current })}</Typography.Paragraph> : null}
            {progress.isRunning ? <Typography.Paragraph type="secondary">{t('printScreen.running')}</Typography.Paragraph> : null}
          </div>
        ) : null}
        {hasStarted && !progress.isRunning && progress.cancelled ? <Alert type="warning" showIcon message={t('printScreen.cancelled')} data-testid="print-cancelled" /> : null}
        {hasStarted && !progress.isRunning && !progress.cancelled && progress.failed.length === 0 ? <Alert type="success" showIcon message={t('printScreen.finished')} data-testid="print-finished" /> : null}
        {progress.failed.length > 0 ? <FailureList failures={progress.failed} /> : null}
      </Space>
    </Card>
  );
}
