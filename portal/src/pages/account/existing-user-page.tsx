import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CALLS, startRecovery, verifyRecovery } from '../../api/calls';
import { useRequestState } from '../../api/request-state';
import { DistrictSelect, DualDateInput, dateFieldOf, toDatePair, useFieldErrors, type DualDateValue } from '../../components';
import { recoveryStartSchema, recoveryVerifySchema } from '../../core-forms';
import { LinkButton } from './link-button';
import './account.css';

type StartFields = { citizenshipNumber: string; citizenshipIssueDistrictId: number | null; dateOfBirth: DualDateValue | null };
type VerifyFields = { code: string; newEmail: string };

/** The certificate the account was found by, carried into step two as the server read it. */
type Identity = { citizenshipNumber: string; citizenshipIssueDistrictId: number };

type Step = { kind: 'identify' } | { kind: 'verify'; identity: Identity; maskedMobile: string | null } | { kind: 'done'; email: string };

const START_FIELDS = ['citizenshipNumber', 'citizenshipIssueDistrictId', 'dateOfBirth'] as const;
const VERIFY_FIELDS = ['code', 'newEmail'] as const;
const fieldOf = (path: string) => dateFieldOf(path, ['dateOfBirth']);

/**
 * spec §2 /exisiting-user: a candidate who can no longer read the e-mail of the account names the
 * citizenship certificate and date of birth, gets a 6-digit code by SMS on the mobile on file,
 * and moves the account to a new e-mail address, where a temporary password is sent.
 */
export default function ExistingUserPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'identify' });

  return (
    <section className="account-card" aria-labelledby="existing-user-title">
      <h1 id="existing-user-title" className="page-title">
        {t('recovery.title')}
      </h1>
      {step.kind === 'identify' ? (
        <IdentifyStep onStarted={(identity, maskedMobile) => setStep({ kind: 'verify', identity, maskedMobile })} />
      ) : step.kind === 'verify' ? (
        <VerifyStep
          identity={step.identity}
          maskedMobile={step.maskedMobile}
          onVerified={(email) => setStep({ kind: 'done', email })}
          onStartAgain={() => setStep({ kind: 'identify' })}
        />
      ) : (
        <Result
          status="success"
          className="account-result--compact"
          title={<span data-testid="recovery-done">{t('recovery.doneTitle')}</span>}
          subTitle={t('recovery.doneBody', { email: step.email })}
          extra={<LinkButton to="/login">{t('register.goToSignIn')}</LinkButton>}
        />
      )}
      {step.kind === 'done' ? null : (
        <nav className="account-card__links" aria-label={t('recovery.title')}>
          <Link to="/login">{t('passwordHelp.backToSignIn')}</Link>
        </nav>
      )}
    </section>
  );
}

function IdentifyStep({ onStarted }: { onStarted: (identity: Identity, maskedMobile: string | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StartFields>();
  const state = useRequestState(CALLS.recoveryStart);
  const fieldErrors = useFieldErrors(fieldOf);

  async function submit() {
    const values = form.getFieldsValue();
    const body = {
      citizenshipNumber: values.citizenshipNumber,
      citizenshipIssueDistrictId: values.citizenshipIssueDistrictId ?? undefined,
      ...toDatePair('dateOfBirth', values.dateOfBirth),
    };
    const parsed = recoveryStartSchema.safeParse(body);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    const result = await startRecovery(body);
    if (result.ok) {
      const { citizenshipNumber, citizenshipIssueDistrictId } = parsed.data;
      onStarted({ citizenshipNumber, citizenshipIssueDistrictId }, result.data?.maskedMobile ?? null);
    } else if (result.errors) {
      fieldErrors.showServerErrors(result.errors);
    }
  }

  const otherMessages = fieldErrors.otherMessages(START_FIELDS);

  return (
    <>
      <p className="account-card__subtitle">{t('recovery.intro')}</p>
      <p className="account-step" aria-current="step">
        {t('recovery.stepOne')}
      </p>
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<StartFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ citizenshipNumber: '', citizenshipIssueDistrictId: null, dateOfBirth: null }}
        disabled={state.isFetching}
        onFinish={() => void submit()}
        onValuesChange={(changed) => fieldErrors.clearFields(Object.keys(changed))}
      >
        <Form.Item<StartFields> label={t('register.citizenshipNumber')} name="citizenshipNumber" {...fieldErrors.itemProps('citizenshipNumber')}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item<StartFields>
          label={t('register.citizenshipIssueDistrict')}
          name="citizenshipIssueDistrictId"
          {...fieldErrors.itemProps('citizenshipIssueDistrictId')}
        >
          <DistrictSelect />
        </Form.Item>
        <Form.Item<StartFields> label={t('register.dateOfBirth')} name="dateOfBirth" {...fieldErrors.itemProps('dateOfBirth')}>
          <DualDateInput name={t('register.dateOfBirth')} />
        </Form.Item>
        <Form.Item className="account-card__submit">
          <Button type="primary" htmlType="submit" block size="large" loading={state.isFetching}>
            {t('recovery.sendCode')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}

type VerifyProps = {
  identity: Identity;
  maskedMobile: string | null;
  onVerified: (email: string) => void;
  onStartAgain: () => void;
};

function VerifyStep({ identity, maskedMobile, onVerified, onStartAgain }: VerifyProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VerifyFields>();
  const state = useRequestState(CALLS.recoveryVerify);
  const fieldErrors = useFieldErrors();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(values: VerifyFields) {
    const parsed = recoveryVerifySchema.safeParse({ ...identity, ...values });
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    setRefusal(null);
    const result = await verifyRecovery(parsed.data);
    if (result.ok) onVerified(parsed.data.newEmail);
    else if (result.errors) fieldErrors.showServerErrors(result.errors);
    // A wrong or expired code (400 INVALID_GRANT) is about the code the person typed.
    else if (result.httpStatus > 0 && result.httpStatus < 500) setRefusal(result.message);
  }

  const otherMessages = [...fieldErrors.otherMessages([...VERIFY_FIELDS, 'citizenshipNumber', 'citizenshipIssueDistrictId'])];

  return (
    <>
      <Alert
        type="info"
        showIcon
        className="account-card__alert"
        data-testid="recovery-code-sent"
        title={maskedMobile ? t('recovery.codeSentTo', { mobile: maskedMobile }) : t('account.recoveryCodeSent')}
      />
      <p className="account-step" aria-current="step">
        {t('recovery.stepTwo')}
      </p>
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<VerifyFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ code: '', newEmail: '' }}
        disabled={state.isFetching}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed) => {
          fieldErrors.clearFields(Object.keys(changed));
          if ('code' in changed) setRefusal(null);
        }}
      >
        <Form.Item<VerifyFields>
          label={t('recovery.code')}
          name="code"
          {...(refusal ? { validateStatus: 'error' as const, help: refusal } : fieldErrors.itemProps('code'))}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} size="large" className="recovery-code" />
        </Form.Item>
        <Form.Item<VerifyFields> label={t('recovery.newEmail')} name="newEmail" extra={t('recovery.newEmailHint')} {...fieldErrors.itemProps('newEmail')}>
          <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} inputMode="email" />
        </Form.Item>
        <Form.Item className="account-card__submit">
          <Button type="primary" htmlType="submit" block size="large" loading={state.isFetching}>
            {t('recovery.verify')}
          </Button>
        </Form.Item>
      </Form>
      <Button type="link" onClick={onStartAgain} className="account-card__secondary">
        {t('recovery.startAgain')}
      </Button>
    </>
  );
}
