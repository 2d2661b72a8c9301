import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import { fetchPaymentReceipt, type PaymentReceipt } from '../../api/payments-api';
import './payment-receipt.css';

// The receipt of a paid fee: a page of its own that prints on one A4 sheet (print CSS hides the
// portal around it), so a phone's browser prints it or saves it as a PDF without any download.
// Only its owner can open it (the API answers 404 to anyone else); the verification code is the
// one the public payment check finds.

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; receipt: PaymentReceipt };

function fullName(receipt: PaymentReceipt, language: 'ne' | 'en'): string {
  const en = [receipt.firstNameEn, receipt.middleNameEn, receipt.lastNameEn].filter(Boolean).join(' ');
  const np = [receipt.firstNameNp, receipt.middleNameNp, receipt.lastNameNp].filter(Boolean).join(' ');
  return language === 'ne' && np ? `${np} (${en})` : en;
}

export default function PaymentReceiptPage() {
  const { t, language, digits, date, money } = useFormat();
  const navigate = useNavigate();
  const { transactionUuid = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    void fetchPaymentReceipt(transactionUuid).then((result) => {
      if (isCurrent) setLoaded(result.ok ? { status: 'ready', receipt: result.data } : { status: 'missing' });
    });
    return () => {
      isCurrent = false;
    };
  }, [transactionUuid]);

  const back = (
    <Button onClick={() => void navigate('/vacancy-applied')} className="payment-receipt__action">
      {t('nav.myApplications')}
    </Button>
  );
  if (loaded.status === 'loading') {
    return (
      <div className="payment-page" role="status">
        <Spin />
      </div>
    );
  }
  if (loaded.status === 'missing') return <Result status="warning" title={<h1 className="page-title">{t('payReceipt.notFound')}</h1>} extra={back} />;
  const { receipt } = loaded;
  const bank = receipt.bankNameEn || receipt.bankNameNp ? labelOf({ nameEn: receipt.bankNameEn, nameNp: receipt.bankNameNp }, language) : null;
  const rows: [string, string, string?][] = [
    [t('payReceipt.candidate'), fullName(receipt, language)],
    [t('payReceipt.masterId'), digits(receipt.masterId)],
    [t('receipt.advertisement'), `${digits(receipt.advertisementCode)} (${digits(receipt.fiscalYear)})`],
    [t('receipt.post'), nameIn(receipt, 'post', language) || nameIn(receipt, 'service', language)],
    [t('payReceipt.application'), receipt.applicationReceiptCode],
    [t('payReceipt.purpose'), t(`myApps.purpose.${receipt.purpose}`)],
    [t('payReceipt.method'), bank ? `${t(`myApps.method.${receipt.method}`)} — ${bank}` : t(`myApps.method.${receipt.method}`)],
    [t('payReceipt.paidOn'), date(receipt.paidOn)],
  ];
  if (receipt.gatewayReference) rows.push([t('payReceipt.reference'), receipt.gatewayReference]);
  if (receipt.voucherNumber) rows.push([t('payReceipt.voucher'), receipt.voucherNumber]);
  return (
    <article className="payment-receipt" data-testid="payment-receipt" aria-labelledby="payment-receipt-title">
      <header className="payment-receipt__header">
        <p className="payment-receipt__commission">{t('payReceipt.commission')}</p>
        <h1 id="payment-receipt-title" className="payment-receipt__title">
          {t('payReceipt.title')}
        </h1>
      </header>
      <p className="payment-receipt__amount">
        <span>{t('payReceipt.amount')}</span>
        <strong data-testid="payment-receipt-amount">{money(receipt.amount)}</strong>
      </p>
      <dl className="payment-receipt__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="payment-receipt__code">
        <span>{t('payReceipt.code')}</span>
        <strong data-testid="payment-receipt-code">{receipt.verificationCode}</strong>
        <small>{t('payReceipt.verifyHint')}</small>
      </div>
      <div className="payment-receipt__actions">
        <Button type="primary" size="large" onClick={() => window.print()} className="payment-receipt__action" data-testid="payment-receipt-print">
          {t('payReceipt.print')}
        </Button>
        {back}
      </div>
    </article>
  );
}
