import { Alert, Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { verifyAdmitCard, type AdmitCardVerification } from '../../api/admit-cards-api';
import { isStatementShaped, readStatement } from '../../components/admit-card/admit-card-rules';
import { useFormat } from '../../hooks/use-format';
import './admit-card.css';

// DESIGN "Signed documents": the admit card's QR holds `${PUBLIC_URL}/verify#<statement>`, so a
// phone camera opens this page with the statement in the hash (a hash never reaches a server's
// logs). Anyone may check it, signed in or not; a person without the QR pastes the address. The
// answer shows only what the signed statement holds, to compare with the card and the person.

type Outcome = { status: 'idle' } | { status: 'checking' } | { status: 'failed' } | { status: 'checked'; answer: AdmitCardVerification };

function ValidCard({ answer }: { answer: Extract<AdmitCardVerification, { valid: true }> }) {
  const { t, digits, date } = useFormat();
  const rows: [string, string][] = [
    [t('myAdmitCard.rollNumber'), digits(answer.rollNumber)],
    [t('verifyCard.nameNp'), answer.nameNp],
    [t('verifyCard.nameEn'), answer.nameEn],
    [t('myAdmitCard.advertisement'), digits(answer.advertisementCode)],
    [t('myAdmitCard.fiscalYear'), digits(answer.fiscalYear)],
    [t('verifyCard.issuedOn'), date(answer.issuedOnAd)],
  ];
  return (
    <Alert
      className="verify-card__outcome verify-card__valid"
      type="success"
      showIcon
      role="status"
      data-testid="verify-valid"
      title={<strong className="verify-card__valid-title">{t('verifyCard.valid')}</strong>}
      description={
        <>
          <p style={{ margin: 0 }}>{t('verifyCard.validBody')}</p>
          <dl className="verify-card__facts">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      }
    />
  );
}

export default function VerifyAdmitCardPage() {
  const { t } = useFormat();
  const location = useLocation();
  const [text, setText] = useState('');
  const [isEmpty, setIsEmpty] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });

  const check = useCallback(async (source: string) => {
    const statement = readStatement(source);
    if (statement === '') {
      setIsEmpty(true);
      return;
    }
    setIsEmpty(false);
    // Not even shaped like a statement: not genuine, without asking the server.
    if (!isStatementShaped(statement)) {
      setOutcome({ status: 'checked', answer: { valid: false } });
      return;
    }
    setOutcome({ status: 'checking' });
    const result = await verifyAdmitCard(statement);
    setOutcome(result.ok ? { status: 'checked', answer: result.data } : { status: 'failed' });
  }, []);

  // The QR opened this page: check at once, and again if another QR opens it in the same tab.
  useEffect(() => {
    if (location.hash.length <= 1) return;
    setText(readStatement(location.hash));
    void check(location.hash);
  }, [location.hash, check]);

  return (
    <section className="verify-card" aria-labelledby="verify-card-title" data-testid="verify-card">
      <h1 id="verify-card-title" className="page-title">
        {t('verifyCard.title')}
      </h1>
      <p className="muted">{t('verifyCard.intro')}</p>
      <Form layout="vertical" onFinish={() => void check(text)} requiredMark={false}>
        <Form.Item
          label={t('verifyCard.statement')}
          htmlFor="verify-statement"
          validateStatus={isEmpty ? 'error' : undefined}
          help={isEmpty ? t('verifyCard.required') : undefined}
        >
          <Input.TextArea
            id="verify-statement"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            data-testid="verify-statement"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={outcome.status === 'checking'} data-testid="verify-submit">
          {outcome.status === 'checking' ? t('verifyCard.checking') : t('verifyCard.check')}
        </Button>
      </Form>
      {outcome.status === 'failed' ? <Alert className="verify-card__outcome" type="warning" showIcon title={t('verifyCard.failed')} /> : null}
      {outcome.status === 'checked' && outcome.answer.valid ? <ValidCard answer={outcome.answer} /> : null}
      {outcome.status === 'checked' && !outcome.answer.valid ? (
        <Alert
          className="verify-card__outcome verify-card__invalid"
          type="error"
          showIcon
          role="alert"
          data-testid="verify-invalid"
          title={<strong className="verify-card__invalid-title">{t('verifyCard.invalid')}</strong>}
          description={t('verifyCard.invalidBody')}
        />
      ) : null}
    </section>
  );
}
