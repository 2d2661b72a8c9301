import { staffUserCreateSchema, staffUserUpdateSchema } from '@psc/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { callApi, type RoleRow, type StaffUserRow } from '../../staff/staff-api';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';

const NAME_FIELDS = ['firstNameEn', 'middleNameEn', 'lastNameEn', 'firstNameNp', 'middleNameNp', 'lastNameNp'] as const;

// spec §2 usercreation[/{id}] [UM]: a staff user's names (English and Nepali), contact, roles;
// on creation also a user name and a password under the spec §5 new-password rule.
export function UserFormScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const isEdit = id !== undefined;
  const [form] = Form.useForm<Record<string, unknown>>();
  const roles = useApiQuery<RoleRow[]>('/api/admin/roles');
  const existing = useApiQuery<StaffUserRow>(isEdit ? `/api/admin/users/${id}` : null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (!existing.data) return;
    form.setFieldsValue({ ...existing.data, roleIds: (existing.data.roles ?? []).map((role) => role.id) });
  }, [existing.data, form]);

  async function save() {
    const values = form.getFieldsValue(true);
    const body: Record<string, unknown> = { roleIds: values.roleIds ?? [] };
    for (const key of [...NAME_FIELDS, 'email', 'mobile', ...(isEdit ? [] : ['username', 'password'])]) {
      const value = values[key];
      body[key] = typeof value === 'string' && value.trim() === '' ? undefined : value;
    }
    if (!isEdit) {
      const isConfirmed = await form.validateFields(['confirmPassword']).then(
        () => true,
        () => false,
      );
      if (!isConfirmed) return;
    }
    const parsed = (isEdit ? staffUserUpdateSchema : staffUserCreateSchema).safeParse(body);
    if (!parsed.success) {
      showFieldErrors(form, t, parsed.error.issues);
      return;
    }
    setIsSaving(true);
    const result = await callApi<StaffUserRow>(isEdit ? `/api/admin/users/${id}` : '/api/admin/users', { method: isEdit ? 'PUT' : 'POST', body });
    setIsSaving(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('master.saved'));
    void navigate('/admin/userlist');
  }

  const text = (key: string, label: TextKey, extra: { required?: boolean; password?: boolean } = {}) => (
    <Col xs={24} md={8} key={key}>
      <Form.Item name={key} label={t(label)} required={extra.required ?? false}>
        {extra.password ? <Input.Password data-testid={`user-${key}`} autoComplete="new-password" /> : <Input data-testid={`user-${key}`} />}
      </Form.Item>
    </Col>
  );

  return (
    <Card title={isEdit ? t('route.userEdit') : t('route.userCreation')} data-testid="user-form-screen" loading={existing.isLoading}>
      {existing.error ? <Alert type="error" showIcon title={existing.error.message} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          {text('firstNameEn', 'users.firstNameEn', { required: true })}
          {text('middleNameEn', 'users.middleNameEn')}
          {text('lastNameEn', 'users.lastNameEn', { required: true })}
          {text('firstNameNp', 'users.firstNameNp', { required: true })}
          {text('middleNameNp', 'users.middleNameNp')}
          {text('lastNameNp', 'users.lastNameNp', { required: true })}
          {isEdit ? null : text('username', 'users.username', { required: true })}
          {text('email', 'users.email', { required: true })}
          {text('mobile', 'users.mobile', { required: true })}
          {isEdit ? null : text('password', 'users.password', { required: true, password: true })}
          {isEdit ? null : (
            <Col xs={24} md={8}>
              {/* spec §5: the confirmation must match; checked again whenever either field changes. */}
              <Form.Item
                name="confirmPassword"
                label={t('users.confirmPassword')}
                required
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, value) => ((value ?? '') === (getFieldValue('password') ?? '') ? Promise.resolve() : Promise.reject(new Error(t('users.passwordsDiffer')))),
                  }),
                ]}
              >
                <Input.Password data-testid="user-confirmPassword" autoComplete="new-password" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={16}>
            <Form.Item name="roleIds" label={t('users.roles')}>
              <Select
                mode="multiple"
                data-testid="user-roles"
                options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Space>
        <Button type="primary" loading={isSaving} onClick={() => void save()} data-testid="user-save">
          {t('master.save')}
        </Button>
        <Button onClick={() => void navigate('/admin/userlist')}>{t('common.cancel')}</Button>
      </Space>
    </Card>
  );
}
