import { Alert, Card, Table } from 'antd';
import { useLanguage } from '../../i18n/use-language';
import type { ModuleRow } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

// spec §2 modulelist [UM]: the modules privileges are granted on (spec §6 table).
export function ModuleListScreen() {
  const { t, language } = useLanguage();
  const { data, error, isLoading } = useApiQuery<ModuleRow[]>('/api/admin/modules');
  return (
    <Card title={t('route.moduleList')} data-testid="module-list-screen">
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      <Table
        size="small"
        rowKey="code"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'code', title: t('users.moduleCode'), dataIndex: 'code', width: 120 },
          { key: 'name', title: t('users.moduleName'), render: (_, row) => (language === 'ne' ? row.nameNp : row.nameEn) },
          { key: 'other', title: t('users.moduleNameOther'), render: (_, row) => (language === 'ne' ? row.nameEn : row.nameNp) },
        ]}
      />
    </Card>
  );
}
