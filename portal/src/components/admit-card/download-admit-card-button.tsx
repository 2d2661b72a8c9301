import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdmitCardPdf } from '../../api/admit-cards-api';
import { showToast } from '../../notify/toast';
import { useLanguage } from '../../i18n/use-language';
import { admitCardFileName, isPdf } from './admit-card-rules';

// spec §7 "download" of an admit card: the API renders the PDF in the reader's language; it is
// fetched with the bearer token (a plain link could not send it) and saved from an object URL.
// The week before an exam the server is busy and phones are slow: the button says it is
// preparing the file and cannot be pressed again until the first request has its answer.

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/** Hands the bytes to the browser to save under `fileName`, then lets them go. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some mobile browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type Props = { card: { id: string; advertisementCode: string; rollNumber: string }; block?: boolean; type?: 'primary' | 'default' };

export function DownloadAdmitCardButton({ card, block = false, type = 'default' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isDownloading, setIsDownloading] = useState(false);
  // A ref as well as state: a second tap before React re-renders must not start a second download.
  const isBusy = useRef(false);

  const download = async () => {
    if (isBusy.current) return;
    isBusy.current = true;
    setIsDownloading(true);
    try {
      const result = await fetchAdmitCardPdf(card.id, language);
      if (!result.ok) return;
      if (!isPdf(new Uint8Array(await result.data.slice(0, 5).arrayBuffer()))) {
        showToast('error', t('myAdmitCard.downloadFailed'));
        return;
      }
      saveFile(result.data, admitCardFileName(card, language));
      showToast('success', t('myAdmitCard.downloaded'));
    } finally {
      isBusy.current = false;
      setIsDownloading(false);
    }
  };

  return (
    <Button
      type={type}
      block={block}
      icon={<DownloadIcon />}
      loading={isDownloading}
      disabled={isDownloading}
      aria-busy={isDownloading}
      onClick={() => void download()}
      data-testid="admit-card-download"
    >
      {isDownloading ? t('myAdmitCard.preparing') : t('myAdmitCard.download')}
    </Button>
  );
}
