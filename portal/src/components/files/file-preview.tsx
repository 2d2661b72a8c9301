import { Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../api/fetch-file';
import type { ProfileFileRef as FileRef } from '@psc/core';
import './files.css';

// A stored file is served only to its owner with the bearer token (DESIGN "Files"), so an <img
// src> cannot fetch it: the bytes are fetched through the request module and shown from an object
// URL, released when the preview goes away.

type Shown = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; url: string; type: string };

/** A stored file (a profile's FileRef, or any authorised file address), or bytes already here. */
export type ObjectUrlSource = Pick<FileRef, 'url'> & Partial<Pick<FileRef, 'fileId'>>;

export function useObjectUrl(source: ObjectUrlSource | Blob | null | undefined): Shown | null {
  const [shown, setShown] = useState<Shown | null>(null);
  const fileId = source instanceof Blob ? null : (source?.fileId ?? null);
  const blob = source instanceof Blob ? source : null;
  const url = source instanceof Blob ? null : (source?.url ?? null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let isCurrent = true;
    if (blob) {
      objectUrl = URL.createObjectURL(blob);
      setShown({ status: 'ready', url: objectUrl, type: blob.type });
    } else if (url) {
      setShown({ status: 'loading' });
      void fetchFile(url).then((result) => {
        if (!isCurrent) return;
        if (!result.ok) {
          setShown({ status: 'failed' });
          return;
        }
        objectUrl = URL.createObjectURL(result.data);
        setShown({ status: 'ready', url: objectUrl, type: result.data.type });
      });
    } else {
      setShown(null);
    }
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId, blob, url]);

  return shown;
}

/** An image shown small, or a link that opens a PDF; `label` names it for screen readers. */
export function FilePreview({ source, label, size = 'small' }: { source: FileRef | Blob | null | undefined; label: string; size?: 'small' | 'large' }) {
  const { t } = useTranslation();
  const shown = useObjectUrl(source);
  if (!shown) return null;
  if (shown.status === 'loading') return <Skeleton.Image active className={`file-preview file-preview--${size}`} />;
  if (shown.status === 'failed') return <span className="muted">{t('profileForm.previewFailed')}</span>;
  if (shown.type.startsWith('image/')) {
    return <img className={`file-preview file-preview--${size}`} src={shown.url} alt={label} data-testid="file-preview" />;
  }
  return (
    <Button href={shown.url} target="_blank" rel="noopener" size="small" className="file-preview__open" data-testid="file-preview">
      {t('profileForm.openFile', { name: label })}
    </Button>
  );
}
