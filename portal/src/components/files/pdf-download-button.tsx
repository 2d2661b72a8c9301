import { Button } from 'antd';
import { useRef, useState } from 'react';
import type { ApiResult } from '../../api/request';
import { showToast } from '../../notify/toast';
import { isPdf } from '../admit-card/admit-card-rules';
import { saveFile } from './save-file';

// A button that fetches a PDF from the API and hands it to the browser to save (a plain link could
// neither send a bearer token nor check what came back). Shared by the certificate download and
// the published result lists. A failed request is already told by the API client.

export type PdfDownloadTexts = { download: string; preparing: string; downloaded: string; failed: string };

export function PdfDownloadButton({ fetchPdf, fileName, texts, testId }: { fetchPdf: () => Promise<ApiResult<Blob>>; fileName: string; texts: PdfDownloadTexts; testId: string }) {
  const [isDownloading, setIsDownloading] = useState(false);
  // A second tap before React re-renders must not start a second download.
  const isBusy = useRef(false);

  const download = async () => {
    if (isBusy.current) return;
    isBusy.current = true;
    setIsDownloading(true);
    try {
      const result = await fetchPdf();
      if (!result.ok) return;
      if (!isPdf(new Uint8Array(await result.data.slice(0, 5).arrayBuffer()))) {
        showToast('error', texts.failed);
        return;
      }
      saveFile(result.data, fileName);
      showToast('success', texts.downloaded);
    } finally {
      isBusy.current = false;
      setIsDownloading(false);
    }
  };

  return (
    <Button type="primary" block loading={isDownloading} disabled={isDownloading} aria-busy={isDownloading} onClick={() => void download()} data-testid={testId}>
      {isDownloading ? texts.preparing : texts.download}
    </Button>
  );
}

/** A file name part from free text (an advertisement code holds a slash): letters, digits and dashes only. */
export function fileNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
}
