import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../components/files/file-picker';
import { PROFILE_UPLOADS } from '../../core-forms';
import { uploadDocument } from '../profile-api';
import type { DocumentKind, FileRef } from '../profile-types';
import { useReportUnsaved } from '../unsaved-changes';
import type { TabProps } from './tab-props';

const DOCUMENTS: readonly { kind: DocumentKind; canShrink: boolean }[] = [
  // spec §5: a photograph or signature over the limit is offered a resize in the browser.
  { kind: 'photograph', canShrink: true },
  { kind: 'signature', canShrink: true },
  { kind: 'citizenship-front', canShrink: false },
  { kind: 'citizenship-back', canShrink: false },
];

/** One document: the stored file, and a new one chosen, checked and sent. */
function DocumentCard({ kind, canShrink, stored, isLocked }: { kind: DocumentKind; canShrink: boolean; stored: FileRef | null; isLocked: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<File | null>(null);
  const [isSending, setSending] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  useReportUnsaved(chosen !== null);
  const label = t(`profileForm.document.${kind}`);
  const inputId = `document-${kind}`;

  async function send() {
    if (!chosen) return;
    setSending(true);
    const result = await uploadDocument(kind, chosen, chosen.name);
    setSending(false);
    if (result.ok) {
      setChosen(null);
      setServerMessage(null);
    } else {
      setServerMessage(result.errors ? Object.values(result.errors).flat().join(' ') : result.message);
    }
  }

  return (
    <Card size="small" className="document-card" title={<label htmlFor={inputId}>{label}</label>} data-testid={`document-${kind}`}>
      <FilePicker
        id={inputId}
        rule={PROFILE_UPLOADS[kind]}
        existing={stored}
        value={chosen}
        onChange={(file) => {
          setChosen(file);
          setServerMessage(null);
        }}
        canShrink={canShrink}
        disabled={isLocked}
        label={label}
      />
      {serverMessage ? <Alert type="error" showIcon title={serverMessage} role="alert" /> : null}
      <div className="profile-save-bar">
        <Button type="primary" disabled={!chosen || isLocked} loading={isSending} onClick={() => void send()}>
          {stored ? t('profileForm.replaceDocument', { name: label }) : t('profileForm.uploadDocument', { name: label })}
        </Button>
        {chosen ? (
          <Button onClick={() => setChosen(null)} disabled={isSending}>
            {t('profileForm.cancel')}
          </Button>
        ) : null}
      </div>
      {!stored && !chosen ? <p className="muted document-card__missing">{t('profileForm.documentMissing')}</p> : null}
    </Card>
  );
}

/** spec §5 "Files": photograph, signature and both sides of the citizenship certificate. */
export default function DocumentsTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  return (
    <div className="profile-tab">
      <h2 className="profile-tab__title">{t('profileTab.documents')}</h2>
      <p className="muted">{t('profileForm.documentsNote')}</p>
      <div className="document-grid">
        {DOCUMENTS.map((document) => (
          <DocumentCard key={document.kind} kind={document.kind} canShrink={document.canShrink} stored={profile.documents[document.kind] ?? null} isLocked={isLocked} />
        ))}
      </div>
    </div>
  );
}
