import { staffPasswordResetSchema } from '@psc/core';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, type Paged, type StaffUserRow } from '../../staff/staff-api';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';

// spec §2 internal/passwordreset [PUM]: an administrator sets a new password for a member of
// staff (spec §5 new-password rule); the user must change it at next sign-in, sessions end.
export function PasswordResetScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId?: number; newPassword?: string; confirmPassword?: string }>();
  const [search, setSearch] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const users = useApiQuery<Paged<StaffUserRow>>(`/api/admin/users${query({ kind: 'staff', page: 1, pageSize: 50, search })}`);

  async function submit() {
    const values = form.getFieldsValue(true);
    if (!values.userId) {
      form.setFields([{ name: 'userId', errors: [t('validation.required')] }]);
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      form.setFields([{ name: 'confirmPassword', errors: [t('users.passwordsDiffer')] }]);
      return;
    }
    const parsed = staffPasswordResetSchema.safeParse({ newPassword: values.newPassword });
    if (!parsed.success) {
      showFieldErrors(form, t, parsed.error.issues);
      return;
    }
    setIsSaving(true);
    const result = await callApi(`/api/admin/users/${values.userId}/reset-password`, { method: 'POST', body: parsed.data });
    setIsSaving(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('users.passwordReset'));
    form.resetFields();
  }

  return (
    <Card title={t('route.internalPasswordReset')} data-testid="password-reset-screen">
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item name="userId" label={t('users.pickUser')} required>
          <Select
            data-testid="password-reset-user"
            showSearch={{ filterOption: false, onSearch: (value) => setSearch(value.trim()) }}
            loading={users.isLoading}
            options={(users.data?.items ?? []).map((user) => ({
              value: user.id,
              label: `${user.username} — ${language === 'ne' ? user.fullNameNp || user.fullNameEn : user.fullNameEn}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="newPassword" label={t('users.newPassword')} required extra={t('users.passwordRule')}>
          <Input.Password autoComplete="new-password" data-testid="password-reset-new" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('users.confirmPassword')} required>
          <Input.Password autoComplete="new-password" data-testid="password-reset-confirm" />
        </Form.Item>
        <Button type="primary" loading={isSaving} onClick={() => void submit()} data-testid="password-reset-submit">
          {t('users.resetPassword')}
        </Button>
      </Form>
    </Card>
  );
}
