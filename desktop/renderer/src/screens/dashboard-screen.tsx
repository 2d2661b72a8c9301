import { findPrivilege, formatNumber, isPrivilegeCode } from '@psc/core';
import { Alert, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Suspense } from 'react';

// Spec §6: role names are not shown; the privileges they grant are.
import { useLanguage } from '../i18n/use-language';
import { displayNameOf } from '../layout/display-name';
import { ADMIN_ROUTES, canOpenRoute } from '../routes/admin-routes';
import { useSessionStore } from '../stores/session-store';
import { CacheCard } from './cache-card';
import { lazyScreen } from './lazy-screen';
import { WorkstationCard } from './workstation-card';

// The counts and their charts come as a chunk of their own: the charting library stays out of
// the first load, which carries the shell and sign-in.
const StaffDashboardCounts = lazyScreen(() => import('./dashboard/dashboard-charts'), 'StaffDashboardCounts');

export function DashboardScreen() {
  const { t, language } = useLanguage();
  const session = useSessionStore((state) => state.session);
  const heldPrivileges = useSessionStore((state) => state.heldPrivileges);
  if (!session) return null;

  const openScreens = ADMIN_ROUTES.filter((route) => route.inMenu && route.path !== '' && canOpenRoute(route, heldPrivileges));
  const privilegeCodes = session.privileges.map((privilege) => privilege.code).filter(isPrivilegeCode);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="dashboard">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('dashboard.welcome', { name: displayNameOf(session.user, language) })}</Typography.Text>
      </div>
      <Suspense fallback={<Card loading />}>
        <StaffDashboardCounts />
      </Suspense>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card>
            <Statistic title={t('dashboard.screens')} value={formatNumber(openScreens.length, language)} />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('dashboard.privileges')} data-testid="privileges-card">
            {privilegeCodes.length === 0 ? <Alert type="info" showIcon title={t('dashboard.noPrivileges')} /> : null}
            <Space wrap size={[4, 8]}>
              {privilegeCodes.map((code) => {
                const privilege = findPrivilege(code);
                return (
                  <Tag key={code} title={language === 'ne' ? privilege.nameNp : privilege.nameEn}>
                    {code} · {language === 'ne' ? privilege.nameNp : privilege.nameEn}
                  </Tag>
                );
              })}
            </Space>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <WorkstationCard />
        </Col>
        <Col xs={24} xl={16}>
          <CacheCard />
        </Col>
      </Row>
    </Space>
  );
}
