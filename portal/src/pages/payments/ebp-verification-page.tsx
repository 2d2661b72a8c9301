import { Alert, Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { fetchMyApplications, type ApplicationRow } from '../../api/applications-api';
import { nameIn, useFormat } from '../../hooks/use-format';
import { checkPaymentByCode, lookUpEbpCode, submitEbpCode, type EbpLookup, type PaymentCheck } from '../../api/payments-api';
import '../../styles/apply-and-pay.css';

// spec §2 /ebp-code-verification and /ebp-code-local-verification: a fee paid through the
// revenue system is named by its EBP code for a due fee (staff verify it), a code is checked
// against what is recorded here, and any payment may be checked by its code (spec §1).

function PublicCheck() {
  const { t, money } = useFormat();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<{ ok: true; data: PaymentCheck } | { ok: false; message: string } | null>(null);
  return (
    <div className="payment-page__form" style={{ marginTop: 12 }}>
      <h2 className="apply-page__heading">{t('ebp.publicCheck')}</h2>
      <Input.Search
        value={code}
        onChange={(event) => setCode(event.target.value)}
        enterButton={t('ebp.check')}
        aria-label={t('ebp.publicCheck')}
        onSearch={async (value) => {
          if (!value.trim()) return;
          const result = await checkPaymentByCode(value.trim());
          setAnswer(result.ok ? { ok: true, data: result.data } : { ok: false, message: result.message });
        }}
        data-testid="payment-check"
      />
      {answer ? (
        answer.ok ? (
          <Alert
            style={{ marginTop: 8 }}
            type="info"
            showIcon
            title={t('ebp.publicResult', { method: t(`myApps.method.${answer.data.method}`), status: t(`paymentStatus.${answer.data.status}`), amount: money(answer.data.amount) })}
          />
        ) : (
          <Alert style={{ marginTop: 8 }} type="warning" showIcon title={answer.message} />
        )
      ) : null}
    </div>
  );
}

export function EbpVerificationPage() {
  const { t, language, digits, money } = useFormat();
  const [rows, setRows] = useState<ApplicationRow[]>([]);
  const [chargeId, setChargeId] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isSending, setIsSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    void fetchMyApplications({ paymentState: 'unpaid', page: 1, pageSize: 50 }).then((result) => {
      if (result.ok) setRows(result.data.items.filter((row) => row.dueChargeIds.length > 0));
    });
  }, []);

  const submit = async () => {
    const found: Record<string, string[]> = {};
    if (chargeId === null) found.chargeId = [t('validation.required')];
    if (!code.trim()) found.ebpCode = [t('validation.required')];
    setErrors(found);
    if (chargeId === null || Object.keys(found).length > 0) return;
    setIsSending(true);
    const result = await submitEbpCode(chargeId, code.trim());
    setIsSending(false);
    if (result.ok) setDone(result.message);
    else if (result.errors) setErrors(result.errors);
  };

  return (
    <section className="payment-page" aria-labelledby="ebp-title">
      <h1 id="ebp-title" className="page-title">
        {t('ebp.title')}
      </h1>
      <p className="muted">{t('ebp.intro')}</p>
      {done ? <Alert type="success" showIcon title={done} data-testid="ebp-done" /> : null}
      <div className="payment-page__form">
        <label className="apply-page__field">
          <span>{t('ebp.charge')}</span>
          <Select
            value={chargeId ?? undefined}
            placeholder={rows.length === 0 ? t('ebp.noCharge') : t('apply.choose')}
            onChange={(value: number) => setChargeId(value)}
            options={rows.map((row) => ({
              value: row.dueChargeIds[0]!,
              label: `${digits(row.advertisementCode)} · ${nameIn(row, 'post', language)} · ${money(row.amountDue)}`,
            }))}
          />
          {errors.chargeId ? <span className="field-error">{errors.chargeId.join(' ')}</span> : null}
        </label>
        <label className="apply-page__field">
          <span>{t('ebp.code')}</span>
          <Input value={code} onChange={(event) => setCode(event.target.value)} maxLength={40} />
          {errors.ebpCode ? <span className="field-error">{errors.ebpCode.join(' ')}</span> : null}
        </label>
        <Button type="primary" block loading={isSending} disabled={rows.length === 0} onClick={() => void submit()}>
          {t('ebp.submit')}
        </Button>
      </div>
      <PublicCheck />
    </section>
  );
}

export function EbpLocalVerificationPage() {
  const { t, money } = useFormat();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<EbpLookup | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="payment-page" aria-labelledby="ebp-local-title">
      <h1 id="ebp-local-title" className="page-title">
        {t('ebp.localTitle')}
      </h1>
      <p className="muted">{t('ebp.localIntro')}</p>
      <div className="payment-page__form">
        <Input.Search
          value={code}
          onChange={(event) => setCode(event.target.value)}
          enterButton={t('ebp.check')}
          aria-label={t('ebp.code')}
          placeholder={t('ebp.code')}
          onSearch={async (value) => {
            if (!value.trim()) return;
            const result = await lookUpEbpCode(value.trim());
            setAnswer(result.ok ? result.data : null);
            setError(result.ok ? null : result.message);
          }}
        />
        {error ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} /> : null}
        {answer ? (
          <Alert
            style={{ marginTop: 8 }}
            type={answer.used ? 'warning' : 'success'}
            showIcon
            title={
              !answer.used ? t('ebp.unused') : answer.mine ? t('ebp.usedMine', { status: answer.status ? t(`paymentStatus.${answer.status}`) : '', amount: money(answer.amount ?? 0) }) : t('ebp.used')
            }
          />
        ) : null}
      </div>
      <PublicCheck />
    </section>
  );
}

export default EbpVerificationPage;
