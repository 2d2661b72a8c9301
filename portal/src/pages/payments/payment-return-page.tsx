import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFormat } from '../../hooks/use-format';
import { closeFailedOnlinePayment, confirmOnlinePayment, paymentReceiptPath, type OnlinePaymentAnswer } from '../../api/payments-api';

// spec §2 /rmis/payment/success and /rmis/payment/failure: where the gateway sends the browser
// back. Nothing in the address is believed here: the page hands it to the API, which checks the
// signature and asks the gateway server to server, and shows the outcome plainly.

type Outcome = { kind: 'answer'; answer: OnlinePaymentAnswer } | { kind: 'refused'; message: string } | { kind: 'missing' };

const TITLE_BY_STATUS = {
  completed: 'return.successTitle',
  failed: 'return.failureTitle',
  initiated: 'return.pendingTitle',
  'refund-due': 'return.refundTitle',
  expired: 'return.expiredTitle',
} as const;

const RESULT_BY_STATUS = { completed: 'success', failed: 'error', initiated: 'info', 'refund-due': 'warning', expired: 'error' } as const;

export default function PaymentReturnPage({ outcome: expected }: { outcome: 'success' | 'failure' }) {
  const { t, money } = useFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once per visit (React's development double effect would otherwise ask twice; the API
    // answers a replay the same, but there is no reason to send one).
    if (asked.current) return;
    asked.current = true;
    const data = search.get('data');
    const transactionUuid = search.get('transaction_uuid') ?? search.get('transactionUuid');
    const run = async () => {
      if (expected === 'success' && data) {
        const result = await confirmOnlinePayment(data);
        setOutcome(result.ok ? { kind: 'answer', answer: result.data } : { kind: 'refused', message: result.message });
      } else if (transactionUuid) {
        const result = await closeFailedOnlinePayment(transactionUuid);
        setOutcome(result.ok ? { kind: 'answer', answer: result.data } : { kind: 'refused', message: result.message });
      } else {
        setOutcome({ kind: 'missing' });
      }
    };
    void run();
  }, [expected, search]);

  const toApplications = (
    <Button type="primary" onClick={() => void navigate('/vacancy-applied')} data-testid="return-my-applications">
      {t('nav.myApplications')}
    </Button>
  );
  if (!outcome) {
    return (
      <div className="payment-page" role="status">
        <Spin /> {t('return.checking')}
      </div>
    );
  }
  if (outcome.kind === 'missing') return <Result status="warning" title={<h1 className="page-title">{t('return.missing')}</h1>} extra={toApplications} />;
  if (outcome.kind === 'refused') {
    return <Result status="error" title={<h1 className="page-title">{t('return.refusedTitle')}</h1>} subTitle={outcome.message} extra={toApplications} data-testid="payment-outcome" />;
  }
  const { answer } = outcome;
  return (
    <Result
      status={RESULT_BY_STATUS[answer.status]}
      title={<h1 className="page-title" data-testid="payment-outcome-title">{t(TITLE_BY_STATUS[answer.status])}</h1>}
      subTitle={
        <>
          <span data-testid="payment-outcome-amount">{t('return.amount', { amount: money(answer.amount) })}</span>
          <br />
          <span>{t('return.reference', { reference: answer.transactionUuid })}</span>
        </>
      }
      extra={
        answer.status === 'completed' ? (
          <>
            <Button type="primary" onClick={() => void navigate(paymentReceiptPath(answer.transactionUuid))} data-testid="payment-receipt-open">
              {t('payReceipt.open')}
            </Button>
            <Button onClick={() => void navigate('/vacancy-applied')} data-testid="return-my-applications">
              {t('nav.myApplications')}
            </Button>
          </>
        ) : (
          toApplications
        )
      }
      data-testid="payment-outcome"
    />
  );
}
