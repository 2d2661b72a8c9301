import { Alert, Button, Form, Input, Result } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CALLS, register, type RegisteredAccount } from '../../api/calls';
import { useRequestState } from '../../api/request-state';
import { DistrictSelect, DualDateInput, dateFieldOf, toDatePair, useFieldErrors, useLeaveWarning, type DualDateValue } from '../../components';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { registerRequestSchema, type Gender } from '../../core-forms';
import { GenderInput } from './gender-input';
import { LinkButton } from './link-button';
import { OptionalMark } from './optional-mark';
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
  citizenshipIssueDate: DualDateValue | null;
  dateOfBirth: DualDateValue | null;
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
  citizenshipIssueDate: null,
  dateOfBirth: null,
  gender: null,
};

function hasAnyInput(values: Partial<RegisterFields>): boolean {
  return Object.values(values).some((value) => {
    if (value === null || value === undefined) return false;
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

/**
 * spec §5 registration: names, account, citizenship and birth, checked by core's
 * registerRequestSchema (the API's own); a temporary password is then e-mailed (spec §4).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterFields>();
  const registerState = useRequestState<RegisteredAccount>(CALLS.register);
  const fieldErrors = useFieldErrors(fieldOf);
  const [hasInput, setHasInput] = useState(false);
  const [registered, setRegistered] = useState<RegisteredAccount | null>(null);
  const leaveWarning = useLeaveWarning(hasInput && registered === null);

  const scrollToFirstError = useCallback(
    (field: string | undefined) => {
      // 'always': a field under the sticky header counts as visible to an if-needed scroll.
      if (field) form.scrollToField(field, { block: 'center', scrollMode: 'always', focus: true });
    },
    [form],
  );

  async function submit() {
    const values = { ...INITIAL_VALUES, ...form.getFieldsValue() };
    const body = toRequestBody(values);
    const parsed = registerRequestSchema.safeParse(body);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      const paths = parsed.error.issues.map((issue) => fieldOf(issue.path.map(String).join('.')));
      scrollToFirstError(FIELD_ORDER.find((field) => paths.includes(field)));
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
      scrollToFirstError(FIELD_ORDER.find((field) => paths.includes(field)));
    }
  }

  if (registered) {
    return (
      <section className="account-card" aria-labelledby="registered-title">
        <Result
          status="success"
          title={
            <h1 id="registered-title" className="page-title">
              {t('register.doneTitle')}
            </h1>
          }
          subTitle={
            <span data-testid="registered-message">{t('register.doneBody', { email: registered.email, username: registered.username })}</span>
          }
          extra={
            <LinkButton to="/login">{t('register.goToSignIn')}</LinkButton>
          }
        />
        {registered.mailOutboxUrl ? (
          <Alert
            type="info"
            showIcon
            data-testid="registered-mail-outbox"
            className="account-card__alert"
            title={t('register.devMailTitle')}
            description={
              <>
                {t('register.devMailBody')}{' '}
                <a href={registered.mailOutboxUrl} target="_blank" rel="noreferrer">
                  {registered.mailOutboxUrl}
                </a>
              </>
            }
          />
        ) : null}
      </section>
    );
  }

  const isBusy = registerState.isFetching;
  const otherMessages = fieldErrors.otherMessages(FIELD_ORDER);

  return (
    <section className="account-card register-page" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        {t('register.title')}
      </h1>
      <p className="account-card__subtitle">{t('register.subtitle')}</p>
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<RegisterFields>
        form={form}
        layout="vertical"
        requiredMark={OptionalMark}
        initialValues={INITIAL_VALUES}
        disabled={isBusy}
        scrollToFirstError={false}
        onFinish={() => void submit()}
        onValuesChange={(changed, all) => {
          fieldErrors.clearFields(Object.keys(changed));
          setHasInput(hasAnyInput(all));
        }}
      >
        <fieldset className="account-fieldset">
          <legend>{t('register.nameEn')}</legend>
          <Form.Item<RegisterFields> label={t('register.firstName')} name="firstNameEn" required {...fieldErrors.itemProps('firstNameEn')}>
            <Input autoComplete="given-name" maxLength={30} lang="en" />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.middleName')} name="middleNameEn" {...fieldErrors.itemProps('middleNameEn')}>
            <Input autoComplete="additional-name" maxLength={30} lang="en" />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.lastName')} name="lastNameEn" required {...fieldErrors.itemProps('lastNameEn')}>
            <Input autoComplete="family-name" maxLength={30} lang="en" />
          </Form.Item>
        </fieldset>

        <fieldset className="account-fieldset">
          <legend>{t('register.nameNp')}</legend>
          <p className="account-fieldset__hint">{t('register.nameNpHint')}</p>
          <Form.Item<RegisterFields> label={t('register.firstNameNp')} name="firstNameNp" {...fieldErrors.itemProps('firstNameNp')}>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.middleNameNp')} name="middleNameNp" {...fieldErrors.itemProps('middleNameNp')}>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.lastNameNp')} name="lastNameNp" {...fieldErrors.itemProps('lastNameNp')}>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Form.Item>
        </fieldset>

        <fieldset className="account-fieldset">
          <legend>{t('register.account')}</legend>
          <Form.Item<RegisterFields>
            label={t('register.username')}
            name="username"
            required
            extra={t('register.usernameHint')}
            {...fieldErrors.itemProps('username')}
          >
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={30} />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.email')} name="email" required {...fieldErrors.itemProps('email')}>
            <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} inputMode="email" />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.mobile')} name="mobile" required {...fieldErrors.itemProps('mobile')}>
            <Input autoComplete="tel-national" inputMode="tel" maxLength={14} placeholder={t('register.mobilePlaceholder')} />
          </Form.Item>
        </fieldset>

        <fieldset className="account-fieldset">
          <legend>{t('register.citizenship')}</legend>
          <Form.Item<RegisterFields>
            label={t('register.citizenshipNumber')}
            name="citizenshipNumber"
            required
            {...fieldErrors.itemProps('citizenshipNumber')}
          >
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
          <Form.Item<RegisterFields>
            label={t('register.citizenshipIssueDistrict')}
            name="citizenshipIssueDistrictId"
            required
            {...fieldErrors.itemProps('citizenshipIssueDistrictId')}
          >
            <DistrictSelect />
          </Form.Item>
          <Form.Item<RegisterFields>
            label={t('register.citizenshipIssueDate')}
            name="citizenshipIssueDate"
            required
            {...fieldErrors.itemProps('citizenshipIssueDate')}
          >
            <DualDateInput name={t('register.citizenshipIssueDate')} />
          </Form.Item>
          <Form.Item<RegisterFields>
            label={t('register.nationalId')}
            name="nationalId"
            extra={t('register.nationalIdHint')}
            {...fieldErrors.itemProps('nationalId')}
          >
            <Input inputMode="numeric" maxLength={12} placeholder="XXX-XXX-XXXX" autoComplete="off" />
          </Form.Item>
        </fieldset>

        <fieldset className="account-fieldset">
          <legend>{t('register.personal')}</legend>
          <Form.Item<RegisterFields> label={t('register.dateOfBirth')} name="dateOfBirth" required {...fieldErrors.itemProps('dateOfBirth')}>
            <DualDateInput name={t('register.dateOfBirth')} />
          </Form.Item>
          <Form.Item<RegisterFields> label={t('register.gender')} name="gender" required {...fieldErrors.itemProps('gender')}>
            <GenderInput />
          </Form.Item>
        </fieldset>

        <Form.Item className="account-card__submit">
          <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
            {t('register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <nav className="account-card__links" aria-label={t('register.title')}>
        <Link to="/login">{t('register.haveAccount')}</Link>
      </nav>
      {leaveWarning}
    </section>
  );
}
