import { formatDigits, rollNumberGenerateSchema } from '@psc/core';
import { App, Alert, Button, Card, Descriptions, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { NumberInput } from '../../components/number-input';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  assignLateRollNumbers,
  generateRollNumbers,
  rollNumberAdvertisementPath,
  rollNumberAdvertisementsPath,
  type RollNumberAdvertisement,
  type RollNumberAdvertisementRow,
  type RollNumberCentre,
  type RollNumberRun,
  type RollRange,
} from './roll-numbers-api';

// spec §2 generate/rollNo [SA]; §5 "Roll generation: advertisement code, from and to roll numbers
// required; to-roll must exceed from-roll". Pick an advertisement whose scrutiny is finalised, see
// its approved count and a suggested range inside the office's roll-number range, type from and
// to (either script's digits), generate after a confirmation; the result by centre and the
// history below. Regenerating is offered until admit cards are issued; late approvals then take
// the next free numbers.

type RangeForm = { rollFrom: number | null; rollTo: number | null };

export function GenerateRollNumbersScreen() {
  const { t, language } = useLanguage();
  const { message, modal } = App.useApp();
  const actions = useActions('SA');
  const [form] = Form.useForm<RangeForm>();
  const [advertisementId, setAdvertisementId] = useState<number | null>(null);
  const list = useApiQuery<RollNumberAdvertisementRow[]>(rollNumberAdvertisementsPath);
  const detail = useApiQuery<RollNumberAdvertisement>(advertisementId === null ? null : rollNumberAdvertisementPath(advertisementId));
  const advertisement = detail.data && detail.data.id === advertisementId ? detail.data : null;
  const digits = (value: number | string) => formatDigits(value, language);
  const range = (value: RollRange) => `${digits(value.rollFrom)} – ${digits(value.rollTo)}`;
  const nameOf = (row: { nameEn: string; nameNp: string }) => (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn);

  // A new advertisement starts from its own range, or the suggestion when it has none yet.
  useEffect(() => {
    if (!advertisement) return;
    const start = advertisement.range ?? advertisement.suggestedRange;
    form.setFieldsValue({ rollFrom: start?.rollFrom ?? null, rollTo: start?.rollTo ?? null });
  }, [advertisement?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const reload = () => {
    void list.reload();
    void detail.reload();
  };

  const generate = async () => {
    if (!advertisement) return;
    const values = form.getFieldsValue();
    const checked = rollNumberGenerateSchema.safeParse({ advertisementCode: advertisement.code, rollFrom: values.rollFrom ?? '', rollTo: values.rollTo ?? '' });
    if (!checked.success) {
      showFieldErrors(form, t, checked.error.issues);
      return;
    }
    form.setFields([
      { name: 'rollFrom', errors: [] },
      { name: 'rollTo', errors: [] },
    ]);
    const isRegenerate = advertisement.range !== null;
    const params = { total: digits(advertisement.approved), code: digits(advertisement.code), from: digits(checked.data.rollFrom), to: digits(checked.data.rollTo) };
    modal.confirm({
      title: t(isRegenerate ? 'rollNumberScreen.regenerate' : 'rollNumberScreen.generate'),
      content: t(isRegenerate ? 'rollNumberScreen.regenerateQuestion' : 'rollNumberScreen.generateQuestion', params),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { 'data-testid': 'roll-generate-confirm' },
      onOk: async () => {
        const result = await generateRollNumbers(checked.data);
        if (!result.ok) {
          if (!showFieldErrors(form, t, result.errors)) void message.error({ content: result.message, key: 'roll-numbers' });
          return;
        }
        void message.success(result.message);
        reload();
      },
    });
  };

  const assignLate = () => {
    if (!advertisement) return;
    modal.confirm({
      title: t('rollNumberScreen.assignLate'),
      content: t('rollNumberScreen.assignLateQuestion', { total: digits(advertisement.missing), code: digits(advertisement.code) }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { 'data-testid': 'roll-assign-late-confirm' },
      onOk: async () => {
        const result = await assignLateRollNumbers(advertisement.code);
        if (!result.ok) {
          void message.error({ content: result.message, key: 'roll-numbers' });
          return;
        }
        void message.success(result.message);
        reload();
      },
    });
  };

  const postName = (row: RollNumberAdvertisementRow) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '';
  const canGenerate = actions.has('create') && advertisement !== null && advertisement.admitCardsIssuedAt === null;

  return (
    <Card title={t('route.generateRollNumbers')} data-testid="generate-roll-numbers">
      <ErrorAlert message={list.error?.message ?? detail.error?.message} />
      {list.data && list.data.length === 0 ? <Alert type="info" showIcon title={t('rollNumberScreen.none')} /> : null}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Select<number>
          showSearch
          optionFilterProp="label"
          style={{ width: '100%', maxWidth: 560 }}
          placeholder={t('rollNumberScreen.chooseAdvertisement')}
          aria-label={t('rollNumberScreen.advertisement')}
          data-testid="roll-advertisement"
          loading={list.isLoading}
          value={advertisementId ?? undefined}
          onChange={setAdvertisementId}
          options={(list.data ?? []).map((row) => ({ value: row.id, label: `${digits(row.code)} · ${postName(row)} · ${t('rollNumberScreen.approved')} ${digits(row.approved)}` }))}
        />

        {advertisement ? (
          <>
            <Descriptions size="small" bordered column={1} data-testid="roll-summary">
              <Descriptions.Item label={t('rollNumberScreen.approved')}>
                <span data-testid="roll-approved">{digits(advertisement.approved)}</span>
              </Descriptions.Item>
              {advertisement.range ? (
                <Descriptions.Item label={t('rollNumberScreen.current')}>
                  <span data-testid="roll-current">{range(advertisement.range)}</span>{' '}
                  {advertisement.admitCardsIssuedAt ? <Tag color="blue">{t('rollNumberScreen.admitCardsIssued')}</Tag> : null}
                </Descriptions.Item>
              ) : null}
              {advertisement.missing > 0 && advertisement.range ? (
                <Descriptions.Item label={t('rollNumberScreen.missing')}>
                  <span data-testid="roll-missing">{digits(advertisement.missing)}</span>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('rollNumberScreen.configured', { fiscalYear: digits(advertisement.fiscalYear) })}>
                {advertisement.configuredRanges.length > 0 ? advertisement.configuredRanges.map(range).join(', ') : t('rollNumberScreen.noneConfigured')}
              </Descriptions.Item>
              {advertisement.takenRanges.length > 0 ? (
                <Descriptions.Item label={t('rollNumberScreen.taken')}>
                  {advertisement.takenRanges.map((taken) => `${digits(taken.advertisementCode)}: ${range(taken)}`).join('; ')}
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('rollNumberScreen.suggested')}>
                {advertisement.suggestedRange ? (
                  <Space>
                    <span data-testid="roll-suggested">{range(advertisement.suggestedRange)}</span>
                    {canGenerate ? (
                      <Button size="small" onClick={() => form.setFieldsValue({ ...advertisement.suggestedRange! })} data-testid="roll-use-suggested">
                        {t('rollNumberScreen.useSuggested')}
                      </Button>
                    ) : null}
                  </Space>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
            </Descriptions>

            {canGenerate ? (
              <Form<RangeForm> form={form} layout="inline" onFinish={() => void generate()}>
                <Form.Item name="rollFrom" label={t('rollNumberScreen.from')}>
                  <NumberInput min={1} style={{ width: 180 }} data-testid="roll-from" />
                </Form.Item>
                <Form.Item name="rollTo" label={t('rollNumberScreen.to')}>
                  <NumberInput min={1} style={{ width: 180 }} data-testid="roll-to" />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" data-testid="roll-generate">
                    {t(advertisement.range ? 'rollNumberScreen.regenerate' : 'rollNumberScreen.generate')}
                  </Button>
                </Form.Item>
              </Form>
            ) : null}
            {actions.has('update') && advertisement.range && advertisement.missing > 0 ? (
              <Button onClick={assignLate} data-testid="roll-assign-late">
                {t('rollNumberScreen.assignLate')}
              </Button>
            ) : null}
            <Typography.Text type="secondary">{t('rollNumberScreen.order')}</Typography.Text>

            <Typography.Title level={5}>{t('rollNumberScreen.byCentre')}</Typography.Title>
            <Table<RollNumberCentre>
              rowKey="examCentreId"
              size="small"
              pagination={false}
              data-testid="roll-by-centre"
              loading={detail.isLoading}
              dataSource={advertisement.byCentre}
              columns={[
                { title: t('rollNumberScreen.centre'), key: 'centre', render: (_, row) => nameOf(row) },
                { title: t('rollNumberScreen.rollFrom'), key: 'from', align: 'right', render: (_, row) => digits(row.rollFrom) },
                { title: t('rollNumberScreen.rollTo'), key: 'to', align: 'right', render: (_, row) => digits(row.rollTo) },
                { title: t('rollNumberScreen.count'), key: 'count', align: 'right', render: (_, row) => digits(row.count) },
              ]}
            />

            <Typography.Title level={5}>{t('rollNumberScreen.history')}</Typography.Title>
            <Table<RollNumberRun>
              rowKey="id"
              size="small"
              pagination={false}
              data-testid="roll-history"
              dataSource={advertisement.history}
              columns={[
                { title: t('rollNumberScreen.action'), key: 'action', render: (_, row) => t(`rollNumberScreen.action.${row.action}` as TextKey) },
                { title: t('rollNumberScreen.rollFrom'), key: 'from', align: 'right', render: (_, row) => digits(row.rollFrom) },
                { title: t('rollNumberScreen.rollTo'), key: 'to', align: 'right', render: (_, row) => digits(row.rollTo) },
                { title: t('rollNumberScreen.count'), key: 'count', align: 'right', render: (_, row) => digits(row.assignedCount) },
                { title: t('rollNumberScreen.by'), key: 'by', render: (_, row) => row.actor },
                { title: t('rollNumberScreen.at'), key: 'at', render: (_, row) => <DualDate value={row.at} /> },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
