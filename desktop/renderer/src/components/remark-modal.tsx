import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../i18n/use-language';

export type RemarkDecision = { title: string; question: string; okText: string; danger?: boolean; onConfirm: (remarks: string) => Promise<boolean> };

/**
 * spec §4: approving, rejecting and deleting each ask a confirmation question and a remark. The
 * remark is required; the modal stays open when the API refuses, so its message can be read.
 */
export function RemarkModal({ decision, onClose }: { decision: RemarkDecision | null; onClose: () => void }) {
  const { t } = useLanguage();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const fieldId = useId();
  useEffect(() => {
    setRemarks('');
    setError(null);
  }, [decision]);
  if (!decision) return null;
  return (
    <Modal
      open
      title={decision.title}
      okText={decision.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision.danger ?? false, 'data-testid': 'remark-confirm' }}
      confirmLoading={isSaving}
      onCancel={onClose}
      onOk={async () => {
        if (!remarks.trim()) {
          setError(t('recruitment.remarksRequired'));
          return;
        }
        setIsSaving(true);
        const done = await decision.onConfirm(remarks.trim());
        setIsSaving(false);
        if (done) onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{decision.question}</Typography.Paragraph>
      <Form layout="vertical">
        {/* No Form.Item name: the label and the message are tied to the box by hand (WCAG 1.3.1, 3.3.1). */}
        <Form.Item
          label={t('recruitment.remarks')}
          htmlFor={fieldId}
          required
          validateStatus={error ? 'error' : ''}
          help={
            error ? (
              <span id={`${fieldId}-error`} role="alert">
                {error}
              </span>
            ) : undefined
          }
        >
          <Input.TextArea
            id={fieldId}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            data-testid="remark-input"
            rows={3}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
