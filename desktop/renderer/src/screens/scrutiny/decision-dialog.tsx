import { formatDigits, REMARK_REQUIRED, SCRUTINY_REASONS, type ScrutinyDecision } from '@psc/core';
import { Alert, Form, Input, Modal, Radio, Space, Typography, type InputRef } from 'antd';
import type { Ref } from 'react';
import type { TextKey } from '../../i18n/use-language';
import { useLanguage } from '../../i18n/use-language';
import { Kbd } from './scrutiny-parts';

// spec §4: approving, holding, rejecting and reverting each ask a confirmation question and a
// remark (required for hold, reject and revert): a standard reason, picked by its digit, or a
// typed remark, or both. The dialog is controlled: the pre-review screen owns its state so that
// one keyboard map (screening-keys.ts) drives the view and the dialog alike.

export type DecisionRequest = {
  decision: ScrutinyDecision;
  /** The claimed quota decided; null for the whole application. */
  quota: { advertisementQuotaId: number; name: string } | null;
};

type Props = {
  request: DecisionRequest | null;
  candidateName: string;
  reasonIndex: number | null;
  remark: string;
  error: string | null;
  isSaving: boolean;
  remarkRef: Ref<InputRef>;
  onReason: (index: number) => void;
  onRemark: (text: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
};

export function DecisionDialog({ request, candidateName, reasonIndex, remark, error, isSaving, remarkRef, onReason, onRemark, onConfirm, onCancel }: Props) {
  const { t, language } = useLanguage();
  if (!request) return null;
  const decisionName = t(`screening.decision.${request.decision}` as TextKey);
  const question = request.quota
    ? t('screening.questionQuota', { decision: decisionName, quota: request.quota.name, name: candidateName })
    : t('screening.questionWhole', { decision: decisionName, name: candidateName });
  const isRequired = REMARK_REQUIRED.has(request.decision);
  return (
    <Modal
      open
      title={decisionName}
      okText={
        <span>
          {decisionName} <Kbd>Enter</Kbd>
        </span>
      }
      cancelText={
        <span>
          {t('common.cancel')} <Kbd>Esc</Kbd>
        </span>
      }
      okButtonProps={{ danger: request.decision === 'reject' || request.decision === 'hold', 'data-testid': 'decision-confirm' }}
      cancelButtonProps={{ 'data-testid': 'decision-cancel' }}
      confirmLoading={isSaving}
      // Esc and Enter are the screen's keyboard map's (screening-keys.ts), so they act once.
      keyboard={false}
      onOk={onConfirm}
      onCancel={onCancel}
      width={640}
      destroyOnHidden
    >
      <div data-testid="decision-dialog-body" data-decision={request.decision}>
        <Typography.Paragraph strong>{question}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t(isRequired ? 'screening.reasonRequired' : 'screening.reasonOptional')}>
            <Radio.Group value={reasonIndex ?? undefined} onChange={(event) => onReason(Number(event.target.value))} data-testid="decision-reasons">
              <Space direction="vertical" size={2}>
                {SCRUTINY_REASONS.map((reason, index) => (
                  <Radio key={reason.code} value={index}>
                    <Kbd>{formatDigits(index + 1, language)}</Kbd> {language === 'ne' ? reason.np : reason.en}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={
              <span>
                {t('screening.remark')} <Kbd>M</Kbd>
              </span>
            }
          >
            <Input ref={remarkRef} value={remark} maxLength={500} onChange={(event) => onRemark(event.target.value)} data-testid="decision-remark" placeholder={t('screening.remarkPlaceholder')} />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon title={error} data-testid="decision-error" /> : null}
      </div>
    </Modal>
  );
}
