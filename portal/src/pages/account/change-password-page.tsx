import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CALLS, changePassword } from '../../api/calls';
import { useRequestState } from '../../api/request-state';
import { useFieldErrors } from '../../components';
import { changePasswordSchema } from '../../core-forms';
import { loadInit } from '../../stores/load-init';
import { useSessionStore } from '../../stores/session-store';
import { NewPasswordFields } from './password-fields';
import './account.css';

type ChangePasswordFields = { oldPassword: string; newPassword: string; confirmPassword: string };

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * The signed-in "change password" screen, and the one spec §4 puts before anything else after a
 * sign-in with a temporary password (routes/password-change-guard.tsx sends the user here).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordFields>();
  const state = useRequestState(CALLS.changePassword);
  const fieldErrors = useFieldErrors();
  const isForced = useSessionStore((store) => store.isPasswordChangeRequired || store.init?.user.mustChangePassword === true);

  async function submit(values: ChangePasswordFields) {
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    const result = await changePassword(parsed.data);
    if (!result.ok) {
      if (result.errors) fieldErrors.showServerErrors(result.errors);
      return;
    }
    form.resetFields();
    const session = useSessionStore.getState();
    session.setPasswordChangeRequired(false);
    if (session.init) session.setInit({ ...session.init, user: { ...session.init.user, mustChangePassword: false } });
    // The server's own view of the session, now without the temporary password.
    void loadInit();
    void navigate('/home', { replace: true });
  }

  const otherMessages = fieldErrors.otherMessages(FIELDS);

  return (
    <section className="account-card account-card--narrow" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="page-title">
        {isForced ? t('password.forcedTitle') : t('password.changeTitle')}
      </h1>
      {isForced ? (
        <Alert type="warning" showIcon className="account-card__alert" title={t('password.forcedBody')} data-testid="password-change-required" />
      ) : (
        <p className="account-card__subtitle">{t('password.changeSubtitle')}</p>
      )}
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<ChangePasswordFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ oldPassword: '', newPassword: '', confirmPassword: '' }}
        disabled={state.isFetching}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed) => fieldErrors.clearFields(Object.keys(changed))}
      >
        <Form.Item<ChangePasswordFields>
          label={isForced ? t('password.temporary') : t('password.current')}
          name="oldPassword"
          {...fieldErrors.itemProps('oldPassword')}
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <NewPasswordFields itemProps={fieldErrors.itemProps} />
        <Form.Item className="account-card__submit">
          <Button type="primary" htmlType="submit" block size="large" loading={state.isFetching}>
            {t('password.submitChange')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
