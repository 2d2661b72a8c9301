import { adToBs, formatBsDate, formatDigits, formatPhoneNumber, isConvertibleToBs } from '@psc/core';
import { App, Alert, Button, Card, Descriptions, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  creditPath,
  previewPath,
  progressPath,
  resendFailedSms,
  sendInvigilatorSms,
  sittingsPath,
  type DutyMessage,
  type Preview,
  type Progress,
  type Sitting,
  type SmsState,
} from './invigilator-sms-api';

// spec §2 bulk-invigilator-sms [BIS]: choose an advertisement's paper (a sitting) and, if wanted,
// some of its exam centres; the preview shows each invigilator on duty with the SMS they get
// (a centre whose invigilators are not final yet is shown but not sent, spec §4);
// Send (after a confirmation) queues them once; the progress below is read again every few
// seconds while messages wait, with the failures, their gateway answers and "Resend failed".

const POLL_MS = 3000;

const STATE_COLOURS: Record<SmsState, string> = { 'not-queued': 'default', queued: 'processing', sent: 'success', failed: 'error', changed: 'warning' };

export function BulkInvigilatorSmsScreen() {
  const { t, language } = useLanguage();
  const { message, modal } = App.useApp();
  const actions = useActions('BIS');
  const [sittingId, setSittingId] = useState<number | null>(null);
  const [venueIds, setVenueIds] = useState<number[]>([]);
  const sittings = useApiQuery<Sitting[]>(sittingsPath);
  const preview = useApiQuery<Preview>(sittingId === null ? null : previewPath(sittingId, venueIds));
  const progress = useApiQuery<Progress>(sittingId === null ? null : progressPath(sittingId));
  const credit = useApiQuery<{ available: number } | null>(creditPath);
  const digits = (value: number | string) => formatDigits(value, language);
  const nameOf = (row: { nameEn: string | null; nameNp: string | null }) => (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn || row.nameNp) ?? '';
  const current = preview.data && preview.data.sitting.id === sittingId ? preview.data : null;

  // While messages wait to be sent, the progress is read again.
  const waiting = (progress.data?.totals.queued ?? 0) + (progress.data?.totals.retrying ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void progress.reload();
      void preview.reload();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, progress.reload, preview.reload]); // eslint-disable-line react-hooks/exhaustive-deps

  const sittingLabel = (row: Sitting) => {
    const date = row.examDate && isConvertibleToBs(row.examDate) ? formatBsDate(adToBs(row.examDate), language) : '';
    return `${digits(row.advertisementCode)} · ${language === 'ne' ? row.paperNameNp : row.paperNameEn} · ${date} ${row.startTime ? digits(row.startTime) : ''}`;
  };

  const reachable = current ? current.duties.filter((duty) => duty.mobileValid && duty.dutyFinal).length : 0;

  const send = () => {
    if (!current || sittingId === null) return;
    modal.confirm({
      title: t('invigilatorSmsScreen.send'),
      content: t('invigilatorSmsScreen.sendQuestion', { reachable: digits(reachable) }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { 'data-testid': 'bis-send-confirm' },
      onOk: async () => {
        const result = await sendInvigilatorSms(sittingId, venueIds);
        if (!result.ok) {
          void message.error({ content: result.message, key: 'bis' });
          return;
        }
        const { queued, requeued, unchanged } = result.data;
        void message.success({ content: `${result.message} ${t('invigilatorSmsScreen.sentResult', { queued: digits(queued), requeued: digits(requeued), unchanged: digits(unchanged) })}`, key: 'bis' });
        void preview.reload();
        void progress.reload();
      },
    });
  };

  const resend = () => {
    if (sittingId === null || !progress.data) return;
    modal.confirm({
      title: t('invigilatorSmsScreen.resendFailed'),
      content: t('invigilatorSmsScreen.resendQuestion', { failed: digits(progress.data.totals.failed) }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { 'data-testid': 'bis-resend-confirm' },
      onOk: async () => {
        const result = await resendFailedSms(sittingId);
        if (!result.ok) {
          void message.error({ content: result.message, key: 'bis' });
          return;
        }
        void message.success({ content: result.message, key: 'bis' });
        void progress.reload();
        void preview.reload();
      },
    });
  };

  const totals = progress.data?.totals;

  return (
    <Card title={t('route.bulkInvigilatorSms')} data-testid="bulk-invigilator-sms">
      <ErrorAlert message={sittings.error?.message ?? preview.error?.message ?? progress.error?.message} />
      {sittings.data && sittings.data.length === 0 ? <Alert type="info" showIcon title={t('invigilatorSmsScreen.none')} /> : null}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="start">
          <Select<number>
            showSearch
            optionFilterProp="label"
            style={{ width: 560, maxWidth: '100%' }}
            placeholder={t('invigilatorSmsScreen.chooseSitting')}
            aria-label={t('invigilatorSmsScreen.sitting')}
            data-testid="bis-sitting"
            loading={sittings.isLoading}
            value={sittingId ?? undefined}
            onChange={(id) => {
              setSittingId(id);
              setVenueIds([]);
            }}
            options={(sittings.data ?? []).map((row) => ({ value: row.id, label: sittingLabel(row) }))}
          />
          {credit.data ? <Tag color="blue">{t('invigilatorSmsScreen.credit', { available: digits(credit.data.available) })}</Tag> : null}
        </Space>
        {current ? (
          <Select<number[]>
            mode="multiple"
            allowClear
            optionFilterProp="label"
            style={{ width: 560, maxWidth: '100%' }}
            placeholder={t('invigilatorSmsScreen.allCentres')}
            aria-label={t('invigilatorSmsScreen.centres')}
            data-testid="bis-centres"
            value={venueIds}
            onChange={setVenueIds}
            options={current.venues.map((venue) => ({ value: venue.id, label: `${nameOf(venue)} (${digits(venue.duties)})` }))}
          />
        ) : null}

        {current ? (
          <>
            <Space wrap>
              <Typography.Text data-testid="bis-summary">{t('invigilatorSmsScreen.summary', { duties: digits(current.duties.length), reachable: digits(reachable) })}</Typography.Text>
              {actions.has('create') ? (
                <Button type="primary" onClick={send} disabled={reachable === 0} data-testid="bis-send">
                  {t('invigilatorSmsScreen.send')}
                </Button>
              ) : null}
            </Space>
            <Typography.Title level={5}>{t('invigilatorSmsScreen.preview')}</Typography.Title>
            <Table<DutyMessage>
              rowKey="dedupeKey"
              size="small"
              data-testid="bis-preview"
              loading={preview.isLoading && !current}
              dataSource={current.duties}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              columns={[
                { title: t('invigilatorSmsScreen.centre'), key: 'centre', render: (_, row) => (language === 'ne' ? row.venueNameNp : row.venueNameEn) },
                {
                  title: t('invigilatorSmsScreen.duty'),
                  key: 'duty',
                  render: (_, row) => (row.duty === 'chief' ? t('invigilatorSmsScreen.chief') : t('invigilatorSmsScreen.room', { room: digits(row.roomNumber ?? '') })),
                },
                { title: t('invigilatorSmsScreen.name'), key: 'name', render: (_, row) => nameOf(row) },
                {
                  title: t('invigilatorSmsScreen.mobile'),
                  key: 'mobile',
                  render: (_, row) =>
                    row.mobileValid && row.mobile ? formatPhoneNumber(row.mobile, language) : <Tag color="red">{t('invigilatorSmsScreen.noMobile')}</Tag>,
                },
                {
                  title: t('invigilatorSmsScreen.message'),
                  key: 'message',
                  render: (_, row) => (
                    <Space direction="vertical" size={0}>
                      <Typography.Text lang="ne">{row.message}</Typography.Text>
                      <Typography.Text type="secondary">{t('invigilatorSmsScreen.parts', { parts: digits(row.parts) })}</Typography.Text>
                    </Space>
                  ),
                },
                {
                  title: t('invigilatorSmsScreen.state'),
                  key: 'state',
                  render: (_, row) =>
                    row.dutyFinal ? (
                      <Tag color={STATE_COLOURS[row.smsState]}>{t(`invigilatorSmsScreen.state.${row.smsState}` as TextKey)}</Tag>
                    ) : (
                      <Tag color="orange">{t('invigilatorSmsScreen.notFinal')}</Tag>
                    ),
                },
              ]}
            />

            {totals && totals.total > 0 ? (
              <>
                <Typography.Title level={5}>{t('invigilatorSmsScreen.progress')}</Typography.Title>
                <Space size="large" wrap data-testid="bis-progress">
                  <Statistic title={t('invigilatorSmsScreen.total')} value={digits(totals.total)} />
                  <Statistic title={t('invigilatorSmsScreen.queued')} value={digits(totals.queued)} />
                  <Statistic title={t('invigilatorSmsScreen.retrying')} value={digits(totals.retrying)} />
                  <Statistic title={t('invigilatorSmsScreen.sentCount')} value={digits(totals.sent)} data-testid="bis-sent" />
                  <Statistic title={t('invigilatorSmsScreen.failedCount')} value={digits(totals.failed)} data-testid="bis-failed" />
                </Space>
                {progress.data && progress.data.failures.length > 0 ? (
                  <>
                    <Space>
                      <Typography.Title level={5}>{t('invigilatorSmsScreen.failures')}</Typography.Title>
                      {actions.has('update') && totals.failed > 0 ? (
                        <Button danger onClick={resend} data-testid="bis-resend">
                          {t('invigilatorSmsScreen.resendFailed')}
                        </Button>
                      ) : null}
                    </Space>
                    <Table
                      rowKey="outboxId"
                      size="small"
                      pagination={false}
                      data-testid="bis-failures"
                      dataSource={progress.data.failures}
                      columns={[
                        { title: t('invigilatorSmsScreen.name'), key: 'name', render: (_, row) => nameOf(row) },
                        { title: t('invigilatorSmsScreen.mobile'), key: 'mobile', render: (_, row) => formatPhoneNumber(row.toNumber, language) },
                        { title: t('invigilatorSmsScreen.answer'), key: 'answer', render: (_, row) => row.providerAnswer ?? '—' },
                        {
                          title: t('invigilatorSmsScreen.state'),
                          key: 'state',
                          render: (_, row) => <Tag color={row.failed ? 'error' : 'warning'}>{t(row.failed ? 'invigilatorSmsScreen.failedForGood' : 'invigilatorSmsScreen.willRetry')}</Tag>,
                        },
                      ]}
                    />
                  </>
                ) : null}
                <Descriptions size="small" column={1} title={t('invigilatorSmsScreen.batches')}>
                  {progress.data?.batches.map((batch) => (
                    <Descriptions.Item key={batch.id} label={<DualDate value={batch.createdAt} />}>
                      {`${batch.createdBy ?? ''} · ${t('invigilatorSmsScreen.total')} ${digits(batch.total)} · ${t('invigilatorSmsScreen.sentCount')} ${digits(batch.sent)} · ${t('invigilatorSmsScreen.failedCount')} ${digits(batch.failed)}`}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              </>
            ) : null}
          </>
        ) : null}
      </Space>
    </Card>
  );
}
