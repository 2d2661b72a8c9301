import { formatDigits, type ScrutinyStatus } from '@psc/core';
import { Space, Tag, Typography } from 'antd';
import type { TextKey } from '../../i18n/use-language';
import { useLanguage } from '../../i18n/use-language';
import { SCREENING_SHORTCUTS } from './screening-keys';

// Small parts shared by the officer's screens: status tags and the keyboard legend.

const STATUS_COLOURS: Record<string, string> = { pending: 'gold', approved: 'green', hold: 'orange', rejected: 'red', 'partially-approved': 'cyan', expired: 'default' };

/** The allocation's status in the officer's queue (spec §4 "Scrutiny and pre-review status"). */
export function ScrutinyStatusTag({ status }: { status: ScrutinyStatus }) {
  const { t } = useLanguage();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="scrutiny-status">
      {t(`screening.status.${status}` as TextKey)}
    </Tag>
  );
}

/** The application's status as the candidate reads it (spec §4 "Application status"). */
export function ApplicationStatusTag({ status }: { status: string }) {
  const { t } = useLanguage();
  const key = `screening.applicationStatus.${status}` as TextKey;
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="application-status">
      {t(key)}
    </Tag>
  );
}

/** A quota's decision in this application. */
export function QuotaStatusTag({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  const { t } = useLanguage();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="quota-status">
      {t(`screening.status.${status}` as TextKey)}
    </Tag>
  );
}

/** One key as the keyboard shows it. */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd style={{ border: '1px solid #bfbfbf', borderBottomWidth: 2, borderRadius: 4, padding: '0 5px', fontFamily: 'monospace', fontSize: 12, background: '#fafafa', color: 'rgba(0, 0, 0, 0.88)' }}>{children}</kbd>
  );
}

/** spec §3 "Pre-review view": the shortcuts, on screen, as the keyboard map reads them. */
export function ShortcutLegend() {
  const { t, language } = useLanguage();
  return (
    <Space wrap size={[12, 4]} data-testid="screening-shortcuts" aria-label={t('screening.shortcuts')}>
      <Typography.Text strong>{t('screening.shortcuts')}:</Typography.Text>
      {SCREENING_SHORTCUTS.map((shortcut) => (
        <span key={shortcut.label}>
          {shortcut.keys.map((key, index) => (
            <span key={key}>
              {index > 0 ? ' / ' : ''}
              <Kbd>{formatDigits(key, language)}</Kbd>
            </span>
          ))}{' '}
          <Typography.Text type="secondary">{t(shortcut.label)}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** A name in the reading language, else the other. */
export function nameIn(language: 'ne' | 'en', en: string | null | undefined, np: string | null | undefined): string {
  return (language === 'ne' ? np || en : en || np) ?? '—';
}
