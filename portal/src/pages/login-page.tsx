import { Button, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CALLS, signIn } from '../api/calls';
import { useRequestState } from '../api/request-state';
import { localizeIssues, signInSchema } from '../core-forms';
import { useLanguage } from '../i18n/use-language';
import { loadInit } from '../stores/load-init';
import { useSessionStore } from '../stores/session-store';
import type { PasswordHelpMode } from './account/password-help-form';

// A text button that reads like the links beside it.
const LINK_BUTTON_STYLE = {
  padding: 0,
  height: 'auto',
  alignSelf: 'flex-start',
  whiteSpace: 'normal',
  textAlign: 'start',
  fontSize: 'inherit',
  textDecoration: 'underline',
} as const;

// Loaded when first opened: most visitors sign in without it.
const PasswordHelpDialog = lazy(() => import('./account/password-help-dialog'));

type SignInFields = { username: string; password: string };
type FieldErrors = Record<string, string[]>;
type SchemaError = Parameters<typeof localizeIssues>[0];
/** Kept as the schema error itself so a language switch re-translates the messages. */
type ShownErrors = (
  | { kind: 'schema'; error: SchemaError }
  | { kind: 'server'; errors: FieldErrors }
) & { clearedFields: string[] };

/**
 * spec §5 sign-in: user name or e-mail and password, checked by core's signInSchema (the same
 * schema the API validates with), then the password grant and the init call. The route guard
 * then sends the user to the page they were going to, else /home.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<SignInFields>();
  const [shownErrors, setShownErrors] = useState<ShownErrors | null>(null);
  const signInState = useRequestState(CALLS.signIn);
  const isSigningIn = useSessionStore((state) => state.isSigningIn);
  const setSigningIn = useSessionStore((state) => state.setSigningIn);
  // The dialog stays mounted once opened (null before), so that closing it animates like any dialog.
  const [passwordHelp, setPasswordHelp] = useState<{ mode: PasswordHelpMode; isOpen: boolean } | null>(null);

  async function submit(values: SignInFields) {
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      setShownErrors({ kind: 'schema', error: parsed.error, clearedFields: [] });
      return;
    }
    setShownErrors(null);
    setSigningIn(true);
    const result = await signIn(parsed.data.username, parsed.data.password);
    if (!result.ok) {
      setSigningIn(false);
      if (result.errors) setShownErrors({ kind: 'server', errors: result.errors, clearedFields: [] });
      return;
    }
    await loadInit();
    // Leaving the signing-in state lets PublicOnly redirect; without init data the signed-in
    // layout asks again.
    setSigningIn(false);
  }

  const fieldErrors: FieldErrors = !shownErrors
    ? {}
    : shownErrors.kind === 'schema'
      ? localizeIssues(shownErrors.error, language)
      : shownErrors.errors;

  function errorsOf(field: keyof SignInFields) {
    const messages = shownErrors?.clearedFields.includes(field) ? undefined : fieldErrors[field];
    return messages && messages.length > 0
      ? { validateStatus: 'error' as const, help: messages.join(' ') }
      : {};
  }

  const isBusy = signInState.isFetching || isSigningIn;

  return (
    <section className="login-card" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        {t('login.title')}
      </h1>
      <p className="login-card__subtitle">{t('login.subtitle')}</p>
      <Form<SignInFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed) => {
          // An edited field's old message no longer applies.
          const names = Object.keys(changed);
          setShownErrors((current) => (current ? { ...current, clearedFields: [...current.clearedFields, ...names] } : null));
        }}
        initialValues={{ username: '', password: '' }}
        disabled={isBusy}
      >
        <Form.Item<SignInFields> label={t('login.username')} name="username" {...errorsOf('username')}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} inputMode="email" size="large" />
        </Form.Item>
        <Form.Item<SignInFields> label={t('login.password')} name="password" {...errorsOf('password')}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Form.Item className="login-card__submit" style={{ paddingTop: 8, marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
            {isSigningIn && !signInState.isFetching ? t('login.loadingProfile') : t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <nav className="login-card__links" aria-label={t('login.title')}>
        {/* Forgot password (a link by e-mail) and a new temporary password. */}
        <Button type="link" style={LINK_BUTTON_STYLE} onClick={() => setPasswordHelp({ mode: 'forgot', isOpen: true })}>
          {t('login.forgotPassword')}
        </Button>
        <Button type="link" style={LINK_BUTTON_STYLE} onClick={() => setPasswordHelp({ mode: 'new-password', isOpen: true })}>
          {t('login.requestNewPassword')}
        </Button>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/exisiting-user">{t('login.existingUser')}</Link>
        <Link to="/faq">{t('login.faq')}</Link>
        {/* spec §2: the public results, signed in or not. */}
        <Link to="/results">{t('resultLookup.title')}</Link>
        <Link to="/results/published">{t('publishedResults.title')}</Link>
      </nav>
      {passwordHelp ? (
        <Suspense fallback={null}>
          <PasswordHelpDialog
            mode={passwordHelp.mode}
            isOpen={passwordHelp.isOpen}
            initialLogin={form.getFieldValue('username') as string}
            onClose={() => setPasswordHelp({ ...passwordHelp, isOpen: false })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
