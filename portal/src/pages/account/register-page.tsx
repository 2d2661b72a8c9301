import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CALLS, register, type RegisteredAccount } from '../../api/calls';
import { useRequestState } from '../../api/request-state';
import { prefetchDistricts } from '../../components/district-groups';
import { dateFieldOf, EMPTY_DUAL_DATE, toDatePair, type DualDateValue } from '../../components/dual-date';
import { useFieldErrors } from '../../components/field-errors';
import { loadDateGrid, PlainDualDateInput } from '../../components/plain-dual-date-input';
import { PlainDistrictSelect } from '../../components/plain-district-select';
import { PlainField, type PlainInputProps } from '../../components/plain-field';
import { PlainLeaveWarning } from '../../components/plain-leave-warning';
import { PlainNepaliTextInput } from '../../components/plain-nepali-text-input';
import type { Gender } from '../../core-forms';
import { useText } from '../../i18n/texts';
import { loadForSubmit, useLoadsAfterShown } from '../../hooks/use-after-shown';
import { GenderInput } from './gender-input';
import './account.css';

type RegisterFields = {
  firstNameEn: string;
  middleNameEn: string;
  lastNameEn: string;
  firstNameNp: string;
  middleNameNp: string;
  lastNameNp: string;
  username: string;
  email: string;
  mobile: string;
  nationalId: string;
  citizenshipNumber: string;
  citizenshipIssueDistrictId: number | null;
  citizenshipIssueDate: DualDateValue;
  dateOfBirth: DualDateValue;
  gender: Gender | null;
};

/** Form order, for scrolling to the first field with a message. */
const FIELD_ORDER: readonly (keyof RegisterFields)[] = [
  'firstNameEn',
  'middleNameEn',
  'lastNameEn',
  'firstNameNp',
  'middleNameNp',
  'lastNameNp',
  'username',
  'email',
  'mobile',
  'citizenshipNumber',
  'citizenshipIssueDistrictId',
  'citizenshipIssueDate',
  'nationalId',
  'dateOfBirth',
  'gender',
];

const DATE_FIELDS = ['dateOfBirth', 'citizenshipIssueDate'] as const;

const INITIAL_VALUES: RegisterFields = {
  firstNameEn: '',
  middleNameEn: '',
  lastNameEn: '',
  firstNameNp: '',
  middleNameNp: '',
  lastNameNp: '',
  username: '',
  email: '',
  mobile: '',
  nationalId: '',
  citizenshipNumber: '',
  citizenshipIssueDistrictId: null,
  citizenshipIssueDate: EMPTY_DUAL_DATE,
  dateOfBirth: EMPTY_DUAL_DATE,
  gender: null,
};

// The shared schema comes with zod: the form is usable before it arrives, fetched while the page
// idles (with the B.S. month grid and the district list, further down the form) and awaited by a
// submission that comes sooner.
const loadRegisterSchema = async () => (await import('./register-schema')).registerRequestSchema;
const AFTER_SHOWN = [loadRegisterSchema, loadDateGrid, prefetchDistricts];

function hasAnyInput(values: RegisterFields): boolean {
  return Object.values(values).some((value) => {
    if (value === null) return false;
    if (typeof value === 'string') return value.trim() !== '';
    if (typeof value === 'object') return value.text.trim() !== '';
    return true;
  });
}

/** The request body of POST /api/psc/register: the text as typed, each date under its calendar. */
function toRequestBody(values: RegisterFields): Record<string, unknown> {
  const { citizenshipIssueDate, dateOfBirth, ...rest } = values;
  return {
    ...rest,
    citizenshipIssueDistrictId: rest.citizenshipIssueDistrictId ?? undefined,
    gender: rest.gender ?? undefined,
    ...toDatePair('dateOfBirth', dateOfBirth),
    ...toDatePair('citizenshipIssueDate', citizenshipIssueDate),
  };
}

const fieldOf = (path: string) => dateFieldOf(path, DATE_FIELDS);

/** Brings the first field with a message into view, in the middle (the header is sticky), and focuses it. */
function scrollToField(field: string | undefined) {
  if (!field) return;
  const element = document.getElementById(field);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  const target = element.matches('input, select, textarea') ? element : element.querySelector<HTMLElement>('input:checked, input');
  target?.focus({ preventScroll: true });
}

/**
 * spec §5 registration: names, account, citizenship and birth, checked by core's
 * registerRequestSchema (the API's own); a temporary password is then e-mailed (spec §4). A first
 * screen a phone opens by address, so plain React and CSS (styles/plain-controls.css), no antd
 * and no i18next; the B.S. month grid comes after the form is usable.
 */
export default function RegisterPage() {
  const { t } = useText();
  const [values, setValues] = useState<RegisterFields>(INITIAL_VALUES);
  const registerState = useRequestState<RegisteredAccount>(CALLS.register);
  const fieldErrors = useFieldErrors(fieldOf);
  const [registered, setRegistered] = useState<RegisteredAccount | null>(null);

  // Someone who starts filling in will submit: what follows is fetched then, not in 2 s.
  const start = useLoadsAfterShown(AFTER_SHOWN);

  function edit<Field extends keyof RegisterFields>(field: Field, value: RegisterFields[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field's old message no longer applies.
    fieldErrors.clearFields([field]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const registerRequestSchema = await loadForSubmit(loadRegisterSchema);
    if (!registerRequestSchema) return;
    const body = toRequestBody(values);
    const parsed = registerRequestSchema.safeParse(body);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      const paths = parsed.error.issues.map((issue) => fieldOf(issue.path.map(String).join('.')));
      scrollToField(FIELD_ORDER.find((field) => paths.includes(field)));
      return;
    }
    fieldErrors.clearAll();
    const result = await register(body);
    if (result.ok) {
      setRegistered(result.data);
      return;
    }
    if (result.errors) {
      fieldErrors.showServerErrors(result.errors);
      const paths = Object.keys(result.errors).map(fieldOf);
      scrollToField(FIELD_ORDER.find((field) => paths.includes(field)));
    }
  }

  if (registered) return <Registered account={registered} />;

  const isBusy = registerState.isFetching;
  const otherMessages = fieldErrors.otherMessages(FIELD_ORDER);
  const optional = t('form.optional');
  /** A text field: its value, its change, its message. */
  const text = (field: keyof RegisterFields & string, inputProps: PlainInputProps) => ({
    ...inputProps,
    type: 'text',
    className: 'plain-input',
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => edit(field, event.target.value),
  });

  return (
    <section className="account-card register-page" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        {t('register.title')}
      </h1>
      <p className="account-card__subtitle">{t('register.subtitle')}</p>
      {otherMessages.length > 0 ? (
        <div role="alert" className="plain-alert plain-alert--error">
          {otherMessages.join(' ')}
        </div>
      ) : null}
      <form onSubmit={(event) => void submit(event)} onFocus={start} noValidate>
        <fieldset className="plain-fieldset" disabled={isBusy}>
          <fieldset className="account-fieldset">
            <legend>{t('register.nameEn')}</legend>
            <PlainField id="firstNameEn" label={t('register.firstName')} error={fieldErrors.messageOf('firstNameEn')}>
              {(inputProps) => <input {...text('firstNameEn', inputProps)} autoComplete="given-name" maxLength={30} lang="en" />}
            </PlainField>
            <PlainField id="middleNameEn" label={t('register.middleName')} optionalMark={optional} error={fieldErrors.messageOf('middleNameEn')}>
              {(inputProps) => <input {...text('middleNameEn', inputProps)} autoComplete="additional-name" maxLength={30} lang="en" />}
            </PlainField>
            <PlainField id="lastNameEn" label={t('register.lastName')} error={fieldErrors.messageOf('lastNameEn')}>
              {(inputProps) => <input {...text('lastNameEn', inputProps)} autoComplete="family-name" maxLength={30} lang="en" />}
            </PlainField>
          </fieldset>

          <fieldset className="account-fieldset">
            <legend>{t('register.nameNp')}</legend>
            <p className="account-fieldset__hint">{t('register.nameNpHint')}</p>
            {(['firstNameNp', 'middleNameNp', 'lastNameNp'] as const).map((field) => (
              <PlainField key={field} id={field} label={t(`register.${field}`)} optionalMark={optional} error={fieldErrors.messageOf(field)}>
                {(inputProps) => <PlainNepaliTextInput {...inputProps} value={values[field]} onChange={(value) => edit(field, value)} maxLength={30} nepaliOnly />}
              </PlainField>
            ))}
          </fieldset>

          <fieldset className="account-fieldset">
            <legend>{t('register.account')}</legend>
            <PlainField id="username" label={t('register.username')} hint={t('register.usernameHint')} error={fieldErrors.messageOf('username')}>
              {(inputProps) => <input {...text('username', inputProps)} autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={30} />}
            </PlainField>
            <PlainField id="email" label={t('register.email')} error={fieldErrors.messageOf('email')}>
              {(inputProps) => <input {...text('email', inputProps)} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} inputMode="email" />}
            </PlainField>
            <PlainField id="mobile" label={t('register.mobile')} error={fieldErrors.messageOf('mobile')}>
              {(inputProps) => <input {...text('mobile', inputProps)} autoComplete="tel-national" inputMode="tel" maxLength={14} placeholder={t('register.mobilePlaceholder')} />}
            </PlainField>
          </fieldset>

          <fieldset className="account-fieldset">
            <legend>{t('register.citizenship')}</legend>
            <PlainField id="citizenshipNumber" label={t('register.citizenshipNumber')} error={fieldErrors.messageOf('citizenshipNumber')}>
              {(inputProps) => <input {...text('citizenshipNumber', inputProps)} maxLength={30} autoComplete="off" />}
            </PlainField>
            <PlainField id="citizenshipIssueDistrictId" label={t('register.citizenshipIssueDistrict')} error={fieldErrors.messageOf('citizenshipIssueDistrictId')}>
              {(inputProps) => (
                <PlainDistrictSelect {...inputProps} value={values.citizenshipIssueDistrictId} onChange={(value) => edit('citizenshipIssueDistrictId', value)} />
              )}
            </PlainField>
            <PlainField id="citizenshipIssueDate" label={t('register.citizenshipIssueDate')} error={fieldErrors.messageOf('citizenshipIssueDate')}>
              {(inputProps) => (
                <PlainDualDateInput
                  {...inputProps}
                  name={t('register.citizenshipIssueDate')}
                  value={values.citizenshipIssueDate}
                  onChange={(value) => edit('citizenshipIssueDate', value)}
                />
              )}
            </PlainField>
            <PlainField id="nationalId" label={t('register.nationalId')} optionalMark={optional} hint={t('register.nationalIdHint')} error={fieldErrors.messageOf('nationalId')}>
              {(inputProps) => <input {...text('nationalId', inputProps)} inputMode="numeric" maxLength={12} placeholder="XXX-XXX-XXXX" autoComplete="off" />}
            </PlainField>
          </fieldset>

          <fieldset className="account-fieldset">
            <legend>{t('register.personal')}</legend>
            <PlainField id="dateOfBirth" label={t('register.dateOfBirth')} error={fieldErrors.messageOf('dateOfBirth')}>
              {(inputProps) => (
                <PlainDualDateInput {...inputProps} name={t('register.dateOfBirth')} value={values.dateOfBirth} onChange={(value) => edit('dateOfBirth', value)} />
              )}
            </PlainField>
            <PlainField id="gender" label={t('register.gender')} isGroup error={fieldErrors.messageOf('gender')}>
              {(inputProps) => <GenderInput {...inputProps} value={values.gender} onChange={(value) => edit('gender', value)} />}
            </PlainField>
          </fieldset>

          <div className="account-card__submit">
            <button type="submit" className="plain-button plain-button--primary plain-button--block" aria-busy={isBusy}>
              {isBusy ? <span className="plain-button__spinner" aria-hidden="true" /> : null}
              {t('register.submit')}
            </button>
          </div>
        </fieldset>
      </form>
      <nav className="account-card__links" aria-label={t('register.title')}>
        <Link to="/login">{t('register.haveAccount')}</Link>
      </nav>
      <PlainLeaveWarning hasUnsavedInput={hasAnyInput(values)} />
    </section>
  );
}

/** The registration done: where the temporary password went, and the way to sign in. */
function Registered({ account }: { account: RegisteredAccount }) {
  const { t } = useText();
  return (
    <section className="account-card register-done" aria-labelledby="registered-title">
      <div className="register-done__result">
        <svg className="register-done__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="#1d6b36" />
          <path d="M7 12.5l3.2 3.2L17.5 8.5" fill="none" stroke="#ffffff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 id="registered-title" className="page-title">
          {t('register.doneTitle')}
        </h1>
        <p data-testid="registered-message">{t('register.doneBody', { email: account.email, username: account.username })}</p>
        <Link to="/login" className="plain-button plain-button--primary register-done__sign-in">
          {t('register.goToSignIn')}
        </Link>
      </div>
      {account.mailOutboxUrl ? (
        <div className="plain-alert plain-alert--info" data-testid="registered-mail-outbox">
          <p className="plain-alert__title">{t('register.devMailTitle')}</p>
          {t('register.devMailBody')}{' '}
          <a href={account.mailOutboxUrl} target="_blank" rel="noreferrer">
            {account.mailOutboxUrl}
          </a>
        </div>
      ) : null}
    </section>
  );
}
