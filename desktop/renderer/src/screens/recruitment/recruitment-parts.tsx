import { Tag } from 'antd';
import { useLanguage, type TextKey } from '../../i18n/use-language';

// Parts only the recruitment screens use. Parts another domain needs live in components/.

/** Who entered a row, in the reader's language (spec §1); the English name when no Nepali one was given. */
export function enteredByOf(row: { createdByName?: string | null; createdByNameNp?: string | null }, language: 'ne' | 'en'): string {
  return (language === 'ne' ? row.createdByNameNp || row.createdByName : row.createdByName) ?? '';
}

const STATUS_COLOURS: Record<string, string> = {
  submitted: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  none: 'default',
  draft: 'default',
  configured: 'cyan',
  published: 'green',
  closed: 'purple',
  live: 'green',
};

/** A status in words; each status value has its own catalogue key recruitment.status.<value>. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useLanguage();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-status={status}>
      {t(`recruitment.status.${status}` as TextKey)}
    </Tag>
  );
}
