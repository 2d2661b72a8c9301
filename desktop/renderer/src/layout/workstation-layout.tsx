import { Button, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, matchPath, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '../components/language-switch';
import { OfflineBanner } from '../components/offline-banner';
import { useLanguage } from '../i18n/use-language';
import { ADMIN_ROUTES, DASHBOARD_ROUTE, adminPathOf, buildMenu, type AdminRoute } from '../routes/admin-routes';
import { useSessionStore } from '../stores/session-store';
import { startAutoSync } from '../stores/sync-store';
import { displayNameOf } from './display-name';

function findCurrentRoute(pathname: string): AdminRoute | undefined {
  // Exact screens first, so /admin/scrutiny/report is not taken for /admin/scrutiny/:id/:orgId.
  return (
    ADMIN_ROUTES.find((route) => !route.path.includes(':') && matchPath(adminPathOf(route), pathname)) ??
    ADMIN_ROUTES.find((route) => matchPath(adminPathOf(route), pathname))
  );
}

export function WorkstationLayout() {
  const { t, language } = useLanguage();
  const session = useSessionStore((state) => state.session);
  const heldPrivileges = useSessionStore((state) => state.heldPrivileges);
  const signOut = useSessionStore((state) => state.signOut);
  const location = useLocation();
  const current = findCurrentRoute(location.pathname);

  // Auto-sync the master-data cache on sign-in and every few minutes while signed in: every
  // staff member's pickers read it, so the feed is open to all staff (only MC may change it).
  useEffect(() => startAutoSync(), []);

  const menu = useMemo(() => buildMenu(heldPrivileges), [heldPrivileges]);
  const [openSections, setOpenSections] = useState<string[]>(() => (current?.section ? [current.section] : []));

  const routeItem = (route: AdminRoute) => ({
    key: adminPathOf(route),
    label: (
      <Link to={adminPathOf(route)} data-route={route.path}>
        {t(route.labelKey)}
      </Link>
    ),
  });

  const items: MenuProps['items'] = [
    routeItem(DASHBOARD_ROUTE),
    ...menu.map(({ section, routes }) => ({
      key: section,
      label: <span data-section={section}>{t(`section.${section}`)}</span>,
      children: routes.map(routeItem),
    })),
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={288} theme="light" style={{ borderRight: '1px solid #e5e7eb' }}>
        {/* The sider runs the full height of the page; its contents stay in view while the screen scrolls. */}
        <div style={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
          <div style={{ padding: '16px 20px', borderBottom: '1px solid #e5e7eb' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('app.commission')}
            </Typography.Text>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('app.title')}
            </Typography.Title>
          </div>
          <nav aria-label={t('header.menu')}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={current ? [adminPathOf(current)] : []}
              openKeys={openSections}
              onOpenChange={setOpenSections}
              // Every entry stays in the page even inside a closed section, so the menu can be searched and tested.
              forceSubMenuRender
              style={{ borderInlineEnd: 'none' }}
            />
          </nav>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #e5e7eb',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            paddingInline: 24,
          }}
        >
          <Space size="large">
            <Typography.Text data-testid="signed-in-as">
              {t('header.signedInAs', { name: session ? displayNameOf(session.user, language) : '' })}
            </Typography.Text>
            <LanguageSwitch />
            <Button onClick={() => void signOut()}>{t('header.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <OfflineBanner />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
