import { formatDigits, formatMoney, type VerificationGroup } from '@psc/core';
import { App, Button, Descriptions, Empty, Image, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { candidateName, groupBesideStatus, groupLabel, isRefusal, isVerifiable, otherGroupsFor } from './payment-rules';
import { fetchVoucherImage, verifyPayment, type StaffPayment } from './payments-api';

// One payment as staff check it: who paid what for which advertisement, by which means, the
// voucher picture itself (spec §2 payment-verification), and the verification decisions, each
// with a confirmation question and a remark (spec §4).

/** The voucher picture through an object URL, for as long as it is shown. */
function VoucherImage({ paymentId }: { paymentId: number }) {
  const { t } = useLanguage();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let isCurrent = true;
    void fetchVoucherImage(paymentId).then((result) => {
      if (!isCurrent) return;
      if (result.ok) {
        url = URL.createObjectURL(result.data);
        setState({ url, failed: false });
      } else setState({ url: null, failed: true });
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [paymentId]);
  if (state.failed) return <Empty description={t('payments.noVoucherImage')} />;
  if (!state.url) return <Spin />;
  return <Image src={state.url} alt={t('payments.voucherImage')} style={{ maxHeight: 360, objectFit: 'contain' }} data-testid="voucher-image" />;
}

export function PaymentFacts({ payment }: { payment: StaffPayment }) {
  const { t, language } = useLanguage();
  const group = groupBesideStatus(payment);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="payment-facts">
      <Descriptions.Item label={t('payments.candidate')}>
        {candidateName(payment, language)} ({payment.username})
      </Descriptions.Item>
      <Descriptions.Item label={t('payments.advertisement')}>{formatDigits(payment.advertisementCode ?? '—', language)}</Descriptions.Item>
      <Descriptions.Item label={t('payments.amount')}>{formatMoney(payment.amount, language)}</Descriptions.Item>
      <Descriptions.Item label={t('payments.method')}>{t(`payments.method.${payment.method}` as TextKey)}</Descriptions.Item>
      <Descriptions.Item label={t('payments.status')}>
        <Tag data-testid="payment-status-tag">{t(`payments.status.${payment.status}` as TextKey)}</Tag>
        {group ? (
          <Tag color="blue" data-testid="payment-group-tag">
            {t(groupLabel(group))}
          </Tag>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('payments.bank')}>{(language === 'ne' ? payment.bankNameNp : payment.bankNameEn) ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.voucherNumber')}>{payment.voucherNumber ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.mobile')}>{payment.voucherMobile ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.ebpCode')}>{payment.ebpCode ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.transaction')}>{payment.transactionUuid ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.payerName')}>{payment.payerName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('payments.paidOn')}>
        <DualDate value={payment.paidOn} withTime={false} />
      </Descriptions.Item>
      <Descriptions.Item label={t('payments.submittedAt')}>
        <DualDate value={payment.createdAt} />
      </Descriptions.Item>
      <Descriptions.Item label={t('payments.remarks')}>{payment.remarks ?? '—'}</Descriptions.Item>
    </Descriptions>
  );
}

export function PaymentDetail({ payment, onChanged }: { payment: StaffPayment; onChanged: () => void }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const [otherGroup, setOtherGroup] = useState<VerificationGroup | undefined>();

  const decide = (group: VerificationGroup) =>
    setDecision({
      title: t(groupLabel(group)),
      question: t('payments.verifyQuestion', { group: t(groupLabel(group)), amount: formatMoney(payment.amount, language) }),
      okText: t(isRefusal(group) ? 'payments.reject' : 'payments.confirm'),
      danger: isRefusal(group),
      onConfirm: async (remarks) => {
        const result = await verifyPayment(payment.id, group, remarks);
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message);
        onChanged();
        return true;
      },
    });

  const others = otherGroupsFor(payment.verificationGroup);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PaymentFacts payment={payment} />
      {payment.method === 'voucher' ? <VoucherImage paymentId={payment.id} /> : null}
      {isVerifiable(payment) ? (
        <Space wrap>
          {payment.verificationGroup !== 'approved' ? (
            <Button type="primary" onClick={() => decide('approved')} data-testid="payment-approve">
              {t('payments.approve')}
            </Button>
          ) : null}
          {payment.verificationGroup !== 'rejected' ? (
            <Button danger onClick={() => decide('rejected')} data-testid="payment-reject">
              {t('payments.reject')}
            </Button>
          ) : null}
          <Select
            style={{ minWidth: 220 }}
            placeholder={t('payments.moveTo')}
            aria-label={t('payments.moveTo')}
            value={otherGroup}
            onChange={setOtherGroup}
            options={others.map((group) => ({ value: group, label: t(groupLabel(group)) }))}
          />
          <Button disabled={!otherGroup} onClick={() => otherGroup && decide(otherGroup)}>
            {t('payments.move')}
          </Button>
        </Space>
      ) : null}
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Space>
  );
}
