import { formatDigits, formatMoney, formatNumber } from '@psc/core';
import { Alert, App, Button, Card, Descriptions, Select, Space } from 'antd';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { downloadWorkbook } from '../../components/results';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';

// backup-scrutiny and backup-rmis [BUK] (spec §2): choose an advertisement, see what its archive
// holds, and download it as an Excel workbook for the commission's records (the API writes it
// and an audit row for each one taken).

type ArchiveKind = 'scrutiny' | 'rmis';

type ArchiveAdvertisement = { id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };

type ArchiveCounts = {
  advertisement: ArchiveAdvertisement;
  applications: number;
  decidedApplications: number;
  decisions: number;
  payments: number;
  settledPayments: number;
  settledAmount: number;
};

const COUNTS: Record<ArchiveKind, readonly (keyof Omit<ArchiveCounts, 'advertisement'>)[]> = {
  scrutiny: ['applications', 'decidedApplications', 'decisions'],
  rmis: ['payments', 'settledPayments', 'settledAmount'],
};

const ROUTE_TITLE: Record<ArchiveKind, TextKey> = { scrutiny: 'route.backupScrutiny', rmis: 'route.backupRmis' };

function ArchiveScreen({ kind }: { kind: ArchiveKind }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [advertisementId, setAdvertisementId] = useState<number | undefined>();
  const [isDownloading, setIsDownloading] = useState(false);
  const advertisements = useApiQuery<ArchiveAdvertisement[]>('/api/admin/backups/archives/advertisements');
  const counts = useApiQuery<ArchiveCounts>(advertisementId ? `/api/admin/backups/archives/${advertisementId}` : null);
  const name = (row: ArchiveAdvertisement) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '';
  const shown = counts.data && counts.data.advertisement.id === advertisementId ? counts.data : null;

  const download = async () => {
    if (!shown) return;
    setIsDownloading(true);
    const file = `${kind}-archive-${shown.advertisement.code.replace(/[^\w-]+/g, '-')}.xlsx`;
    const error = await downloadWorkbook(`/api/admin/backups/archives/${shown.advertisement.id}/${kind}/excel`, file);
    setIsDownloading(false);
    if (error) void message.error(error);
    else void message.success(t('archiveScreen.downloaded', { file }));
  };

  return (
    <Card title={t(ROUTE_TITLE[kind])} data-testid={`archive-${kind}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('archiveScreen.notice')} />
        <Select<number>
          value={advertisementId}
          showSearch
          allowClear
          optionFilterProp="label"
          loading={advertisements.isLoading}
          placeholder={t('archiveScreen.chooseAdvertisement')}
          aria-label={t('archiveScreen.chooseAdvertisement')}
          style={{ width: 520, maxWidth: '100%' }}
          onChange={setAdvertisementId}
          data-testid="archive-advertisement"
          options={(advertisements.data ?? []).map((row) => ({
            value: row.id,
            label: [formatDigits(row.code, language), name(row)].filter(Boolean).join(' · '),
          }))}
        />
        <ErrorAlert message={advertisements.error?.message ?? counts.error?.message} />
        {shown ? (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 4 }} data-testid="archive-counts">
              <Descriptions.Item label={t('archiveScreen.advertisement')}>
                {formatDigits(shown.advertisement.code, language)} · {formatDigits(shown.advertisement.fiscalYear, language)}
              </Descriptions.Item>
              {COUNTS[kind].map((key) => (
                <Descriptions.Item key={key} label={t(`archiveScreen.${key}`)}>
                  <span data-testid={`archive-${key}`}>{key === 'settledAmount' ? formatMoney(shown[key], language) : formatNumber(shown[key], language)}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Button type="primary" loading={isDownloading} onClick={() => void download()} data-testid="archive-download">
              {t('archiveScreen.download')}
            </Button>
          </>
        ) : null}
      </Space>
    </Card>
  );
}

export const ScrutinyArchiveScreen = () => <ArchiveScreen kind="scrutiny" />;
export const RmisArchiveScreen = () => <ArchiveScreen kind="rmis" />;
