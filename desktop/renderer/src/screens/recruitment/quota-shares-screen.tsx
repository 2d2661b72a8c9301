import { formatDigits, proposeDistribution } from '@psc/core';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { NumberInput } from '../../components/number-input';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { nameOf } from './recruitment-api';
import { ErrorAlert } from '../../components/error-alert';
import { useActions } from '../../stores/session-store';

// The inclusive groups and their shares are configuration, not code: the share of all
// vacancies each quota gets in the automatic proposal. Shares are typed as percentages with two
// decimals (14.85) and kept as hundredths of a percent; all of them together make 100%. A sample
// split of 10 and of 100 vacancies shows what the proposal will do before it is saved.

type QuotaShare = { quotaId: number; code: string; nameEn: string; nameNp: string; basisPoints: number };

const FULL = 10000;

export function QuotaSharesScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('PD');
  const shares = useApiQuery<QuotaShare[]>('/api/admin/quota-shares');
  const [draft, setDraft] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (shares.data) setDraft(Object.fromEntries(shares.data.map((row) => [row.quotaId, row.basisPoints])));
  }, [shares.data]);

  const rows = shares.data ?? [];
  const total = rows.reduce((sum, row) => sum + (draft[row.quotaId] ?? 0), 0);
  const current = rows.map((row) => ({ quotaId: row.quotaId, basisPoints: draft[row.quotaId] ?? 0 }));
  const sampleOf = (vacancies: number) => new Map(proposeDistribution(vacancies, current).map((line) => [line.quotaId, line.vacancies]));
  const ten = sampleOf(10);
  const hundred = sampleOf(100);
  const percent = (basisPoints: number) => formatDigits((basisPoints / 100).toFixed(2), language);

  const save = async () => {
    setSaving(true);
    const result = await callApi('/api/admin/quota-shares', { method: 'PUT', body: { shares: current } });
    setSaving(false);
    if (!result.ok) {
      setError([result.message, ...Object.values(result.errors ?? {}).flat()].join(' '));
      return;
    }
    setError(null);
    void message.success(result.message || t('recruitment.saved'));
    await shares.reload();
  };

  return (
    <Card
      title={t('route.quotaShares')}
      data-testid="quota-shares"
      extra={<Link to="/admin/percentage-distribution">{t('recruitment.backToList')}</Link>}
    >
      <Typography.Paragraph type="secondary">{t('quotaShares.explain')}</Typography.Paragraph>
      <ErrorAlert message={error ?? shares.error?.message} />
      <Table
        size="small"
        rowKey="quotaId"
        loading={shares.isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'quota', title: t('quotaShares.quota'), render: (_, row) => nameOf(row, language) },
          {
            key: 'share',
            title: t('quotaShares.share'),
            render: (_, row) => (
              <NumberInput
                aria-label={nameOf(row, language)}
                min={0}
                max={100}
                step={0.01}
                precision={2}
                disabled={!actions.has('update')}
                value={(draft[row.quotaId] ?? 0) / 100}
                onChange={(value) => setDraft((old) => ({ ...old, [row.quotaId]: Math.round(Number(value ?? 0) * 100) }))}
                addonAfter="%"
              />
            ),
          },
          { key: 'ten', title: t('quotaShares.sample', { count: 10 }), render: (_, row) => formatDigits(ten.get(row.quotaId) ?? 0, language) },
          { key: 'hundred', title: t('quotaShares.sample', { count: 100 }), render: (_, row) => formatDigits(hundred.get(row.quotaId) ?? 0, language) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('quotaShares.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <Typography.Text type={total === FULL ? 'success' : 'danger'} data-testid="quota-shares-total">
                {percent(total)}%
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
      {actions.has('update') ? (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} disabled={total !== FULL} onClick={() => void save()} data-testid="quota-shares-save">
            {t('recruitment.save')}
          </Button>
          {total !== FULL ? <Typography.Text type="danger">{t('quotaShares.mustBeFull')}</Typography.Text> : null}
        </Space>
      ) : null}
    </Card>
  );
}
