import { localizeIssues, signInSchema } from '@psc/core';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { LanguageSwitch } from '../components/language-switch';
import { useLanguage } from '../i18n/use-language';
import { useSessionStore } from '../stores/session-store';

type SignInFields = { username: string; password: string };

export function SignInScreen() {
  const { t, language } = useLanguage();
  const signIn = useSessionStore((state) => state.signIn);
  const hasExpired = useSessionStore((state) => state.hasExpired);
  const [form] = Form.useForm<SignInFields>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(values: SignInFields) {
    setServerError(null);
    // The same rules as the API's validator (STYLE §3: written once, in core).
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      const errors = localizeIssues(parsed.error, language);
      form.setFields(
        (['username', 'password'] as const).map((name) => ({ name, errors: errors[name] ?? [] })),
      );
      return;
    }
    setIsSubmitting(true);
    try {
      const failure = await signIn(parsed.data.username, parsed.data.password);
      if (failure) setServerError(failure.message || t('signIn.failed'));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#f3f5f9' }}>
      <div style={{ width: '100%', maxWidth: 420 }}>
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
            {t('signIn.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('signIn.subtitle')}</Typography.Paragraph>
          {hasExpired && !serverError ? (
            <Alert type="warning" showIcon title={t('auth.sessionExpired')} style={{ marginBottom: 16 }} />
          ) : null}
          {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} role="alert" /> : null}
          <Form<SignInFields> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} noValidate>
            <Form.Item label={t('signIn.username')} name="username">
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label={t('signIn.password')} name="password">
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={isSubmitting}>
              {t('signIn.submit')}
            </Button>
          </Form>
        </Card>
      </div>
    </main>
  );
}
