import { changePasswordSchema, localizeIssues } from '@psc/core';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { LanguageSwitch } from '../components/language-switch';
import { useLanguage } from '../i18n/use-language';
import { useSessionStore } from '../stores/session-store';

type PasswordFields = { oldPassword: string; newPassword: string; confirmPassword: string };
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

// A member of staff whose password another member of staff reset (spec §2
// internal/passwordreset) chooses a new one before any other screen opens. The spec §5 rule
// (8+ characters, upper and lower case, a digit, not the old one, confirmed) is core's
// changePasswordSchema, the same the API checks.
export function ChangePasswordScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const changePassword = useSessionStore((state) => state.changePassword);
  const signOut = useSessionStore((state) => state.signOut);
  const [form] = Form.useForm<PasswordFields>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(values: PasswordFields) {
    setServerError(null);
    const parsed = changePasswordSchema.safeParse({ oldPassword: values.oldPassword ?? '', newPassword: values.newPassword ?? '', confirmPassword: values.confirmPassword ?? '' });
    if (!parsed.success) {
      const errors = localizeIssues(parsed.error, language);
      form.setFields(FIELDS.map((name) => ({ name, errors: errors[name] ?? [] })));
      return;
    }
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    setIsSubmitting(true);
    const failure = await changePassword(parsed.data);
    setIsSubmitting(false);
    if (!failure) {
      void message.success(t('auth.passwordChanged'));
      return;
    }
    if (failure.errors) form.setFields(FIELDS.map((name) => ({ name, errors: failure.errors?.[name] ?? [] })));
    setServerError(failure.message);
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#f3f5f9' }} data-testid="change-password-screen">
      <div style={{ width: '100%', maxWidth: 440 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', marginBottom: 16 }}>
          <div>
            <Typography.Text type="secondary">{t('app.commission')}</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('app.title')}
            </Typography.Title>
          </div>
          <LanguageSwitch />
        </div>
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t('changePassword.title')}
          </Typography.Title>
          <Alert type="warning" showIcon title={t('error.PASSWORD_CHANGE_REQUIRED')} description={t('changePassword.rule')} style={{ marginBottom: 16 }} />
          {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} role="alert" /> : null}
          <Form<PasswordFields> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} noValidate>
            <Form.Item label={t('changePassword.old')} name="oldPassword">
              <Input.Password autoComplete="current-password" autoFocus data-testid="change-password-old" />
            </Form.Item>
            <Form.Item label={t('changePassword.new')} name="newPassword">
              <Input.Password autoComplete="new-password" data-testid="change-password-new" />
            </Form.Item>
            <Form.Item label={t('changePassword.confirm')} name="confirmPassword">
              <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid="change-password-submit">
              {t('changePassword.submit')}
            </Button>
            <Button type="link" block onClick={() => void signOut()} style={{ marginTop: 8 }}>
              {t('header.signOut')}
            </Button>
          </Form>
        </Card>
      </div>
    </main>
  );
}
