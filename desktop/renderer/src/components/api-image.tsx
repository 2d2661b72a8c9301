import type { ProfileFileRef } from '@psc/core';
import { Button, Image, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLanguage } from '../i18n/use-language';
import { callApi } from '../staff/staff-api';

// A stored file the API serves to staff, shown where it is read. The bytes come with the staff
// token (an <img src> could not carry it) as a Blob behind an object URL, revoked when the
// picture goes. A picture opens in antd's viewer, which zooms and rotates (a scan is often
// sideways); a PDF is saved, as the workstation opens no second window.

/** An object URL of the file at `path` for as long as the component shows it. */
export function useApiFileUrl(path: string | null) {
  const [state, setState] = useState<{ url: string | null; blob: Blob | null; failed: boolean }>({ url: null, blob: null, failed: false });
  useEffect(() => {
    if (!path) return;
    let url: string | null = null;
    let isCurrent = true;
    void callApi<Blob>(path, { as: 'blob' }).then((result) => {
      if (!isCurrent) return;
      if (!result.ok) return setState({ url: null, blob: null, failed: true });
      url = URL.createObjectURL(result.data);
      setState({ url, blob: result.data, failed: false });
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}

type Props = {
  file: ProfileFileRef | null | undefined;
  /** What the file is, read under it and by a screen reader. */
  label: string;
  width?: number;
  height?: number;
  testId?: string;
};

/** A document beside the fields it proves: the picture, larger and zoomable on click. */
export function ApiImage({ file, label, width = 220, height = 160, testId }: Props) {
  const { t } = useLanguage();
  const { url, failed } = useApiFileUrl(file?.url ?? null);
  const isPicture = file?.contentType.startsWith('image/') ?? false;
  const frame = { width, height, border: '1px solid #d9d9d9', borderRadius: 6, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', background: '#fafafa' } as const;
  return (
    <figure style={{ margin: 0, width }} data-testid={testId} data-loaded={url ? 'yes' : 'no'}>
      <div style={frame}>
        {!file ? (
          <Typography.Text type="secondary">{t('apiImage.none')}</Typography.Text>
        ) : failed ? (
          <Typography.Text type="danger">{t('apiImage.failed')}</Typography.Text>
        ) : !url ? (
          <Spin />
        ) : isPicture ? (
          <Image src={url} alt={label} style={{ maxWidth: width - 2, maxHeight: height - 2, objectFit: 'contain' }} />
        ) : (
          <Space direction="vertical" align="center">
            <Typography.Text>PDF</Typography.Text>
            <Button size="small" href={url} download={`${label}.pdf`}>
              {t('apiImage.save')}
            </Button>
          </Space>
        )}
      </div>
      <figcaption style={{ marginTop: 4, fontSize: 12 }}>{label}</figcaption>
    </figure>
  );
}
