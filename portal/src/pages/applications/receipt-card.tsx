import { Alert, Button, Tag } from 'antd';
import { PayActions } from '../../components/pay-actions';
import type { ApplicationRow } from '../../api/applications-api';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';

// The receipt shown the moment an application is submitted (with a
// code anyone can verify), and again in My applications.

const STATUS_COLOURS: Record<string, string> = { pending: 'gold', approved: 'green', 'partially-approved': 'cyan', rejected: 'red', expired: 'default' };
const PAYMENT_COLOURS: Record<string, string> = { unpaid: 'red', 'verification-pending': 'gold', paid: 'green' };

export function StatusTags({ row }: { row: Pick<ApplicationRow, 'status' | 'paymentState'> }) {
  const { t } = useFormat();
  return (
    <span className="status-tags">
      <Tag color={STATUS_COLOURS[row.status]} data-testid="application-status">
        {t(`status.${row.status}`)}
      </Tag>
      <Tag color={PAYMENT_COLOURS[row.paymentState]} data-testid="payment-state">
        {t(`paymentState.${row.paymentState}`)}
      </Tag>
    </span>
  );
}

export function ReceiptCard({ receipt, showPay = true }: { receipt: ApplicationRow; showPay?: boolean }) {
  const { t, language, digits, date, money } = useFormat();
  const dueChargeId = receipt.dueChargeIds[0];
  return (
    <section className="receipt-card" data-testid="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="receipt-card__title">
        {t('receipt.title')}
      </h2>
      <p className="receipt-card__code">
        <span className="muted">{t('receipt.code')}</span>
        <strong data-testid="receipt-code">{receipt.receiptCode}</strong>
      </p>
      <p className="muted receipt-card__hint">{t('receipt.verifyHint')}</p>
      <dl className="facts">
        <div>
          <dt>{t('receipt.advertisement')}</dt>
          <dd>{digits(receipt.advertisementCode)}</dd>
        </div>
        <div>
          <dt>{t('receipt.post')}</dt>
          <dd>{nameIn(receipt, 'post', language) || nameIn(receipt, 'service', language)}</dd>
        </div>
        <div>
          <dt>{t('receipt.quotas')}</dt>
          <dd data-testid="receipt-quotas">{receipt.quotas.map((quota) => labelOf(quota, language)).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('receipt.examCentre')}</dt>
          <dd>{nameIn(receipt, 'examCentre', language)}</dd>
        </div>
        <div>
          <dt>{t('receipt.submittedAt')}</dt>
          <dd>{date(receipt.submittedAt)}</dd>
        </div>
        <div>
          <dt>{t('receipt.amountDue')}</dt>
          <dd data-testid="receipt-amount">{money(receipt.amountDue)}</dd>
        </div>
      </dl>
      <StatusTags row={receipt} />
      {showPay && dueChargeId !== undefined ? (
        <>
          {receipt.paymentLastDate ? <Alert className="receipt-card__pay-hint" type="warning" showIcon title={t('receipt.payHint', { date: date(receipt.paymentLastDate) })} /> : null}
          <PayActions target={{ chargeId: dueChargeId, amount: receipt.amountDue, advertisementCode: receipt.advertisementCode, appliedOn: receipt.submittedAt }} />
        </>
      ) : null}
      <Button type="link" className="receipt-card__print" onClick={() => window.print()}>
        {t('receipt.print')}
      </Button>
    </section>
  );
}
