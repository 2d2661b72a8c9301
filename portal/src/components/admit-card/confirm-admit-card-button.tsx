import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAdmitCard } from '../../api/admit-cards-api';

// spec §7 "confirm": before the admit card can be viewed or downloaded, the candidate says she will
// sit the exam, so the centre knows whom to expect. One tap opens a dialog that says what it
// means; the dialog's button waits for the server's answer and cannot be pressed twice.

type Props = { admitCardId: string; onConfirmed: (confirmedAt: string) => void; block?: boolean };

export function ConfirmAdmitCardButton({ admitCardId, onConfirmed, block = false }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const confirm = async () => {
    if (isSaving) return;
    setIsSaving(true);
    const result = await confirmAdmitCard(admitCardId);
    setIsSaving(false);
    if (!result.ok) return;
    setIsOpen(false);
    onConfirmed(result.data.confirmedAt);
  };

  return (
    <>
      <Button type="primary" block={block} onClick={() => setIsOpen(true)} data-testid="admit-card-confirm">
        {t('myAdmitCard.confirm')}
      </Button>
      <Modal
        open={isOpen}
        title={t('myAdmitCard.confirmTitle')}
        okText={t('myAdmitCard.confirmYes')}
        cancelText={t('myApps.cancel')}
        confirmLoading={isSaving}
        onOk={() => void confirm()}
        onCancel={() => setIsOpen(false)}
        okButtonProps={{ 'data-testid': 'admit-card-confirm-ok' }}
        destroyOnHidden
      >
        <p>{t('myAdmitCard.confirmBody')}</p>
      </Modal>
    </>
  );
}
