import { Alert, Button, Form, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CALLS, checkResetToken, resetPassword } from '../../api/calls';
import { tokenStore } from '../../api/client';
import { useRequestState } from '../../api/request-state';
import { useFieldErrors } from '../../components';
import { passwordTokenSchema, resetPasswordSchema } from '../../core-forms';
import { resetAllStores } from '../../stores/reset-stores';
import { useSessionStore } from '../../stores/session-store';
import { LinkButton } from './link-button';
import { PasswordHelpForm } from './password-help-form';
import { NewPasswordFields } from './password-fields';
import './account.css';

type Fields = { newPassword: string; confirmPassword: string };

type LinkState = { kind: 'checking' } | { kind: 'unchecked' } | { kind: 'valid'; username: string } | { kind: 'invalid' } | { kind: 'done' };

const FIELDS = ['newPassword', 'confirmPassword'] as const;

/** A token can only be 32 random bytes in base64url; anything else is not worth asking about. */
function looksLikeToken(token: string | undefined): token is string {
  return passwordTokenSchema.safeParse(token).success;
}

/**
 * spec §2 /change/password/{tokenid}, open signed in or out: the link of a "forgot password"
 * mail. The link is checked first; a used or expired one says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { tokenid } = useParams();
  const [form] = Form.useForm<Fields>();
  const [link, setLink] = useState<LinkState>(() => (looksLikeToken(tokenid) ? { kind: 'checking' } : { kind: 'invalid' }));
  const resetState = useRequestState(CALLS.resetPassword);
  const fieldErrors = useFieldErrors();
  const hasSession = useSessionStore((state) => state.hasSession);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!looksLikeToken(tokenid)) return;
    let isCurrent = true;
    void checkResetToken(tokenid).then((result) => {
      if (!isCurrent) return;
      if (result.ok && result.data.valid) setLink({ kind: 'valid', username: result.data.username });
      // A link that cannot be checked now (no connection) is not called invalid: the toast says why.
      else if (!result.ok && (result.httpStatus === 0 || result.httpStatus >= 500)) setLink({ kind: 'unchecked' });
      else setLink({ kind: 'invalid' });
    });
    return () => {
      isCurrent = false;
    };
  }, [tokenid, attempt]);

  async function submit(values: Fields) {
    const parsed = resetPasswordSchema.safeParse({ token: tokenid, ...values });
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    const result = await resetPassword(parsed.data);
    if (result.ok) {
      // The server ended every session of the account, this one included.
      if (useSessionStore.getState().hasSession) {
        tokenStore.clear();
        resetAllStores();
      }
      setLink({ kind: 'done' });
      return;
    }
    if (result.code === 'INVALID_GRANT') setLink({ kind: 'invalid' });
    else if (result.errors) fieldErrors.showServerErrors(result.errors);
  }

  if (link.kind === 'checking') {
    return (
      <section className="account-card account-card--narrow" aria-busy="true" aria-labelledby="reset-title">
        <h1 id="reset-title" className="page-title">
          {t('resetLink.title')}
        </h1>
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      </section>
    );
  }

  if (link.kind === 'unchecked') {
    return (
      <section className="account-card account-card--narrow" aria-labelledby="reset-title">
        <h1 id="reset-title" className="page-title">
          {t('resetLink.title')}
        </h1>
        <Alert type="error" showIcon className="account-card__alert" title={t('resetLink.uncheckedBody')} />
        <Button
          type="primary"
          onClick={() => {
            setLink({ kind: 'checking' });
            setAttempt((count) => count + 1);
          }}
        >
          {t('resetLink.checkAgain')}
        </Button>
      </section>
    );
  }

  if (link.kind === 'done') {
    return (
      <section className="account-card account-card--narrow" aria-labelledby="reset-done-title">
        <Result
          status="success"
          title={
            <h1 id="reset-done-title" className="page-title">
              {t('resetLink.doneTitle')}
            </h1>
          }
          subTitle={<span data-testid="reset-done">{t('account.passwordReset')}</span>}
          extra={<LinkButton to="/login">{t('register.goToSignIn')}</LinkButton>}
        />
      </section>
    );
  }

  if (link.kind === 'invalid') {
    return (
      <section className="account-card account-card--narrow" aria-labelledby="reset-invalid-title">
        <Result
          status="warning"
          className="account-result--compact"
          title={
            <h1 id="reset-invalid-title" className="page-title" data-testid="reset-link-invalid">
              {t('resetLink.invalidTitle')}
            </h1>
          }
          subTitle={t('resetLink.invalidBody')}
        />
        <h2 className="account-card__section-title">{t('resetLink.askAgain')}</h2>
        <PasswordHelpForm mode="forgot" />
        <nav className="account-card__links" aria-label={t('resetLink.title')}>
          {/* The page is open signed in too (spec §2); the way back is then home. */}
          {hasSession ? <Link to="/home">{t('notAvailable.goHome')}</Link> : <Link to="/login">{t('passwordHelp.backToSignIn')}</Link>}
        </nav>
      </section>
    );
  }

  const otherMessages = fieldErrors.otherMessages(FIELDS);

  return (
    <section className="account-card account-card--narrow" aria-labelledby="reset-title">
      <h1 id="reset-title" className="page-title">
        {t('resetLink.title')}
      </h1>
      <p className="account-card__subtitle" data-testid="reset-username">
        {t('resetLink.forAccount', { username: link.username })}
      </p>
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ newPassword: '', confirmPassword: '' }}
        disabled={resetState.isFetching}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed) => fieldErrors.clearFields(Object.keys(changed))}
      >
        {/* A hidden user name lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={link.username} readOnly hidden />
        <NewPasswordFields itemProps={fieldErrors.itemProps} />
        <Form.Item className="account-card__submit">
          <Button type="primary" htmlType="submit" block size="large" loading={resetState.isFetching}>
            {t('resetLink.submit')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
