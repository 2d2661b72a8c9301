import { Alert, Button } from 'antd';
import { useLanguage } from '../i18n/use-language';
import { useSyncStore } from '../stores/sync-store';
import { formatDualDate } from './dual-date';

/** Shown on every screen while the API cannot be reached (DESIGN: master data keeps reading the cache). */
export function OfflineBanner() {
  const { t, language } = useLanguage();
  const isOnline = useSyncStore((state) => state.isOnline);
  const isSyncing = useSyncStore((state) => state.isSyncing);
  const lastSyncedAt = useSyncStore((state) => state.status?.lastSyncedAt ?? null);
  const sync = useSyncStore((state) => state.sync);
  if (isOnline) return null;
  return (
    <Alert
      data-testid="offline-banner"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('offline.title')}
      description={
        lastSyncedAt ? t('offline.lastSynced', { time: formatDualDate(lastSyncedAt, language) }) : t('offline.neverSynced')
      }
      action={
        <Button size="small" loading={isSyncing} onClick={() => void sync()}>
          {t('offline.retry')}
        </Button>
      }
    />
  );
}
