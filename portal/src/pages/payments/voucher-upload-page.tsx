import { VOUCHER_UPLOAD } from '@psc/core';
import { Alert, Button, Input, Result, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FilePicker } from '../../components/files/file-picker';
import { labelOf, useFormat } from '../../hooks/use-format';
import { fetchBanks, submitVoucher, type Bank } from '../../api/payments-api';
import '../../styles/apply-and-pay.css';

// spec §2 /voucher-upload/{id}/{advtCode}/{applydate}/{masterid}/{bankCode}/{remainingPayment}
// (and /promotion-voucher-upload/{id}): bank, voucher number, mobile and the voucher's picture,
// JPG or PNG of at most 500 KB (spec §5), checked here before the upload (the profile's file
// picker, which offers to make a larger photograph smaller) and again by the server.
// `id` is the charge being paid; the amount is the server's, passed on in the path.

type Props = { kind?: 'application' | 'promotion' };

export default function VoucherUploadPage({ kind = 'application' }: Props) {
  const { t, language, digits, money } = useFormat();
  const navigate = useNavigate();
  const params = useParams();
  const chargeId = Number(params.id);
  const amount = params.remainingPayment === undefined ? null : Number(params.remainingPayment);
  const [banks, setBanks] = useState<Bank[]>([]);
  const [bankId, setBankId] = useState<number | null>(null);
  const [voucherNumber, setVoucherNumber] = useState('');
  const [mobile, setMobile] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isSending, setIsSending] = useState(false);
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    void fetchBanks().then((result) => {
      if (result.ok) setBanks(result.data);
    });
  }, []);

  const submit = async () => {
    const found: Record<string, string[]> = {};
    if (bankId === null) found.bankId = [t('validation.required')];
    if (!voucherNumber.trim()) found.voucherNumber = [t('validation.required')];
    if (!mobile.trim()) found.mobile = [t('validation.required')];
    if (!file) found.file = [t('voucher.fileRequired')];
    setErrors(found);
    if (Object.keys(found).length > 0 || bankId === null || !file) return;
    setIsSending(true);
    const result = await submitVoucher({ chargeId, bankId, voucherNumber: voucherNumber.trim(), mobile: mobile.trim() }, file, file.name);
    setIsSending(false);
    if (result.ok) setIsDone(true);
    else if (result.errors) setErrors(result.errors);
  };

  const back = kind === 'promotion' ? '/vacancy-applied/promotion' : '/vacancy-applied';
  if (isDone) {
    return (
      <Result
        status="success"
        title={<h1 className="page-title">{t('voucher.done')}</h1>}
        extra={
          <Button type="primary" onClick={() => void navigate(back)} data-testid="voucher-back">
            {t('voucher.back')}
          </Button>
        }
        data-testid="voucher-done"
      />
    );
  }

  const errorOf = (field: string) => (errors[field] ? <span className="field-error">{errors[field].join(' ')}</span> : null);
  return (
    <section className="payment-page" aria-labelledby="voucher-title">
      <h1 id="voucher-title" className="page-title">
        {t('voucher.title')}
      </h1>
      {params.advtCode ? <p className="muted">{t('vacancy.code', { code: digits(params.advtCode) })}</p> : null}
      {amount !== null && Number.isFinite(amount) ? (
        <Alert type="info" showIcon title={`${t('voucher.amount')}: ${money(amount)}`} data-testid="voucher-amount" />
      ) : null}
      <div className="payment-page__form">
        <label className="apply-page__field">
          <span>{t('voucher.bank')}</span>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={bankId ?? undefined}
            placeholder={t('apply.choose')}
            onChange={(value: number) => setBankId(value)}
            options={banks.map((bank) => ({ value: bank.id, label: labelOf(bank, language) }))}
            data-testid="voucher-bank"
          />
          {errorOf('bankId')}
        </label>
        <label className="apply-page__field">
          <span>{t('voucher.number')}</span>
          <Input value={voucherNumber} onChange={(event) => setVoucherNumber(event.target.value)} maxLength={40} data-testid="voucher-number" />
          {errorOf('voucherNumber')}
        </label>
        <label className="apply-page__field">
          <span>{t('voucher.mobile')}</span>
          <Input value={mobile} inputMode="numeric" onChange={(event) => setMobile(event.target.value)} maxLength={10} data-testid="voucher-mobile" />
          {errorOf('mobile')}
        </label>
        <div className="apply-page__field">
          <label htmlFor="voucher-file">{t('voucher.file')}</label>
          {/* The profile's picker: checked by content and size here, with the offer to make a phone's photograph smaller. */}
          <FilePicker
            id="voucher-file"
            rule={VOUCHER_UPLOAD}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              if (picked) setErrors(({ file: _dropped, ...rest }) => rest);
            }}
            canShrink
            label={t('voucher.file')}
            testId="voucher-file"
          />
          {errorOf('file')}
        </div>
        {errorOf('chargeId')}
        <Button type="primary" size="large" block loading={isSending} onClick={() => void submit()} data-testid="voucher-submit">
          {t('voucher.submit')}
        </Button>
      </div>
    </section>
  );
}
