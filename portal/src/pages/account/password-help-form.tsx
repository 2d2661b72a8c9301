import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS, forgotPassword, requestNewPassword } from '../../api/calls';
import { useRequestState } from '../../api/request-state';
import { useFieldErrors } from '../../components';
import { forgotPasswordSchema } from '../../core-forms';

/**
 * forgot: a single-use link to choose a new password (spec §2 /change/password/{tokenid});
 * new-password: a new temporary password by e-mail ("request new password", spec §2 screens).
 */
export type PasswordHelpMode = 'forgot' | 'new-password';

type Fields = { login: string };

type Props = { mode: PasswordHelpMode; initialLogin?: string };

/**
 * The user name or e-mail, then the same neutral message whatever the answer: the portal never
 * tells a visitor whether an account exists.
 */
export function PasswordHelpForm({ mode, initialLogin = '' }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const fieldErrors = useFieldErrors();
  const state = useRequestState(mode === 'forgot' ? CALLS.forgotPassword : CALLS.requestNewPassword);
  const [isSent, setSent] = useState(false);

  async function submit(values: Fields) {
    const parsed = forgotPasswordSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    const result = mode === 'forgot' ? await forgotPassword(parsed.data.login) : await requestNewPassword(parsed.data.login);
    if (result.ok) setSent(true);
    else if (result.errors) fieldErrors.showServerErrors(result.errors);
  }

  if (isSent) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="password-help-sent"
        title={mode === 'forgot' ? t('account.resetLinkSent') : t('account.newPasswordSent')}
        description={mode === 'forgot' ? t('passwordHelp.linkSentNext') : t('passwordHelp.newPasswordSentNext')}
      />
    );
  }

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ login: initialLogin }}
      disabled={state.isFetching}
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed) => fieldErrors.clearFields(Object.keys(changed))}
    >
      <p className="account-card__subtitle">{mode === 'forgot' ? t('passwordHelp.forgotIntro') : t('passwordHelp.newPasswordIntro')}</p>
      <Form.Item<Fields> label={t('login.username')} name="login" {...fieldErrors.itemProps('login')}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} inputMode="email" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={state.isFetching}>
        {mode === 'forgot' ? t('passwordHelp.sendLink') : t('passwordHelp.sendNewPassword')}
      </Button>
    </Form>
  );
}
