import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CALLS, signIn } from '../api/calls';
import { useRequestState } from '../api/request-state';
import { PlainField } from '../components/plain-field';
import { localizeIssues } from '../i18n/localize-issues';
import { withAllTexts } from '../i18n';
import { useText } from '../i18n/texts';
import { loadForSubmit, useLoadsAfterShown } from '../hooks/use-after-shown';
import { loadAntdFrame, loadHomePage, loadSignedInLayout } from '../routes/menu-pages';
import { loadInit } from '../stores/load-init';
import { useSessionStore } from '../stores/session-store';
import type { PasswordHelpMode } from './account/password-help-form';

// The shared schema comes with zod, a fifth of the page's bytes: the form is usable before it
// arrives, fetched while the page idles and awaited by a submission that comes sooner.
const loadSignInSchema = async () => (await import('./sign-in-schema')).signInSchema;

// What a sign-in needs and leads to: the schema, antd, the signed-in frame and its first page.
const AFTER_SIGN_IN = [loadSignInSchema, loadAntdFrame, loadSignedInLayout, loadHomePage];

// Loaded when first opened: most visitors sign in without it.
const PasswordHelpDialog = lazy(withAllTexts(() => import('./account/password-help-dialog')));

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
 * then sends the user to the page they were going to, else /home. The first screen most phones
 * open, so plain React and CSS (styles/plain-controls.css), no antd; the signed-in frame and its
 * first page are fetched while the page idles.
 */
export default function LoginPage() {
  const { t, language } = useText();
  const [values, setValues] = useState<SignInFields>({ username: '', password: '' });
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [shownErrors, setShownErrors] = useState<ShownErrors | null>(null);
  const signInState = useRequestState(CALLS.signIn);
  const isSigningIn = useSessionStore((state) => state.isSigningIn);
  const setSigningIn = useSessionStore((state) => state.setSigningIn);
  // The dialog stays mounted once opened (null before), so that closing it animates like any dialog.
  const [passwordHelp, setPasswordHelp] = useState<{ mode: PasswordHelpMode; isOpen: boolean } | null>(null);

  // Someone who starts typing will sign in: what follows is fetched then, not in 2 s.
  const startTyping = useLoadsAfterShown(AFTER_SIGN_IN);

  // Not refused while a sign-in is out: as before, a second submission goes to the API, whose
  // rate limit and answer stand (spec §5).
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const signInSchema = await loadForSubmit(loadSignInSchema);
    if (!signInSchema) return;
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

  function edit(field: keyof SignInFields, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field's old message no longer applies.
    setShownErrors((current) => (current ? { ...current, clearedFields: [...current.clearedFields, field] } : null));
  }

  const fieldErrors: FieldErrors = !shownErrors
    ? {}
    : shownErrors.kind === 'schema'
      ? localizeIssues(shownErrors.error, language)
      : shownErrors.errors;

  function errorOf(field: keyof SignInFields): string | undefined {
    const messages = shownErrors?.clearedFields.includes(field) ? undefined : fieldErrors[field];
    return messages && messages.length > 0 ? messages.join(' ') : undefined;
  }

  const isBusy = signInState.isFetching || isSigningIn;

  return (
    <section className="login-card" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        {t('login.title')}
      </h1>
      <p className="login-card__subtitle">{t('login.subtitle')}</p>
      <form onSubmit={(event) => void submit(event)} onFocus={startTyping} noValidate>
        <fieldset className="plain-fieldset" disabled={isBusy}>
          <PlainField id="username" label={t('login.username')} error={errorOf('username')}>
            {(inputProps) => (
              <input
                {...inputProps}
                name="username"
                type="text"
                className="plain-input"
                value={values.username}
                onChange={(event) => edit('username', event.target.value)}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                inputMode="email"
              />
            )}
          </PlainField>
          <PlainField id="password" label={t('login.password')} error={errorOf('password')}>
            {(inputProps) => (
              <span className="plain-input plain-input--affix">
                <input
                  {...inputProps}
                  name="password"
                  type={isPasswordShown ? 'text' : 'password'}
                  value={values.password}
                  onChange={(event) => edit('password', event.target.value)}
                  autoComplete="current-password"
                />
                {/* Its name is its content, not a label, so the field keeps the only label "Password". */}
                <button type="button" className="plain-input__toggle" aria-pressed={isPasswordShown} aria-controls="password" onClick={() => setPasswordShown(!isPasswordShown)}>
                  <EyeIcon />
                  <span className="plain-visually-hidden">{t('login.showPassword')}</span>
                </button>
              </span>
            )}
          </PlainField>
          <div className="login-card__submit">
            <button type="submit" className="plain-button plain-button--primary plain-button--block" aria-busy={isBusy}>
              {isBusy ? <span className="plain-button__spinner" aria-hidden="true" /> : null}
              {isSigningIn && !signInState.isFetching ? t('login.loadingProfile') : t('login.submit')}
            </button>
          </div>
        </fieldset>
      </form>
      <nav className="login-card__links" aria-label={t('login.title')}>
        {/* Forgot password (a link by e-mail) and a new temporary password. */}
        <button type="button" className="plain-link-button" onClick={() => setPasswordHelp({ mode: 'forgot', isOpen: true })}>
          {t('login.forgotPassword')}
        </button>
        <button type="button" className="plain-link-button" onClick={() => setPasswordHelp({ mode: 'new-password', isOpen: true })}>
          {t('login.requestNewPassword')}
        </button>
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
            initialLogin={values.username}
            onClose={() => setPasswordHelp({ ...passwordHelp, isOpen: false })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6z" />
    </svg>
  );
}
