import { roleSchema } from '@psc/core';
import { Alert, App, Button, Card, Checkbox, Form, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../i18n/use-language';
import { PERMISSION_ACTIONS, callApi, type ModuleRow, type PermissionAction, type PermissionRow, type RoleRow } from '../../staff/staff-api';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';

type Grid = Record<string, Record<PermissionAction, boolean>>;

const emptyActions = (): Record<PermissionAction, boolean> => ({ read: false, create: false, update: false, delete: false, approve: false, reject: false });

// spec §2 rolecreation [UM]: a role's name, description and type, and a grid of modules by the six
// actions (spec §6: read, create, update, delete, approve, reject). ?id=N edits a role.
export function RoleFormScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roleId = params.get('id');
  const [form] = Form.useForm<{ name: string; description: string; type: 'internal' | 'external' }>();
  const modules = useApiQuery<ModuleRow[]>('/api/admin/modules');
  const role = useApiQuery<RoleRow>(roleId ? `/api/admin/roles/${roleId}` : null);
  const [grid, setGrid] = useState<Grid>({});
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (!role.data) return;
    form.setFieldsValue({ name: role.data.name, description: role.data.description ?? '', type: role.data.type === 'external' ? 'external' : 'internal' });
    const next: Grid = {};
    for (const permission of role.data.permissions ?? []) {
      next[permission.moduleCode] = Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, permission[action]])) as Record<PermissionAction, boolean>;
    }
    setGrid(next);
  }, [role.data, form]);

  function toggle(code: string, action: PermissionAction, checked: boolean) {
    setGrid((current) => ({ ...current, [code]: { ...(current[code] ?? emptyActions()), [action]: checked } }));
  }

  async function save() {
    const values = form.getFieldsValue(true);
    const permissions: PermissionRow[] = Object.entries(grid)
      .filter(([, actions]) => PERMISSION_ACTIONS.some((action) => actions[action]))
      .map(([moduleCode, actions]) => ({ moduleCode, ...actions }));
    const body = { name: values.name ?? '', description: values.description ?? '', type: values.type ?? 'internal', permissions };
    const parsed = roleSchema.safeParse(body);
    if (!parsed.success) {
      showFieldErrors(form, t, parsed.error.issues);
      return;
    }
    setIsSaving(true);
    const result = await callApi<RoleRow>(roleId ? `/api/admin/roles/${roleId}` : '/api/admin/roles', { method: roleId ? 'PUT' : 'POST', body });
    setIsSaving(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('master.saved'));
    void navigate('/admin/rolelist');
  }

  return (
    <Card title={roleId ? t('users.editRole') : t('route.roleCreation')} data-testid="role-form-screen">
      {modules.error ? <Alert type="error" showIcon title={modules.error.message} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ type: 'internal', description: '' }} style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={t('users.roleName')} required>
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={t('users.roleDescription')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="type" label={t('users.roleType')}>
          <Select
            options={[
              { value: 'internal', label: t('users.roleType.internal') },
              { value: 'external', label: t('users.roleType.external') },
            ]}
          />
        </Form.Item>
      </Form>
      <Table
        size="small"
        rowKey="code"
        loading={modules.isLoading}
        dataSource={modules.data ?? []}
        pagination={false}
        data-testid="permission-grid"
        columns={[
          { key: 'module', title: t('users.moduleName'), render: (_, row) => `${row.code} — ${language === 'ne' ? row.nameNp : row.nameEn}` },
          ...PERMISSION_ACTIONS.map((action) => ({
            key: action,
            title: t(`users.action.${action}`),
            align: 'center' as const,
            render: (_: unknown, row: ModuleRow) => (
              <Checkbox
                data-testid={`perm-${row.code}-${action}`}
                checked={grid[row.code]?.[action] ?? false}
                onChange={(event) => toggle(row.code, action, event.target.checked)}
                aria-label={`${row.code} ${action}`}
              />
            ),
          })),
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={isSaving} onClick={() => void save()} data-testid="role-save">
          {t('master.save')}
        </Button>
        <Button onClick={() => void navigate('/admin/rolelist')}>{t('common.cancel')}</Button>
      </Space>
    </Card>
  );
}
