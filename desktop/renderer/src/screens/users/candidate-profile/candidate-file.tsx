import { toDevanagariDigits, type ProfileFileRef } from '@psc/core';
import { App, Button, Image, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../../i18n/use-language';
import { callApi } from '../../../staff/staff-api';

// A candidate's file on fullDetails. The bytes come through the staff file route with the staff
// token (an <img src> could not carry it), as a Blob shown through an object URL: pictures
// inline or in a viewer, PDFs saved (the workstation opens no second window, and its content
// policy frames nothing).

/** spec §2 fullDetails [UM]: staff with UM read open a user's files here, that user's only. */
export const staffFilePath = (userId: number, fileId: string) => `/api/admin/users/${userId}/files/${encodeURIComponent(fileId)}`;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

async function fetchFile(userId: number, file: ProfileFileRef): Promise<Blob | null> {
  const result = await callApi<Blob>(staffFilePath(userId, file.fileId), { as: 'blob' });
  return result.ok ? result.data : null;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL may go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An object URL of the file for as long as the component shows it. */
function useFileUrl(userId: number, file: ProfileFileRef | null | undefined) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  const fileId = file?.fileId;
  useEffect(() => {
    if (!file) return;
    let url: string | null = null;
    let isCurrent = true;
    void fetchFile(userId, file).then((blob) => {
      if (!isCurrent) return;
      if (!blob) return setState({ url: null, failed: true });
      url = URL.createObjectURL(blob);
      setState({ url, failed: false });
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
    // The file is named by its id; a new object with the same id is the same file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, fileId]);
  return state;
}

/** A picture (photograph, signature, citizenship) shown inline, larger on click. */
export function CandidatePicture({ userId, file, label, testId }: { userId: number; file: ProfileFileRef | null | undefined; label: string; testId?: string }) {
  const { t } = useLanguage();
  const { url, failed } = useFileUrl(userId, file);
  return (
    <figure style={{ margin: 0, textAlign: 'center', width: 150 }} data-testid={testId}>
      <div style={{ width: 150, height: 170, border: '1px solid #d9d9d9', borderRadius: 6, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', background: '#fafafa' }}>
        {!file ? (
          <Typography.Text type="secondary">{t('candidateProfile.file.none')}</Typography.Text>
        ) : failed ? (
          <Typography.Text type="danger">{t('candidateProfile.file.failed')}</Typography.Text>
        ) : url ? (
          <Image src={url} alt={label} style={{ maxWidth: 148, maxHeight: 168, objectFit: 'contain' }} />
        ) : (
          <Spin />
        )}
      </div>
      <figcaption style={{ marginTop: 4 }}>{label}</figcaption>
    </figure>
  );
}

/** Open (a picture in a viewer) and download buttons for any file of the profile. */
export function CandidateFileButtons({ userId, file, name, title, testId }: { userId: number; file: ProfileFileRef | null | undefined; name: string; title?: string; testId?: string }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [viewing, setViewing] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  if (!file) return <Typography.Text type="secondary">{t('candidateProfile.file.none')}</Typography.Text>;
  const fileName = `${name}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
  const isPicture = file.contentType.startsWith('image/');
  const kb = String(Math.max(1, Math.round(file.byteSize / 1024)));

  const run = async (action: (blob: Blob) => void) => {
    setIsBusy(true);
    const blob = await fetchFile(userId, file);
    setIsBusy(false);
    if (blob) action(blob);
    else void message.error(t('candidateProfile.file.failed'));
  };

  return (
    <Space size={4} wrap data-testid={testId}>
      {isPicture ? (
        <Button size="small" loading={isBusy} onClick={() => void run((blob) => setViewing(URL.createObjectURL(blob)))}>
          {t('candidateProfile.file.open')}
        </Button>
      ) : null}
      <Button size="small" loading={isBusy && !isPicture} onClick={() => void run((blob) => saveBlob(blob, fileName))}>
        {t('candidateProfile.file.download')}
      </Button>
      <Typography.Text type="secondary">
        {file.contentType === 'application/pdf' ? 'PDF' : file.contentType === 'image/png' ? 'PNG' : 'JPG'},{' '}
        {t('candidateProfile.fileSize', { size: language === 'ne' ? toDevanagariDigits(kb) : kb })}
      </Typography.Text>
      <Modal
        open={viewing !== null}
        title={title ?? name}
        footer={null}
        width={720}
        onCancel={() => {
          if (viewing) URL.revokeObjectURL(viewing);
          setViewing(null);
        }}
      >
        {viewing ? <img src={viewing} alt={name} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} data-testid="candidate-file-viewer" /> : null}
      </Modal>
    </Space>
  );
}
