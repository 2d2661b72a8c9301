import { Alert, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CALLS, deactivateAccount } from '../../api/calls';
import { tokenStore } from '../../api/client';
import { useRequestState } from '../../api/request-state';
import { useFieldErrors } from '../../components';
import { DEACTIVATION_REASON_MAX_LENGTH, deactivateAccountSchema } from '../../core-forms';
import { resetAllStores } from '../../stores/reset-stores';
import { useSessionStore } from '../../stores/session-store';
import { OptionalMark } from './optional-mark';
import './account.css';

type Fields = { password: string; reason: string };

const FIELDS = ['password', 'reason', 'confirm'] as const;

/**
 * spec §1 "deactivate duplicate accounts", §2 /deactivate-account: one person keeps one account.
 * The password again, then an explicit confirmation; the account then signs out for good.
 */
export default function DeactivateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [modal, holder] = Modal.useModal();
  const state = useRequestState(CALLS.deactivate);
  const fieldErrors = useFieldErrors();
  const username = useSessionStore((store) => store.init?.user.username);

  async function deactivate(values: Fields) {
    const parsed = deactivateAccountSchema.safeParse({ ...values, confirm: true });
    if (!parsed.success) return;
    const result = await deactivateAccount({ password: parsed.data.password, confirm: true, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) });
    if (!result.ok) {
      if (result.errors) fieldErrors.showServerErrors(result.errors);
      return;
    }
    // The server has ended every session of the account: nothing is left to sign out of.
    tokenStore.clear();
    resetAllStores();
    void navigate('/login', { replace: true });
  }

  function submit(values: Fields) {
    // Checked before asking, so the question is only put about a request that can go.
    const parsed = deactivateAccountSchema.safeParse({ ...values, confirm: true });
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    void modal.confirm({
      title: t('deactivate.confirmTitle'),
      content: t('deactivate.confirmBody', { username: username ?? '' }),
      okText: t('deactivate.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: () => deactivate(values),
    });
  }

  const otherMessages = fieldErrors.otherMessages(FIELDS);

  return (
    <section className="account-card account-card--narrow account-card--signed-in" aria-labelledby="deactivate-title">
      <h1 id="deactivate-title" className="page-title">
        {t('deactivate.title')}
      </h1>
      <p>{t('deactivate.intro')}</p>
      <ul className="account-list">
        <li>{t('deactivate.pointKeep')}</li>
        <li>{t('deactivate.pointSignIn')}</li>
        <li>{t('deactivate.pointRecords')}</li>
      </ul>
      <Alert type="warning" showIcon className="account-card__alert" title={t('deactivate.warning', { username: username ?? '' })} />
      {otherMessages.length > 0 ? <Alert type="error" showIcon title={otherMessages.join(' ')} className="account-card__alert" /> : null}
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={OptionalMark}
        initialValues={{ password: '', reason: '' }}
        disabled={state.isFetching}
        onFinish={submit}
        onValuesChange={(changed) => fieldErrors.clearFields(Object.keys(changed))}
      >
        <Form.Item<Fields> label={t('deactivate.password')} name="password" required {...fieldErrors.itemProps('password')}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Form.Item<Fields> label={t('deactivate.reason')} name="reason" {...fieldErrors.itemProps('reason')}>
          <Input.TextArea rows={3} maxLength={DEACTIVATION_REASON_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item className="account-card__submit">
          <Button type="primary" danger htmlType="submit" block size="large" loading={state.isFetching}>
            {t('deactivate.submit')}
          </Button>
        </Form.Item>
      </Form>
      {holder}
    </section>
  );
}
